import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DocumentoEstampadoResponseSchema,
  DocumentosEncargoResponseSchema,
  EncargoConResultadosSchema,
  GenerarEstampadoResponseSchema,
  NotificarEstampadoResponseSchema,
  PreviewEstampadoResponseSchema,
  receptorFaltantesTexto,
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
  // No PDF converter: documents keep only their DOCX (the PDFs are tested in estampados-pdf.test.ts).
  t = await createTestContext({ soffice: '/nonexistent/soffice' });
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

async function buscar(numeroRol: string): Promise<unknown> {
  const response = await t.request(w.tokenA, { method: 'GET', url: `/api/v1/encargos/buscar_por_rol/?numero_rol=${encodeURIComponent(numeroRol)}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function diligenciasDe(id: number) {
  const db = await t.tenantDbOf(t.mainTenantId);
  return db.select().from(tenantSchema.diligencias).where(eq(tenantSchema.diligencias.encargoId, id));
}

async function documentosDe(numeroRol: string) {
  const db = await t.tenantDbOf(t.mainTenantId);
  return db.select({ id: tenantSchema.estampados.id }).from(tenantSchema.estampados).where(eq(tenantSchema.estampados.numeroRol, numeroRol));
}

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
    expect(text).toContain('Según lo constatado en el lugar, pude establecer que la persona buscada tiene en dicho lugar su morada');
    expect(text).toContain(
      'Antecedentes de la diligencia: doña Carmen Soto, vecina del departamento 72, quien manifestó que el demandado vive ahí. DOY FE.',
    );
    // Signed at the receiver's office comuna, not the visited one; the title defaults under the name.
    expect(text).toContain('Santiago, catorce de marzo de dos mil veinticinco.');
    expect(text).toContain('Drs. $35.000.-');
    expect(text).toContain(`${RECEPTOR_A.nombre}\nReceptor Judicial\nRUT 9.876.543-3`);
    expect(text).not.toMatch(/<<|>>/);
    expect(body.advertencias).toEqual([]);
    expect(body.receptor_incompleto).toEqual(['titulo']);

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

  it('refuses when nothing is stored and nothing typed, and creates nothing', async () => {
    const encargo = await crearEncargo(t, w.tokenA, w.estudioA, w.lookupsA, { numero_rol: nextRol() });
    const response = await generar(w.tokenA, { tipo_estampado: positiva, datos: { numero_rol: encargo.numero_rol }, validar_marcadores: true });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Primero registre los resultados de la diligencia',
      errors: { resultados: ['Primero registre los resultados de la diligencia'] },
    });
    const db = await t.tenantDbOf(t.mainTenantId);
    const docs = await db.select().from(tenantSchema.estampados).where(eq(tenantSchema.estampados.numeroRol, encargo.numero_rol));
    expect(docs).toHaveLength(0);
  });

  it('stamps from the results form before the results are saved: the typed results are stored with the document', async () => {
    const encargo = await crearEncargo(t, w.tokenA, w.estudioA, w.lookupsA, { numero_rol: nextRol() });
    const response = await generar(w.tokenA, {
      tipo_estampado: positiva,
      encargo_id: encargo.id,
      datos: {
        numero_rol: encargo.numero_rol,
        rut_ejecutado: '11111111-1',
        fecha_diligencia: '21-03-2025',
        hora_diligencia: '11:20',
        apuntes_terreno: 'Edificio con conserjería',
        resultado_diligencia: 'Búsqueda positiva',
        tratamiento: 'doña',
        valor_cobrado: 41000,
        observaciones_diligencia: 'Recargo por distancia',
        informante: 'Mario Rojas',
        informante_relacion: 'conserje',
      },
      validar_marcadores: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const file = await t.request(undefined, { method: 'GET', url: GenerarEstampadoResponseSchema.parse(response.json()).documento.url });
    const text = docxText(file.rawPayload);
    expect(text).toContain('el día veintiuno de marzo de dos mil veinticinco, siendo las 11:20 horas');
    expect(text).toContain('Por los dichos de Mario Rojas, conserje, pude establecer');
    // The stored RUT wins over a client's: the certificate is filled from the record.
    expect(text).toContain('doña Pedro Andrés Soto Muñoz, cédula nacional de identidad N° 12.345.678-5');
    expect(text).toContain('Antecedentes de la diligencia: Edificio con conserjería. DOY FE.');
    expect(text).toContain('Drs. $41.000.-');
    expect(text).not.toMatch(/<<|>>/);
    const found = EncargoConResultadosSchema.parse(await buscar(encargo.numero_rol));
    expect(found).toMatchObject({
      estado: 'listo_para_estampar',
      ultima_diligencia_valor: 41000,
      ultima_diligencia_fecha: '2025-03-21T11:20:00-03:00',
      ultima_diligencia_apuntes: 'Edificio con conserjería',
      ultima_diligencia_observaciones: 'Recargo por distancia',
      ultima_diligencia_tratamiento: 'doña',
      ultima_diligencia_informante: 'Mario Rojas',
      ultima_diligencia_informante_relacion: 'conserje',
      ultima_diligencia_hora_informada: true,
      diligencia: { valor_cobrado: 41000, valor_final: 41000, motivo_cambio_valor: 'Recargo por distancia' },
    });
  });

  it('refuses a template with an unknown marker when validar_marcadores is on, and fills it without', async () => {
    const tipo = await tipoId(t, 'notificacion_cedula');
    const encargo = await conResultados();
    const db = await t.tenantDbOf(t.mainTenantId);
    const docx = buildDocx([{ texto: 'ROL <<numero_rol>> - <<marcador_inventado>> - <<ejecutados>>' }]);
    await db.update(tenantSchema.plantillas).set({ archivo: docx }).where(eq(tenantSchema.plantillas.tipoEstampadoId, tipo));

    const refused = await generar(w.tokenA, { tipo_estampado: tipo, datos: { numero_rol: encargo.numero_rol }, validar_marcadores: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('Faltan datos para los marcadores: <<marcador_inventado>>');
    expect(refused.json().errors.marcadores).toEqual(['<<marcador_inventado>>']);

    const lenient = await generar(w.tokenA, { tipo_estampado: tipo, datos: { numero_rol: encargo.numero_rol }, validar_marcadores: false });
    expect(lenient.statusCode).toBe(201);
    const file = await t.request(undefined, { method: 'GET', url: GenerarEstampadoResponseSchema.parse(lenient.json()).documento.url });
    // The template's text, then the verification code every certificate carries (issue 26).
    const [texto, codigo] = docxText(file.rawPayload).split('\n');
    expect(texto).toBe(`ROL ${encargo.numero_rol} -  - Pedro Andrés Soto Muñoz`);
    expect(codigo).toMatch(/^Código de verificación: ([A-Z2-7]{4}-){6}[A-Z2-7]{2} — verifique este documento en http:\/\/localhost:3000\/verificar\//);
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

describe('a certificate is never on record without its diligence', () => {
  const notificarDoc = async (numeroRol: string, documento: { id: string; url: string }) =>
    notificar(undefined, { numero_rol: numeroRol, documento_id: documento.id, url_documento: documento.url });

  it('generating with typed results and no save stores them: the fee reaches buscar_por_rol and the Cobranza row', async () => {
    await t.createUser({ tenantId: t.mainTenantId, username: 'receptor_cobra', permisos: ['estampa_1', 'recibos_periodo'] });
    const token = await t.login('receptor_cobra');
    const encargo = await crearEncargo(t, token, w.estudioA, w.lookupsA, { numero_rol: nextRol() });
    const response = await generar(token, {
      tipo_estampado: positiva,
      encargo_id: encargo.id,
      datos: {
        numero_rol: encargo.numero_rol,
        fecha_diligencia: '14/03/2025 10:35',
        apuntes_terreno: 'Vive en el departamento 73',
        valor_cobrado: '45.000',
        observaciones_diligencia: 'Sector rural, recargo por distancia',
        tratamiento: 'don',
      },
      validar_marcadores: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const doc = GenerarEstampadoResponseSchema.parse(response.json()).documento;
    expect(docxText((await t.request(undefined, { method: 'GET', url: doc.url })).rawPayload)).toContain('Drs. $45.000.-');
    expect(await buscar(encargo.numero_rol)).toMatchObject({ ultima_diligencia_valor: 45000, valor_asociado: 45000, estado: 'listo_para_estampar' });

    expect((await notificarDoc(encargo.numero_rol, doc)).statusCode).toBe(200);
    const cobranza = await t.request(token, { method: 'GET', url: `/api/v1/cobranza/encargos/?estudio=${w.estudioA.id}` });
    expect(cobranza.statusCode).toBe(200);
    const row = (cobranza.json() as { encargos: { numero_rol: string; valor_asociado: number; ultima_diligencia_valor: number }[] }).encargos.find(
      (e) => e.numero_rol === encargo.numero_rol,
    );
    expect(row).toMatchObject({ valor_asociado: 45000, ultima_diligencia_valor: 45000 });
  });

  it('typed results that break the save rules are refused with its message, and nothing is stored', async () => {
    const encargo = await crearEncargo(t, w.tokenA, w.estudioA, w.lookupsA, { numero_rol: nextRol() });
    const typed = { numero_rol: encargo.numero_rol, fecha_diligencia: '14/03/2025 10:35', apuntes_terreno: 'Nadie en el domicilio' };
    const sinMotivo = await generar(w.tokenA, { tipo_estampado: positiva, encargo_id: encargo.id, datos: { ...typed, valor_cobrado: 50000 } });
    expect(sinMotivo.statusCode).toBe(400);
    expect(sinMotivo.json()).toMatchObject({
      detail: 'Si especificas un valor personalizado, debes indicar el motivo en las observaciones',
      errors: { observaciones_diligencia: ['Si especificas un valor personalizado, debes indicar el motivo en las observaciones'] },
    });
    const sinApuntes = await generar(w.tokenA, {
      tipo_estampado: positiva,
      encargo_id: encargo.id,
      datos: { numero_rol: encargo.numero_rol, fecha_diligencia: '14/03/2025 10:35', informante: 'Rosa Díaz' },
    });
    expect(sinApuntes.statusCode).toBe(400);
    expect(sinApuntes.json().detail).toBe('Debes escribir los apuntes del receptor en terreno');
    const fechaMala = await generar(w.tokenA, { tipo_estampado: positiva, encargo_id: encargo.id, datos: { ...typed, fecha_diligencia: '31/02/2025' } });
    expect(fechaMala.statusCode).toBe(400);
    expect(fechaMala.json().detail).toBe('Fecha y hora inválidas');
    expect(await diligenciasDe(encargo.id)).toHaveLength(0);
    expect(await documentosDe(encargo.numero_rol)).toHaveLength(0);
    expect((await encargoRow(encargo.id))?.estado).toBe('preparado');
  });

  it('asks for the hour of a diligence typed with its date alone, then completes it with hora_diligencia', async () => {
    const encargo = await crearEncargo(t, w.tokenA, w.estudioA, w.lookupsA, { numero_rol: nextRol() });
    const saved = await t.request(w.tokenA, {
      method: 'POST',
      url: '/api/v1/diligencias/guardar_resultados/',
      payload: resultadosBody(encargo.numero_rol, positiva, { fecha_diligencia: '14/03/2025' }),
    });
    expect(saved.json().diligencia).toMatchObject({ hora_informada: false, fecha_diligencia: '2025-03-14T09:00:00-03:00' });
    const body = { tipo_estampado: positiva, encargo_id: encargo.id, datos: { numero_rol: encargo.numero_rol }, validar_marcadores: true };

    const asked = await generar(w.tokenA, body);
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toEqual({
      detail: 'Indique la hora de la diligencia: se registró solo la fecha',
      errors: { hora_diligencia: ['Indique la hora de la diligencia: se registró solo la fecha'] },
    });
    const malformed = await generar(w.tokenA, { ...body, datos: { ...body.datos, hora_diligencia: '25:10' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toBe('Hora inválida: use el formato HH:MM');
    expect(await documentosDe(encargo.numero_rol)).toHaveLength(0);

    const completed = await generar(w.tokenA, { ...body, datos: { ...body.datos, hora_diligencia: '16:20' } });
    expect(completed.statusCode, completed.body).toBe(201);
    const text = docxText((await t.request(undefined, { method: 'GET', url: completed.json().documento.url })).rawPayload);
    expect(text).toContain('el día catorce de marzo de dos mil veinticinco, siendo las 16:20 horas');
    expect(text).not.toContain('09:00');
    const rows = await diligenciasDe(encargo.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ horaInformada: true, fechaDiligencia: new Date('2025-03-14T19:20:00Z') });
    expect(await buscar(encargo.numero_rol)).toMatchObject({ ultima_diligencia_hora_informada: true, ultima_diligencia_fecha: '2025-03-14T16:20:00-03:00' });
    // The next certificate of the same diligence needs no hour.
    expect((await generar(w.tokenA, body)).statusCode).toBe(201);
  });

  it('refuses typed results that differ from the stored ones once the assignment is stamped; the stored ones still stamp', async () => {
    const encargo = await conResultados();
    const first = GenerarEstampadoResponseSchema.parse((await generar(w.tokenA, { tipo_estampado: positiva, encargo_id: encargo.id, datos: {} })).json());
    expect((await notificarDoc(encargo.numero_rol, first.documento)).statusCode).toBe(200);
    const changed = await generar(w.tokenA, {
      tipo_estampado: positiva,
      encargo_id: encargo.id,
      datos: { numero_rol: encargo.numero_rol, apuntes_terreno: 'Otra versión de los hechos' },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().detail).toBe(
      'Este encargo está en estado "estampado". Solo se pueden registrar resultados para encargos en estado "preparado" o "listo para estampar".',
    );
    expect(await diligenciasDe(encargo.id)).toHaveLength(1);
    // The same values as stored (the old form sends them all) are not a change.
    const same = await generar(w.tokenA, {
      tipo_estampado: positiva,
      encargo_id: encargo.id,
      datos: {
        numero_rol: encargo.numero_rol,
        fecha_diligencia: '14-03-2025',
        hora_diligencia: '10:35',
        apuntes_terreno: resultadosBody(encargo.numero_rol, positiva).apuntes_terreno,
        tratamiento: 'don',
        valor_cobrado: 35000,
        observaciones_diligencia: '',
      },
    });
    expect(same.statusCode, same.body).toBe(201);
    expect(await diligenciasDe(encargo.id)).toHaveLength(1);
  });

  it('notificar_estampado_generado refuses an assignment without a diligence: the state never becomes estampado', async () => {
    const encargo = await conResultados();
    const doc = GenerarEstampadoResponseSchema.parse((await generar(w.tokenA, { tipo_estampado: positiva, encargo_id: encargo.id, datos: {} })).json()).documento;
    const db = await t.tenantDbOf(t.mainTenantId);
    await db.delete(tenantSchema.diligencias).where(eq(tenantSchema.diligencias.encargoId, encargo.id));
    const refused = await notificarDoc(encargo.numero_rol, doc);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('El encargo no tiene resultados registrados: registre la diligencia antes de marcarlo como estampado');
    expect(await encargoRow(encargo.id)).toMatchObject({ estado: 'listo_para_estampar', estadoEstampado: '', fechaEstampado: null });
    // Nor can the stamp be generated again without one.
    const again = await generar(w.tokenA, { tipo_estampado: positiva, encargo_id: encargo.id, datos: {} });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe('Primero registre los resultados de la diligencia');
  });
});

describe('preview', () => {
  const preview = (payload: Record<string, unknown>) =>
    t.request(w.tokenA, { method: 'POST', url: '/estampados/api/estampados/preview', payload });

  it('fills the certificate with the typed values and stores nothing', async () => {
    const encargo = await crearEncargo(t, w.tokenA, w.estudioA, w.lookupsA, { numero_rol: nextRol() });
    const response = await preview({
      tipo_estampado: positiva,
      encargo_id: encargo.id,
      datos: {
        numero_rol: encargo.numero_rol,
        fecha_diligencia: '21/03/2025 11:20',
        apuntes_terreno: 'Portón verde',
        informante: 'Ana Ruiz',
        informante_relacion: 'vecina',
        valor_cobrado: 52000,
        observaciones_diligencia: 'Distancia',
      },
    });
    expect(response.statusCode).toBe(200);
    const body = PreviewEstampadoResponseSchema.parse(response.json());
    expect(body.texto).toContain('siendo las 11:20 horas');
    expect(body.texto).toContain('Por los dichos de Ana Ruiz, vecina, pude establecer');
    expect(body.texto).toContain('Drs. $52.000.-');
    expect(body.marcadores_faltantes).toEqual([]);
    expect(body.advertencias).toEqual([]);
    expect(await diligenciasDe(encargo.id)).toHaveLength(0);
    expect(await documentosDe(encargo.numero_rol)).toHaveLength(0);
    expect((await encargoRow(encargo.id))?.estado).toBe('preparado');
  });

  it('says what generation will ask for: the results, or the hour', async () => {
    const encargo = await crearEncargo(t, w.tokenA, w.estudioA, w.lookupsA, { numero_rol: nextRol() });
    const vacio = PreviewEstampadoResponseSchema.parse((await preview({ tipo_estampado: positiva, encargo_id: encargo.id, datos: {} })).json());
    expect(vacio.advertencias).toEqual(['Primero registre los resultados de la diligencia']);
    expect(vacio.marcadores_faltantes).toEqual(expect.arrayContaining(['hora_diligencia', 'apuntes_oracion']));
    const soloFecha = PreviewEstampadoResponseSchema.parse(
      (await preview({ tipo_estampado: positiva, encargo_id: encargo.id, datos: { fecha_diligencia: '21/03/2025', apuntes_terreno: 'x' } })).json(),
    );
    expect(soloFecha.advertencias).toEqual(['Indique la hora de la diligencia: se registró solo la fecha']);
    expect(soloFecha.marcadores_faltantes).toEqual(['hora_diligencia']);
  });
});

describe("the receiver's identity on the certificate", () => {
  it('warns when the RUT under the signature is missing, and lists every missing identity field', async () => {
    const { controlSchema } = await import('@receptoria/db');
    const control = t.app.controlDb;
    const encargo = await conResultados();
    await control.update(controlSchema.tenants).set({ rut: '', direccion: '' }).where(eq(controlSchema.tenants.id, t.mainTenantId));
    try {
      const response = await generar(w.tokenA, { tipo_estampado: positiva, encargo_id: encargo.id, datos: {} });
      expect(response.statusCode).toBe(201);
      const body = GenerarEstampadoResponseSchema.parse(response.json());
      // One list: the warning names every missing field, as 'Mis datos de receptor' does.
      expect(body.advertencias).toEqual(['Faltan sus datos de receptor en el certificado: RUT, título, dirección']);
      expect(body.receptor_incompleto).toEqual(['rut', 'titulo', 'direccion']);
      const vista = PreviewEstampadoResponseSchema.parse(
        (
          await t.request(w.tokenA, {
            method: 'POST',
            url: '/estampados/api/estampados/preview',
            payload: { tipo_estampado: positiva, encargo_id: encargo.id, datos: {} },
          })
        ).json(),
      );
      expect(vista.advertencias).toContain(`Faltan sus datos de receptor en el certificado: ${receptorFaltantesTexto(['rut', 'titulo', 'direccion'])}`);
      const lines = docxText((await t.request(undefined, { method: 'GET', url: body.documento.url })).rawPayload).split('\n');
      // The signature lines, then the verification code every certificate carries (issue 26).
      expect(lines.slice(-4, -1)).toEqual([RECEPTOR_A.nombre, 'Receptor Judicial', '']);
      expect(lines.at(-1)).toMatch(/^Código de verificación: /);
    } finally {
      await control.update(controlSchema.tenants).set(RECEPTOR_A).where(eq(controlSchema.tenants.id, t.mainTenantId));
    }
    await control.update(controlSchema.tenants).set({ titulo: 'Receptor Judicial de la I. Corte de Apelaciones de Santiago' }).where(eq(controlSchema.tenants.id, t.mainTenantId));
    try {
      const response = await generar(w.tokenA, { tipo_estampado: positiva, encargo_id: encargo.id, datos: {} });
      const body = GenerarEstampadoResponseSchema.parse(response.json());
      expect(body.receptor_incompleto).toEqual([]);
      const text = docxText((await t.request(undefined, { method: 'GET', url: body.documento.url })).rawPayload);
      expect(text).toContain(`${RECEPTOR_A.nombre}\nReceptor Judicial de la I. Corte de Apelaciones de Santiago\nRUT 9.876.543-3`);
    } finally {
      await control.update(controlSchema.tenants).set({ titulo: '' }).where(eq(controlSchema.tenants.id, t.mainTenantId));
    }
  });
});

describe('documents of an assignment', () => {
  const lista = (token: string | undefined, id: number | string) => t.request(token, { method: 'GET', url: `/api/v1/encargos/${id}/estampados/` });

  it('lists them newest first with their type, author and links; deleted ones leave; other receivers see nothing', async () => {
    const encargo = await conResultados();
    expect((await lista(w.tokenA, encargo.id)).json()).toEqual({ results: [] });
    // A second type whose built-in template this file leaves as it is.
    const cedula = await tipoId(t, 'busqueda_negativa');
    const a = GenerarEstampadoResponseSchema.parse((await generar(w.tokenA, { tipo_estampado: positiva, encargo_id: encargo.id, datos: {} })).json()).documento;
    const b = GenerarEstampadoResponseSchema.parse((await generar(w.tokenA, { tipo_estampado: cedula, encargo_id: encargo.id, datos: {} })).json()).documento;
    // Another assignment's document is not listed.
    const other = await conResultados();
    await generar(w.tokenA, { tipo_estampado: positiva, encargo_id: other.id, datos: {} });

    const response = await lista(w.tokenA, encargo.id);
    expect(response.statusCode).toBe(200);
    const body = DocumentosEncargoResponseSchema.parse(response.json());
    expect(body.results.map((d) => d.id)).toEqual([b.id, a.id]);
    expect(body.results[1]).toMatchObject({
      titulo: a.titulo,
      // A fresh link (its expiry counts from this answer) to the same file.
      url: expect.stringMatching(new RegExp(`^/estampados/api/estampados/documento/${a.id}/archivo\\?exp=\\d+&firma=`)),
      url_pdf: a.url_pdf,
      motor: 'local',
      numero_rol: encargo.numero_rol,
      encargo_id: encargo.id,
      tipo_estampado: { id: positiva, nombre: 'Búsqueda positiva' },
      creado_por: 'receptor_a',
      fecha_notificacion: null,
    });
    expect((await t.request(undefined, { method: 'GET', url: body.results[0]?.url ?? '' })).statusCode).toBe(200);

    // Opening one from the list notifies: its date is kept.
    expect((await notificar(undefined, { numero_rol: encargo.numero_rol, documento_id: a.id, url_documento: a.url })).statusCode).toBe(200);
    const afterOpen = DocumentosEncargoResponseSchema.parse((await lista(w.tokenA, encargo.id)).json());
    expect(afterOpen.results[1]?.fecha_notificacion).not.toBeNull();

    expect((await t.request(w.tokenA, { method: 'DELETE', url: `/estampados/api/estampados/documento/${b.id}` })).statusCode).toBe(200);
    expect(DocumentosEncargoResponseSchema.parse((await lista(w.tokenA, encargo.id)).json()).results.map((d) => d.id)).toEqual([a.id]);

    const ajeno = await lista(w.tokenB, encargo.id);
    expect(ajeno.statusCode).toBe(404);
    expect(ajeno.json()).toEqual({ detail: 'No se encontró el encargo' });
    expect(ajeno.body).not.toContain(a.id);
    const desconocido = await lista(w.tokenA, 987_654_321);
    expect(desconocido.statusCode).toBe(404);
    expect(desconocido.json()).toEqual({ detail: 'No se encontró el encargo' });
    expect((await lista(w.tokenA, 'abc')).statusCode).toBe(400);
    expect((await lista(undefined, encargo.id)).statusCode).toBe(401);
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
    expect(response.json().detail).toBe('Primero registre los resultados de la diligencia');

    // With its results but no RUT of the person on record: the marker is named, nothing copied.
    await g.request(gw.tokenA, { method: 'POST', url: '/api/v1/diligencias/guardar_resultados/', payload: resultadosBody(encargo.numero_rol, tipo) });
    const db = await g.tenantDbOf(g.mainTenantId);
    await db.update(tenantSchema.encargos).set({ rutEjecutado: '' }).where(eq(tenantSchema.encargos.id, encargo.id));
    const sinRut = await g.request(gw.tokenA, {
      method: 'POST',
      url: '/estampados/api/estampados/generar',
      payload: { tipo_estampado: tipo, datos: { numero_rol: encargo.numero_rol }, validar_marcadores: true },
    });
    expect(sinRut.statusCode).toBe(400);
    expect(sinRut.json()).toMatchObject({ detail: 'Faltan datos para los marcadores: <<rut_ejecutado>>', errors: { marcadores: ['<<rut_ejecutado>>'] } });
    expect(google.requests.filter((r) => r.path.endsWith('/copy')).length).toBe(copiesBefore);
  });
});
