import {
  type Encargo,
  GenerarEstampadoResponseSchema,
  GuardarResultadosResponseSchema,
  PreviewEstampadoResponseSchema,
  VisitaListResponseSchema,
  VisitaResponseSchema,
  entregaCopiasMessages,
  estampadoMessages,
  visitaMessages as m,
} from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { docxText } from '../../documents/docx/ooxml';
import { resultadosBody, type ResultadosWorld, setupResultados, tipoId } from '../diligencias/resultados.fixtures';
import { crearEncargo } from '../encargos/encargos.fixtures';
import { postVisita, visitaBody } from './visitas.fixtures';

/**
 * Field → office (issue 36): the act recorded on the phone is the one the office certifies — its exact
 * instant, address, informant and copies — and the searches cited are the ones before it at that address,
 * compared at the precision each time was recorded.
 */

let t: TestContext;
let w: ResultadosWorld;
let art44 = 0;
let personal = 0;
let rolCounter = 700;

beforeAll(async () => {
  t = await createTestContext();
  w = await setupResultados(t);
  art44 = await tipoId(t, 'notificacion_subsidiaria_art_44');
  personal = await tipoId(t, 'notificacion_personal');
});
afterAll(() => t.close());

const nuevo = (overrides: Record<string, unknown> = {}): Promise<Encargo> =>
  crearEncargo(t, w.tokenA, w.estudioA, w.lookupsA, { numero_rol: `C-${(rolCounter += 1)}-2026`, ...overrides });

const guardar = (payload: Record<string, unknown>) => t.request(w.tokenA, { method: 'POST', url: '/api/v1/diligencias/guardar_resultados/', payload });
const generar = (payload: Record<string, unknown>) => t.request(w.tokenA, { method: 'POST', url: '/estampados/api/estampados/generar', payload });
const preview = (payload: Record<string, unknown>) => t.request(w.tokenA, { method: 'POST', url: '/estampados/api/estampados/preview', payload });

async function docx(response: Awaited<ReturnType<typeof generar>>) {
  expect(response.statusCode, response.body).toBe(201);
  const file = await t.request(undefined, { method: 'GET', url: GenerarEstampadoResponseSchema.parse(response.json()).documento.url });
  expect(file.statusCode).toBe(200);
  return docxText(file.rawPayload);
}

async function visita(encargo: Encargo, overrides: Record<string, unknown>) {
  const response = await postVisita(t, w.tokenA, encargo.id, visitaBody(encargo, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return VisitaResponseSchema.parse(response.json()).visita;
}

/**
 * The day of the issue: a first search on Monday, the second on Tuesday at 19:24:45 and the art. 44
 * notification at 19:24:54 (seconds apart, on the phone), the copies handed to Rosa Muñoz.
 */
async function cadenaDelTelefono(encargo: Encargo) {
  await visita(encargo, { fecha_hora: '2026-03-09T10:15:00-03:00', informante: { nombre: 'Rosa Elena Tapia', relacion: 'conserje' } });
  await visita(encargo, { fecha_hora: '2026-03-10T19:24:45.120-03:00', informante: { nombre: 'Rosa Muñoz', relacion: 'vecino' } });
  return visita(encargo, {
    fecha_hora: '2026-03-10T19:24:54.870-03:00',
    tipo: 'notificacion',
    resultado: 'notificado_art44',
    informante: { nombre: 'Carmen Soto', relacion: 'vecino' },
    apuntes: 'Notificada en el acceso del edificio',
    entrega_copias: { modo: 'persona_adulta', nombre: 'Rosa Muñoz', relacion: 'hija' },
  });
}

describe('results saved from the field visit of the act', () => {
  it('an act typed by hand at 19:24 counts the search of 19:24:45 (within that minute) and cites both searches', async () => {
    const encargo = await nuevo();
    await cadenaDelTelefono(encargo);
    // The office form without the visit's link, as it pre-filled the hour before: HH:MM.
    const saved = await guardar(
      resultadosBody(encargo.numero_rol, art44, {
        fecha_diligencia: '10/03/2026 19:24',
        entrega_copias: { modo: 'puerta' },
        tratamiento: 'doña',
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const body = PreviewEstampadoResponseSchema.parse((await preview({ tipo_estampado: art44, encargo_id: encargo.id, datos: { numero_rol: encargo.numero_rol } })).json());
    expect(body.datos).toMatchObject({ busqueda_1_fecha: '09-03-2026', busqueda_1_hora: '10:15', busqueda_2_fecha: '10-03-2026', busqueda_2_hora: '19:24' });
    expect(body.marcadores_faltantes).toEqual([]);
    const text = await docx(await generar({ tipo_estampado: art44, encargo_id: encargo.id, datos: { numero_rol: encargo.numero_rol }, validar_marcadores: true }));
    expect(text).toContain('la primera vez el día 09-03-2026, a las 10:15 horas, y la segunda el día 10-03-2026, a las 19:24 horas');
    expect(text).toContain('fijando las copias íntegras de las resoluciones en la puerta del domicilio. Se le dará aviso');
  });

  it('an act typed a minute before the second search is still refused with the art. 44 text', async () => {
    const encargo = await nuevo();
    await cadenaDelTelefono(encargo);
    const refused = await guardar(resultadosBody(encargo.numero_rol, art44, { fecha_diligencia: '10/03/2026 19:23' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(m.art44Requisitos);
  });

  it('with visita_uuid: the exact instant, the informant agreeing, the copies; linked both ways; preview and DOCX cite the searches', async () => {
    const encargo = await nuevo();
    const acto = await cadenaDelTelefono(encargo);
    const saved = await guardar(
      resultadosBody(encargo.numero_rol, art44, {
        fecha_diligencia: '10/03/2026 19:24',
        visita_uuid: acto.uuid.toUpperCase(),
        apuntes_terreno: acto.apuntes,
        tratamiento: 'doña',
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = GuardarResultadosResponseSchema.parse(saved.json());
    expect(answer.diligencia).toMatchObject({
      fecha_diligencia: '2026-03-10T19:24:54-03:00',
      visita_uuid: acto.uuid,
      informante: 'Carmen Soto',
      informante_relacion: 'vecina',
      entrega_copias: { modo: 'persona_adulta', nombre: 'Rosa Muñoz', relacion: 'hija' },
    });
    const db = await t.tenantDbOf(t.mainTenantId);
    const [row] = await db.select().from(tenantSchema.diligencias).where(eq(tenantSchema.diligencias.id, answer.diligencia.id));
    expect(row?.fechaDiligencia.toISOString()).toBe('2026-03-10T22:24:54.870Z');

    const leido = (await t.request(w.tokenA, { method: 'GET', url: `/api/v1/encargos/${encargo.id}/` })).json();
    expect(leido.diligencia).toMatchObject({ id: answer.diligencia.id, visita_uuid: acto.uuid });
    const visitas = VisitaListResponseSchema.parse((await t.request(w.tokenA, { method: 'GET', url: `/api/v1/encargos/${encargo.id}/visitas/` })).json()).visitas;
    expect(visitas.find((v) => v.uuid === acto.uuid)).toMatchObject({ diligencia_id: answer.diligencia.id, entrega_copias: { modo: 'persona_adulta' } });
    expect(visitas.filter((v) => v.diligencia_id !== null)).toHaveLength(1);

    const vista = PreviewEstampadoResponseSchema.parse((await preview({ tipo_estampado: art44, encargo_id: encargo.id, datos: { numero_rol: encargo.numero_rol } })).json());
    expect(vista.datos).toMatchObject({ busqueda_1_fecha: '09-03-2026', busqueda_2_hora: '19:24', hora_diligencia: '19:24' });
    expect(vista.texto).not.toContain('el día , a las');

    const text = await docx(await generar({ tipo_estampado: art44, encargo_id: encargo.id, datos: { numero_rol: encargo.numero_rol }, validar_marcadores: true }));
    expect(text).not.toContain('<<');
    expect(text).toContain('por los dichos de Rosa Elena Tapia, conserje, en la primera búsqueda, y por los dichos de Rosa Muñoz, vecina del sector, en la segunda');
    expect(text).toContain(
      'en conformidad al artículo 44 del Código de Procedimiento Civil, entregando las copias íntegras de las resoluciones a Rosa Muñoz, hija, persona adulta del domicilio. Se le dará aviso',
    );
    expect(text).not.toContain('en su defecto');
    expect(text).toContain('doña Pedro Andrés Soto Muñoz, cédula nacional de identidad N° 12.345.678-5');
  });

  it('the preview of results typed from a visit at another address (not saved yet) cites that address and its searches', async () => {
    const encargo = await nuevo();
    const otra = encargo.domicilios.find((d) => !d.es_principal);
    expect(otra).toBeDefined();
    await visita(encargo, { domicilio_id: otra?.id, fecha_hora: '2026-03-09T10:15:00-03:00' });
    await visita(encargo, { domicilio_id: otra?.id, fecha_hora: '2026-03-10T19:24:45.120-03:00' });
    const acto = await visita(encargo, { domicilio_id: otra?.id, fecha_hora: '2026-03-10T19:24:54.870-03:00', tipo: 'notificacion', resultado: 'notificado_art44' });
    const datos = { numero_rol: encargo.numero_rol, fecha_diligencia: '10-03-2026 19:24', apuntes_terreno: 'Notificada', visita_uuid: acto.uuid, entrega_copias: JSON.stringify({ modo: 'puerta' }) };
    const vista = PreviewEstampadoResponseSchema.parse((await preview({ tipo_estampado: art44, encargo_id: encargo.id, datos })).json());
    expect(vista.datos).toMatchObject({ domicilio_demandado: otra?.direccion, busqueda_1_fecha: '09-03-2026', busqueda_2_hora: '19:24' });
    expect(vista.marcadores_faltantes).toEqual([]);
    expect(vista.texto).toContain('fijando las copias íntegras de las resoluciones en la puerta del domicilio');
  });

  it('a changed hour is the form’s: the diligence keeps the typed minute, still linked', async () => {
    const encargo = await nuevo();
    const acto = await cadenaDelTelefono(encargo);
    const saved = await guardar(resultadosBody(encargo.numero_rol, art44, { fecha_diligencia: '10/03/2026 19:40', visita_uuid: acto.uuid, informante: 'Ana Rojas', informante_relacion: 'conserje' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(GuardarResultadosResponseSchema.parse(saved.json()).diligencia).toMatchObject({
      fecha_diligencia: '2026-03-10T19:40:00-03:00',
      visita_uuid: acto.uuid,
      informante: 'Ana Rojas',
      informante_relacion: 'conserje',
    });
  });

  it('refuses a visit of another assignment or an invalid uuid, in Spanish, storing nothing', async () => {
    const encargo = await nuevo();
    const otro = await nuevo();
    const ajena = await cadenaDelTelefono(otro);
    const refused = await guardar(resultadosBody(encargo.numero_rol, personal, { fecha_diligencia: '10/03/2026 19:24', visita_uuid: ajena.uuid }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ detail: m.visitaAjena, errors: { visita_uuid: [m.visitaAjena] } });
    const invalida = await guardar(resultadosBody(encargo.numero_rol, personal, { visita_uuid: 'no-es-uuid' }));
    expect(invalida.statusCode).toBe(400);
    expect(invalida.json().detail).toBe(m.uuidInvalido);
    const db = await t.tenantDbOf(t.mainTenantId);
    expect(await db.select().from(tenantSchema.diligencias).where(eq(tenantSchema.diligencias.encargoId, encargo.id))).toHaveLength(0);
  });
});

describe('entrega_copias on the visit', () => {
  it('stores and answers the copies; a retry with the same copies is the same visit; bad copies → 400 in Spanish', async () => {
    const encargo = await nuevo();
    const body = visitaBody(encargo, { entrega_copias: { modo: 'conserje', nombre: '  María   Pérez ', detalle: '' } });
    const first = await postVisita(t, w.tokenA, encargo.id, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(VisitaResponseSchema.parse(first.json()).visita.entrega_copias).toEqual({ modo: 'conserje', nombre: 'María Pérez' });
    const again = await postVisita(t, w.tokenA, encargo.id, body);
    expect(again.statusCode).toBe(200);
    const changed = await postVisita(t, w.tokenA, encargo.id, { ...body, entrega_copias: { modo: 'puerta' } });
    expect(changed.statusCode).toBe(409);

    const malo = await postVisita(t, w.tokenA, encargo.id, visitaBody(encargo, { entrega_copias: { modo: 'buzon' } }));
    expect(malo.statusCode).toBe(400);
    expect(malo.json().detail).toBe(entregaCopiasMessages.modoInvalido);
    const sinDetalle = await postVisita(t, w.tokenA, encargo.id, visitaBody(encargo, { entrega_copias: { modo: 'otro' } }));
    expect(sinDetalle.statusCode).toBe(400);
    expect(sinDetalle.json().detail).toBe(entregaCopiasMessages.detalleRequerido);
  });

  it('the results form’s copies: left with the conserje (her article agreeing), and refused when the mode is unknown', async () => {
    const encargo = await nuevo();
    await visita(encargo, { fecha_hora: '2026-03-09T10:15:00-03:00' });
    await visita(encargo, { fecha_hora: '2026-03-10T18:40:00-03:00' });
    const malo = await guardar(resultadosBody(encargo.numero_rol, art44, { fecha_diligencia: '11/03/2026 09:10', entrega_copias: { modo: 'ventana' } }));
    expect(malo.statusCode).toBe(400);
    expect(malo.json().detail).toBe(entregaCopiasMessages.modoInvalido);
    const ok = await guardar(resultadosBody(encargo.numero_rol, art44, { fecha_diligencia: '11/03/2026 09:10', entrega_copias: { modo: 'conserje', nombre: 'Marta Díaz' } }));
    expect(ok.statusCode, ok.body).toBe(200);
    const text = await docx(await generar({ tipo_estampado: art44, encargo_id: encargo.id, datos: { numero_rol: encargo.numero_rol }, validar_marcadores: true }));
    expect(text).toContain('dejando las copias íntegras de las resoluciones en poder de la conserje del edificio, Marta Díaz. Se le dará aviso');
  });

  it('an art. 44 diligence that does not say what was done with the copies cannot be certified: the marker is reported', async () => {
    const encargo = await nuevo();
    await visita(encargo, { fecha_hora: '2026-03-09T10:15:00-03:00' });
    await visita(encargo, { fecha_hora: '2026-03-10T18:40:00-03:00' });
    expect((await guardar(resultadosBody(encargo.numero_rol, art44, { fecha_diligencia: '11/03/2026 09:10' }))).statusCode).toBe(200);
    const refused = await generar({ tipo_estampado: art44, encargo_id: encargo.id, datos: { numero_rol: encargo.numero_rol }, validar_marcadores: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ detail: estampadoMessages.faltanMarcadores(['entrega_copias']) });
  });
});

describe('the personal notification says whether the person signed (art. 43)', () => {
  it('prints the signature sentence; without it the marker is reported', async () => {
    const encargo = await nuevo();
    const sinFirma = await guardar(resultadosBody(encargo.numero_rol, personal, { fecha_diligencia: '11/03/2026 09:10' }));
    expect(sinFirma.statusCode).toBe(200);
    const refused = await generar({ tipo_estampado: personal, encargo_id: encargo.id, datos: { numero_rol: encargo.numero_rol }, validar_marcadores: true });
    expect(refused.json()).toMatchObject({ detail: estampadoMessages.faltanMarcadores(['firma_notificado']) });

    const otro = await nuevo();
    const invalida = await guardar(resultadosBody(otro.numero_rol, personal, { fecha_diligencia: '11/03/2026 09:10', firma_notificado: 'quizas' }));
    expect(invalida.statusCode).toBe(400);
    const saved = await guardar(resultadosBody(otro.numero_rol, personal, { fecha_diligencia: '11/03/2026 09:10', firma_notificado: 'no_quiso' }));
    expect(GuardarResultadosResponseSchema.parse(saved.json()).diligencia.firma_notificado).toBe('no_quiso');
    const text = await docx(await generar({ tipo_estampado: personal, encargo_id: otro.id, datos: { numero_rol: otro.numero_rol }, validar_marcadores: true }));
    expect(text).toContain('quien quedó notificado en el acto. No quiso firmar la diligencia.');
  });

  it('a company is identified by its RUT, a person by the cédula nacional de identidad', async () => {
    const empresa = await nuevo({ ejecutados: 'Comercial Los Andes SpA', rut_ejecutado: '76086428-5' });
    expect(
      (await guardar(resultadosBody(empresa.numero_rol, personal, { fecha_diligencia: '11/03/2026 09:10', firma_notificado: 'firmo', tratamiento: '' }))).statusCode,
    ).toBe(200);
    const text = await docx(await generar({ tipo_estampado: personal, encargo_id: empresa.id, datos: { numero_rol: empresa.numero_rol }, validar_marcadores: true }));
    expect(text).toContain('Comercial Los Andes SpA, RUT N° 76.086.428-5');
    expect(text).not.toContain('cédula');
    expect(text).toContain('Firmó la diligencia.');
  });
});
