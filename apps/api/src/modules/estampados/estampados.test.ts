import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DocumentoEstampadoResponseSchema,
  EncargoConResultadosSchema,
  estampadoMessages as m,
  GenerarEstampadoResponseSchema,
  NotificarEstampadoResponseSchema,
  PreviewEstampadoResponseSchema,
  TipoEstampadoListSchema,
  todayIso,
} from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { buildDocx, docxText } from '../../documents/docx/ooxml';
import { crearEncargo } from '../encargos/encargos.fixtures';
import {
  RECEPTOR_A,
  resultadosBody,
  type ResultadosWorld,
  setupResultados,
  tipoId,
} from '../diligencias/resultados.fixtures';

let t: TestContext;
let w: ResultadosWorld;
let positiva: number;
let rolCounter = 500;
const nextRol = () => `C-${(rolCounter += 1)}-2025`;

beforeAll(async () => {
  t = await createTestContext();
  w = await setupResultados(t);
  positiva = await tipoId(t, 'busqueda_positiva');
});
afterAll(() => t.close());

/** An assignment with field results saved (listo_para_estampar). */
async function conResultados(overrides: Record<string, unknown> = {}) {
  const encargo = await crearEncargo(t, w.tokenA, w.estudioA, w.lookupsA, { numero_rol: nextRol(), ...overrides });
  const saved = await t.request(w.tokenA, {
    method: 'POST',
    url: '/api/v1/diligencias/guardar_resultados/',
    payload: resultadosBody(encargo.numero_rol, positiva),
  });
  expect(saved.statusCode).toBe(200);
  return encargo;
}

const generar = (token: string | undefined, payload: Record<string, unknown>) =>
  t.request(token, { method: 'POST', url: '/estampados/api/estampados/generar', payload });

const notificar = (token: string | undefined, payload: Record<string, unknown>) =>
  t.request(token, { method: 'POST', url: '/api/v1/diligencias/notificar_estampado_generado/', payload });

async function encargoRow(id: number, tenantId = t.mainTenantId) {
  const db = await t.tenantDbOf(tenantId);
  const [row] = await db.select().from(tenantSchema.encargos).where(eq(tenantSchema.encargos.id, id));
  return row;
}

const hoy = () => {
  const [y, mo, d] = todayIso().split('-');
  return `${d}-${mo}-${y}`;
};

describe('stamp types', () => {
  it('lists the seeded types of the trade, each with its template', async () => {
    const response = await t.request(w.tokenA, { method: 'GET', url: '/estampados/api/estampados/tipos' });
    expect(response.statusCode).toBe(200);
    const tipos = TipoEstampadoListSchema.parse(response.json());
    expect(tipos.map((x) => x.nombre)).toEqual(
      expect.arrayContaining([
        'Búsqueda positiva',
        'Búsqueda negativa',
        'Notificación personal',
        'Notificación subsidiaria art. 44',
        'Notificación por cédula',
        'Requerimiento de pago',
        'Embargo de bienes',
        'Retiro de especies',
        'Lanzamiento',
        'Notificación de sentencia',
      ]),
    );
    expect(tipos.every((x) => x.tiene_plantilla && x.valor_por_defecto > 0)).toBe(true);
  });
});

describe('local engine', () => {
  it('generates a DOCX holding the rol, the RUT with dots, DD-MM-YYYY dates, the receiver and no leftover markers', async () => {
    const encargo = await conResultados();
    const response = await generar(w.tokenA, {
      tipo_estampado: positiva,
      datos: { numero_rol: encargo.numero_rol, encargo_id: encargo.id },
      titulo_documento: '',
      validar_marcadores: true,
    });
    expect(response.statusCode).toBe(201);
    const body = GenerarEstampadoResponseSchema.parse(response.json());
    expect(body.message).toBe('Estampado generado exitosamente');
    expect(body.documento).toMatchObject({
      motor: 'local',
      numero_rol: encargo.numero_rol,
      encargo_id: encargo.id,
      titulo: `Estampado Búsqueda positiva - ${encargo.numero_rol} - ${hoy()}`,
    });
    expect(body.documento.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    // The url opens in a new tab: no bearer token, a signature instead.
    const file = await t.request(undefined, { method: 'GET', url: body.documento.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('wordprocessingml.document');
    const text = docxText(file.rawPayload);
    expect(text).toContain(`ROL N° ${encargo.numero_rol}`);
    expect(text).toContain('12.345.678-5');
    expect(text).toContain('CERTIFICO: Que el día catorce de marzo de dos mil veinticinco, siendo las 10:35 horas');
    expect(text).toContain('Av. Irarrázaval 2401, depto 73, comuna de Ñuñoa');
    expect(text).toContain('don Pedro Andrés Soto Muñoz');
    expect(text).toContain('Por los dichos de doña Carmen Soto');
    expect(text).toContain('DOY FE.');
    expect(text).toContain('Drs. $35.000.-');
    expect(text).toContain(RECEPTOR_A.nombre);
    expect(text).toContain('RUT 9.876.543-3');
    expect(text).not.toMatch(/<<|>>/);

    const meta = await t.request(w.tokenA, { method: 'GET', url: `/estampados/api/estampados/documento/${body.documento.id}` });
    expect(meta.statusCode).toBe(200);
    expect(DocumentoEstampadoResponseSchema.parse(meta.json()).documento).toMatchObject({
      titulo: body.documento.titulo,
      tipo_estampado: { id: positiva, nombre: 'Búsqueda positiva' },
      creado_por: 'receptor_a',
      fecha_notificacion: null,
      url_pdf: null,
    });
  });

  it('builds the payload of spec 02 §3 exactly (preview)', async () => {
    const encargo = await conResultados({ rut_representante_legal: '7654321-6', fecha_comparendo: '2025-04-02T11:30:00-03:00' });
    const response = await t.request(w.tokenA, {
      method: 'POST',
      url: '/estampados/api/estampados/preview',
      payload: { tipo_estampado: 'busqueda_positiva', datos: { numero_rol: encargo.numero_rol, extra_cliente: 'se conserva' } },
    });
    expect(response.statusCode).toBe(200);
    const preview = PreviewEstampadoResponseSchema.parse(response.json());
    expect(preview.datos).toMatchObject({
      numero_rol: encargo.numero_rol,
      fecha_encargo: '10-03-2025',
      estudio_juridico: 'Larraín, Vial y Asociados Abogados',
      rut_ejecutado: '12.345.678-5',
      rut_demandado: '12.345.678-5',
      rut_representante_legal: '7.654.321-6',
      domicilio_demandado: 'Av. Irarrázaval 2401, depto 73',
      domicilio_comuna: 'Ñuñoa',
      fecha_retiro: '11-03-2025',
      fecha_demanda: '20-01-2025',
      fecha_resolucion: '03-02-2025',
      fecha_comparendo: '02-04-2025 11:30',
      cuantia: '2.450.000',
      tipo_estampado: 'Búsqueda positiva',
      fecha_diligencia: '14-03-2025',
      hora_diligencia: '10:35',
      resultado_diligencia: 'Búsqueda positiva',
      tratamiento: 'don',
      valor_cobrado: '35.000',
      fecha_hoy: hoy(),
      receptor_nombre: RECEPTOR_A.nombre,
      receptor_rut: '9.876.543-3',
      receptor_direccion: RECEPTOR_A.direccion,
      receptor_comuna: RECEPTOR_A.comuna,
      extra_cliente: 'se conserva',
    });
    expect(preview.datos.hora_actual).toMatch(/^\d{2}:\d{2}$/);
    expect(preview.marcadores_faltantes).toEqual([]);
    expect(preview.texto).toContain('BÚSQUEDA POSITIVA');
  });

  it('uses the first address when none is principal', async () => {
    const encargo = await conResultados({
      domicilios: [
        { direccion: 'Los Jesuitas 881', comuna: 'Providencia', ciudad: 'Santiago', es_principal: false },
        { direccion: 'Av. Grecia 1200', comuna: 'Ñuñoa', ciudad: 'Santiago', es_principal: false },
      ],
    });
    const preview = PreviewEstampadoResponseSchema.parse(
      (
        await t.request(w.tokenA, {
          method: 'POST',
          url: '/estampados/api/estampados/preview',
          payload: { tipo_estampado: positiva, datos: {}, encargo_id: encargo.id },
        })
      ).json(),
    );
    expect(preview.datos.domicilio_demandado).toBe('Los Jesuitas 881');
  });

  it('refuses with validar_marcadores when the results are missing, and creates nothing', async () => {
    const encargo = await crearEncargo(t, w.tokenA, w.estudioA, w.lookupsA, { numero_rol: nextRol() });
    const response = await generar(w.tokenA, { tipo_estampado: positiva, datos: { numero_rol: encargo.numero_rol }, validar_marcadores: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Faltan datos requeridos para generar el estampado. Verifica que todos los campos estén completos.');
    expect(response.json().errors.marcadores).toEqual(expect.arrayContaining(['<<fecha_diligencia_palabras>>', '<<apuntes_terreno>>']));
    const db = await t.tenantDbOf(t.mainTenantId);
    const docs = await db.select().from(tenantSchema.estampados).where(eq(tenantSchema.estampados.numeroRol, encargo.numero_rol));
    expect(docs).toHaveLength(0);
  });

  it('stamps from the results form before the results are saved (any state): the form values fill the diligence', async () => {
    const encargo = await crearEncargo(t, w.tokenA, w.estudioA, w.lookupsA, { numero_rol: nextRol() });
    const response = await generar(w.tokenA, {
      tipo_estampado: positiva,
      encargo_id: encargo.id,
      datos: {
        numero_rol: encargo.numero_rol,
        rut_ejecutado: '12345678-5',
        fecha_diligencia: '21-03-2025',
        hora_diligencia: '11:20',
        apuntes_terreno: 'don Mario Rojas, vecino de la casa 14',
        resultado_diligencia: 'Búsqueda positiva',
        tratamiento: 'doña',
        valor_cobrado: 41000,
      },
      validar_marcadores: true,
    });
    expect(response.statusCode).toBe(201);
    const file = await t.request(undefined, { method: 'GET', url: GenerarEstampadoResponseSchema.parse(response.json()).documento.url });
    const text = docxText(file.rawPayload);
    expect(text).toContain('el día veintiuno de marzo de dos mil veinticinco, siendo las 11:20 horas');
    expect(text).toContain('Por los dichos de don Mario Rojas, vecino de la casa 14');
    expect(text).toContain('doña Pedro Andrés Soto Muñoz, cédula de identidad/RUT N° 12.345.678-5');
    expect(text).toContain('Drs. $41.000.-');
    expect(text).not.toMatch(/<<|>>/);
    expect((await encargoRow(encargo.id))?.estado).toBe('preparado');
  });

  it('refuses a template with an unknown marker when validar_marcadores is on, and fills it without', async () => {
    const tipo = await tipoId(t, 'notificacion_cedula');
    const encargo = await conResultados();
    const db = await t.tenantDbOf(t.mainTenantId);
    const docx = buildDocx([{ texto: 'ROL <<numero_rol>> - <<marcador_inventado>> - <<ejecutados>>' }]);
    await db.update(tenantSchema.plantillas).set({ archivo: docx }).where(eq(tenantSchema.plantillas.tipoEstampadoId, tipo));

    const refused = await generar(w.tokenA, { tipo_estampado: tipo, datos: { numero_rol: encargo.numero_rol }, validar_marcadores: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(m.faltanDatos);
    expect(refused.json().errors.marcadores).toEqual(['<<marcador_inventado>>']);

    const lenient = await generar(w.tokenA, { tipo_estampado: tipo, datos: { numero_rol: encargo.numero_rol }, validar_marcadores: false });
    expect(lenient.statusCode).toBe(201);
    const file = await t.request(undefined, { method: 'GET', url: GenerarEstampadoResponseSchema.parse(lenient.json()).documento.url });
    expect(docxText(file.rawPayload)).toBe(`ROL ${encargo.numero_rol} -  - Pedro Andrés Soto Muñoz`);
  });

  it('refuses a type without a template, and an unknown type', async () => {
    const tipo = await tipoId(t, 'lanzamiento');
    const db = await t.tenantDbOf(t.mainTenantId);
    await db.delete(tenantSchema.plantillas).where(eq(tenantSchema.plantillas.tipoEstampadoId, tipo));
    const encargo = await conResultados();
    const sinPlantilla = await generar(w.tokenA, { tipo_estampado: tipo, datos: { numero_rol: encargo.numero_rol }, validar_marcadores: true });
    expect(sinPlantilla.statusCode).toBe(400);
    expect(sinPlantilla.json().detail).toBe('El tipo de estampado seleccionado no tiene plantilla configurada. Contacta al administrador.');
    const desconocido = await generar(w.tokenA, { tipo_estampado: 987_654, datos: { numero_rol: encargo.numero_rol } });
    expect(desconocido.statusCode).toBe(400);
    expect(desconocido.json().detail).toBe('Tipo de estampado no válido');
    const sinTipo = await generar(w.tokenA, { datos: { numero_rol: encargo.numero_rol } });
    expect(sinTipo.statusCode).toBe(400);
    expect(sinTipo.json().detail).toBe('Debes seleccionar un tipo de estampado');
  });

  it('refuses generation without the estampar module (403 with the spec text)', async () => {
    const encargo = await conResultados();
    const response = await generar(w.tokenSinPermiso, { tipo_estampado: positiva, datos: { numero_rol: encargo.numero_rol } });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe('No tienes permisos para acceder a este recurso. Contacta al administrador.');
    const withoutToken = await generar(undefined, { tipo_estampado: positiva, datos: { numero_rol: encargo.numero_rol } });
    expect(withoutToken.statusCode).toBe(401);
  });
});

describe('documents: links, deletion and tenant isolation', () => {
  it('keeps every document id to its receiver', async () => {
    const encargo = await conResultados();
    const doc = GenerarEstampadoResponseSchema.parse(
      (await generar(w.tokenA, { tipo_estampado: positiva, datos: { numero_rol: encargo.numero_rol } })).json(),
    ).documento;
    const url = `/estampados/api/estampados/documento/${doc.id}`;
    expect((await t.request(w.tokenB, { method: 'GET', url })).statusCode).toBe(404);
    expect((await t.request(w.tokenB, { method: 'DELETE', url })).statusCode).toBe(404);
    const forged = await t.request(undefined, { method: 'GET', url: `${url}/archivo?firma=${'A'.repeat(43)}` });
    expect(forged.statusCode).toBe(404);
    const viaB = await notificar(w.tokenB, { numero_rol: encargo.numero_rol, documento_id: doc.id, url_documento: doc.url });
    expect(viaB.statusCode).toBe(404);
    expect((await encargoRow(encargo.id))?.estado).toBe('listo_para_estampar');

    const positivaB = await tipoId(t, 'busqueda_positiva', w.tenantB);
    const generarB = await generar(w.tokenB, { tipo_estampado: positivaB, encargo_id: encargo.id, datos: { numero_rol: encargo.numero_rol } });
    expect(generarB.statusCode).toBe(404);
    const previewB = await t.request(w.tokenB, {
      method: 'POST',
      url: '/estampados/api/estampados/preview',
      payload: { tipo_estampado: positivaB, encargo_id: encargo.id, datos: {} },
    });
    expect(previewB.statusCode).toBe(404);
    expect(previewB.body).not.toContain('Soto Muñoz');

    expect((await t.request(w.tokenSinPermiso, { method: 'DELETE', url })).statusCode).toBe(403);
    const deleted = await t.request(w.tokenA, { method: 'DELETE', url });
    expect(deleted.statusCode).toBe(200);
    expect((await t.request(w.tokenA, { method: 'GET', url })).statusCode).toBe(404);
    expect((await t.request(undefined, { method: 'GET', url: doc.url })).statusCode).toBe(404);
    const gone = await t.request(w.tokenA, { method: 'GET', url: '/estampados/api/estampados/documento/not-a-uuid' });
    expect(gone.statusCode).toBe(400);
  });
});

describe('notificar_estampado_generado', () => {
  it('finds the assignment by its rol when the document does not name it', async () => {
    const encargo = await conResultados();
    const doc = GenerarEstampadoResponseSchema.parse(
      (await generar(w.tokenA, { tipo_estampado: positiva, datos: { numero_rol: encargo.numero_rol } })).json(),
    ).documento;
    const db = await t.tenantDbOf(t.mainTenantId);
    const unnamed = await db.update(tenantSchema.estampados).set({ encargoId: null }).where(eq(tenantSchema.estampados.id, doc.id)).returning();
    expect(unnamed).toHaveLength(1);
    const response = await notificar(undefined, { numero_rol: encargo.numero_rol, documento_id: doc.id, url_documento: doc.url });
    expect(response.statusCode, response.body).toBe(200);
    expect(NotificarEstampadoResponseSchema.parse(response.json()).encargo_id).toBe(encargo.id);
    expect(await encargoRow(encargo.id)).toMatchObject({ estado: 'estampado', estadoEstampado: 'estampado', fechaEstampado: todayIso() });
  });

  it('accepts a real document without a token: the assignment becomes estampado with today in Santiago', async () => {
    const encargo = await conResultados();
    const doc = GenerarEstampadoResponseSchema.parse(
      (await generar(w.tokenA, { tipo_estampado: positiva, datos: { numero_rol: encargo.numero_rol } })).json(),
    ).documento;
    const response = await notificar(undefined, { numero_rol: encargo.numero_rol, documento_id: doc.id, url_documento: doc.url });
    expect(response.statusCode).toBe(200);
    const body = NotificarEstampadoResponseSchema.parse(response.json());
    expect(body).toMatchObject({
      message: 'Estado actualizado correctamente',
      estado: 'estampado',
      estado_estampado: 'estampado',
      fecha_estampado: todayIso(),
    });
    const row = await encargoRow(encargo.id);
    expect(row).toMatchObject({ estado: 'estampado', estadoEstampado: 'estampado', fechaEstampado: todayIso() });
    const found = EncargoConResultadosSchema.parse(
      (await t.request(w.tokenA, { method: 'GET', url: `/api/v1/encargos/buscar_por_rol/?numero_rol=${encargo.numero_rol}` })).json(),
    );
    expect(found).toMatchObject({ estado: 'estampado', estado_estampado: 'estampado', fecha_estampado: todayIso() });
    const meta = DocumentoEstampadoResponseSchema.parse(
      (await t.request(w.tokenA, { method: 'GET', url: `/estampados/api/estampados/documento/${doc.id}` })).json(),
    );
    expect(meta.documento.fecha_notificacion).not.toBeNull();
  });

  it('refuses a made-up id, a malformed id and another rol, and changes nothing; our own client may send its token', async () => {
    const encargo = await conResultados();
    const before = await encargoRow(encargo.id);
    for (const documento_id of ['3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b', 'inventado', '../../etc']) {
      const response = await notificar(undefined, { numero_rol: encargo.numero_rol, documento_id, url_documento: '' });
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe('El documento indicado no es válido');
    }
    const other = await conResultados();
    const doc = GenerarEstampadoResponseSchema.parse(
      (await generar(w.tokenA, { tipo_estampado: positiva, datos: { numero_rol: other.numero_rol } })).json(),
    ).documento;
    const mismatch = await notificar(undefined, { numero_rol: encargo.numero_rol, documento_id: doc.id, url_documento: doc.url });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().detail).toBe('El documento no corresponde al rol indicado');
    expect(await encargoRow(encargo.id)).toEqual(before);
    expect((await encargoRow(other.id))?.estado).toBe('listo_para_estampar');
    const withToken = await notificar(w.tokenA, { numero_rol: other.numero_rol, documento_id: doc.id.toUpperCase(), url_documento: doc.url });
    expect(withToken.statusCode).toBe(200);
    expect((await encargoRow(other.id))?.estado).toBe('estampado');
    const badToken = await t.request(undefined, {
      method: 'POST',
      url: '/api/v1/diligencias/notificar_estampado_generado/',
      headers: { authorization: 'Bearer basura' },
      payload: { numero_rol: other.numero_rol, documento_id: doc.id },
    });
    expect(badToken.statusCode).toBe(401);
  });
});

// ---------------------------------------------------------------------------------------------
// Google Docs engine against a local server standing in for Google (token, Docs and Drive APIs)

interface Recorded {
  method: string;
  path: string;
  auth: string;
  body: unknown;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function startGoogleStandIn(): Promise<{ server: Server; url: string; requests: Recorded[] }> {
  const requests: Recorded[] = [];
  const server = createServer(async (request, response) => {
    const raw = await readBody(request);
    const path = (request.url ?? '').split('?')[0] ?? '';
    let body: unknown = raw;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = Object.fromEntries(new URLSearchParams(raw));
    }
    requests.push({ method: request.method ?? '', path, auth: request.headers.authorization ?? '', body });
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    if (path === '/token') return json(200, { access_token: 'ya29.token-de-prueba', expires_in: 3600, token_type: 'Bearer' });
    if (request.headers.authorization !== 'Bearer ya29.token-de-prueba') return json(401, { error: { code: 401 } });
    if (request.method === 'GET' && path === '/v1/documents/PLANTILLA-GOOGLE-0001') {
      return json(200, {
        documentId: 'PLANTILLA-GOOGLE-0001',
        body: {
          content: [
            { paragraph: { elements: [{ textRun: { content: 'ROL N° <<numero_rol>>\n' } }] } },
            {
              paragraph: {
                elements: [
                  { textRun: { content: 'CERTIFICO: Que notifiqué a <<tratamiento>> <<ejecutados>>, RUT <<rut_ejecutado>>, ' } },
                  { textRun: { content: 'el <<fecha_diligencia>> a las <<hora_diligencia>>. DOY FE.\n' } },
                ],
              },
            },
          ],
        },
      });
    }
    if (request.method === 'POST' && path === '/drive/v3/files/PLANTILLA-GOOGLE-0001/copy') return json(200, { id: 'COPIA-ESTAMPADO-77' });
    if (request.method === 'POST' && path === '/v1/documents/COPIA-ESTAMPADO-77:batchUpdate') {
      return json(200, { documentId: 'COPIA-ESTAMPADO-77', replies: [] });
    }
    return json(404, { error: { code: 404, message: 'not found' } });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}`, requests });
    }),
  );
}

describe('Google Docs engine', () => {
  let g: TestContext;
  let gw: ResultadosWorld;
  let google: Awaited<ReturnType<typeof startGoogleStandIn>>;

  beforeAll(async () => {
    google = await startGoogleStandIn();
    g = await createTestContext({
      googleDocs: {
        apiRoot: google.url,
        oauth: { clientId: 'cliente-prueba', clientSecret: 'secreto-prueba', refreshToken: 'refresh-prueba', tokenUrl: `${google.url}/token` },
        estampadosFolderId: 'CARPETA-ESTAMPADOS-9',
      },
    });
    gw = await setupResultados(g);
  });
  afterAll(async () => {
    await g.close();
    await new Promise((resolve) => google.server.close(resolve));
  });

  it('copies the template into the estampados folder and replaces every marker with one batchUpdate', async () => {
    const tipo = await tipoId(g, 'notificacion_personal');
    const created = await g.request(gw.tokenA, {
      method: 'POST',
      url: '/estampados/api/plantillas/crear-nueva',
      payload: {
        nombre_plantilla: 'notificacion_personal_google',
        tipo_estampado: tipo,
        google_document_url: 'https://docs.google.com/document/d/PLANTILLA-GOOGLE-0001/edit',
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().plantilla.url).toBe('https://docs.google.com/document/d/PLANTILLA-GOOGLE-0001/edit');

    const encargo = await crearEncargo(g, gw.tokenA, gw.estudioA, gw.lookupsA, { numero_rol: 'C-7001-2025' });
    await g.request(gw.tokenA, {
      method: 'POST',
      url: '/api/v1/diligencias/guardar_resultados/',
      payload: resultadosBody(encargo.numero_rol, tipo, { tratamiento: 'doña', fecha_diligencia: '20/03/2025 08:15' }),
    });
    const response = await g.request(gw.tokenA, {
      method: 'POST',
      url: '/estampados/api/estampados/generar',
      payload: { tipo_estampado: tipo, datos: { numero_rol: encargo.numero_rol }, titulo_documento: '', validar_marcadores: true },
    });
    expect(response.statusCode).toBe(201);
    const doc = GenerarEstampadoResponseSchema.parse(response.json()).documento;
    expect(doc).toMatchObject({ motor: 'google', url: 'https://docs.google.com/document/d/COPIA-ESTAMPADO-77/edit' });

    const token = google.requests.find((r) => r.path === '/token');
    expect(token?.body).toMatchObject({ grant_type: 'refresh_token', refresh_token: 'refresh-prueba', client_id: 'cliente-prueba' });
    const copy = google.requests.find((r) => r.path === '/drive/v3/files/PLANTILLA-GOOGLE-0001/copy');
    expect(copy).toMatchObject({
      method: 'POST',
      auth: 'Bearer ya29.token-de-prueba',
      body: { name: `Estampado Notificación personal - C-7001-2025 - ${hoy()}`, parents: ['CARPETA-ESTAMPADOS-9'] },
    });
    const update = google.requests.find((r) => r.path === '/v1/documents/COPIA-ESTAMPADO-77:batchUpdate');
    const replacements = Object.fromEntries(
      ((update?.body as { requests: { replaceAllText: { containsText: { text: string; matchCase: boolean }; replaceText: string } }[] }).requests).map(
        (r) => [r.replaceAllText.containsText.text, r.replaceAllText.replaceText],
      ),
    );
    expect(replacements).toEqual({
      '<<numero_rol>>': 'C-7001-2025',
      '<<tratamiento>>': 'doña',
      '<<ejecutados>>': 'Pedro Andrés Soto Muñoz',
      '<<rut_ejecutado>>': '12.345.678-5',
      '<<fecha_diligencia>>': '20-03-2025',
      '<<hora_diligencia>>': '08:15',
    });

    // The Google document's link is what the notification carries.
    const notified = await g.request(undefined, {
      method: 'POST',
      url: '/api/v1/diligencias/notificar_estampado_generado/',
      payload: { numero_rol: 'C-7001-2025', documento_id: doc.id, url_documento: doc.url },
    });
    expect(notified.statusCode).toBe(200);
  });

  it('refuses before copying when a marker of the Google template has no value', async () => {
    const tipo = await tipoId(g, 'notificacion_personal');
    const encargo = await crearEncargo(g, gw.tokenA, gw.estudioA, gw.lookupsA, { numero_rol: 'C-7002-2025' });
    const copiesBefore = google.requests.filter((r) => r.path.endsWith('/copy')).length;
    const response = await g.request(gw.tokenA, {
      method: 'POST',
      url: '/estampados/api/estampados/generar',
      payload: { tipo_estampado: tipo, datos: { numero_rol: encargo.numero_rol }, validar_marcadores: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(m.faltanDatos);
    expect(google.requests.filter((r) => r.path.endsWith('/copy')).length).toBe(copiesBefore);
  });
});
