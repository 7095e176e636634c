import { type Encargo, EncargoEventoSchema, ESTADOS_CON_RESULTADOS, todayIso, visitaMessages as m } from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { resultadosBody, type ResultadosWorld, setEstado, setupResultados, tipoId } from '../diligencias/resultados.fixtures';
import { crearEncargo } from '../encargos/encargos.fixtures';
import { getPortalEncargo } from '../portal/portal.service';
import { dosBusquedas, postVisita, visitaBody } from '../visitas/visitas.fixtures';
import { listarEventos } from './ciclo-vida.service';

let t: TestContext;
let w: ResultadosWorld;
let positiva = 0;
let art44 = 0;
let rolCounter = 3600;
let tokenCobro = '';

beforeAll(async () => {
  t = await createTestContext();
  w = await setupResultados(t);
  positiva = await tipoId(t, 'busqueda_positiva');
  art44 = await tipoId(t, 'notificacion_subsidiaria_art_44');
  await t.createUser({ tenantId: t.mainTenantId, username: 'ciclo_cobro', permisos: ['imprime_recibos', 'edit_asocia_recibos'] });
  tokenCobro = await t.login('ciclo_cobro');
});
afterAll(() => t.close());

const nuevo = (overrides: Record<string, unknown> = {}): Promise<Encargo> =>
  crearEncargo(t, w.tokenA, w.estudioA, w.lookupsA, { numero_rol: `C-${(rolCounter += 1)}-2026`, fecha_encargo: '2026-03-09', ...overrides });
const db = () => t.tenantDbOf(t.mainTenantId);
const leer = async (id: number) => {
  const [row] = await (await db()).select().from(tenantSchema.encargos).where(eq(tenantSchema.encargos.id, id));
  return { estado: row?.estado, fecha_estampado: row?.fechaEstampado };
};
const eventos = async (id: number) => (await listarEventos(await db(), id)).map((e) => EncargoEventoSchema.parse(e));
const auditorias = async (id: number, accion: string) =>
  (await db()).select().from(tenantSchema.auditoria).where(and(eq(tenantSchema.auditoria.entidad, 'encargo'), eq(tenantSchema.auditoria.entidadId, id), eq(tenantSchema.auditoria.accion, accion)));
const plazosDe = async (id: number) => (await db()).select().from(tenantSchema.plazos).where(eq(tenantSchema.plazos.encargoId, id)).orderBy(asc(tenantSchema.plazos.id));
const guardar = (rol: string, tipo: number, overrides: Record<string, unknown> = {}) =>
  t.request(w.tokenA, { method: 'POST', url: '/api/v1/diligencias/guardar_resultados/', payload: resultadosBody(rol, tipo, { fecha_diligencia: '2026-03-10T11:00:00-03:00', ...overrides }) });
const generar = (encargo: Encargo) =>
  t.request(w.tokenA, { method: 'POST', url: '/estampados/api/estampados/generar', payload: { tipo_estampado: positiva, encargo_id: encargo.id, datos: {} } });
const notificar = (encargo: Encargo, documentoId: string) =>
  t.request(undefined, { method: 'POST', url: '/api/v1/diligencias/notificar_estampado_generado/', payload: { numero_rol: encargo.numero_rol, documento_id: documentoId, url_documento: 'x' } });

describe('the assignment story', () => {
  it('records each act once, in the order it happened, from intake to certificate', async () => {
    const encargo = await nuevo();
    const visita = visitaBody(encargo, { fecha_hora: '2026-03-10T09:30:00-03:00' });
    expect((await postVisita(t, w.tokenA, encargo.id, visita)).statusCode).toBe(201);
    // The phone's offline queue sends it again: still one act.
    expect((await postVisita(t, w.tokenA, encargo.id, visita)).statusCode).toBe(200);
    expect((await guardar(encargo.numero_rol, positiva)).statusCode).toBe(200);
    expect((await generar(encargo)).statusCode).toBe(201);
    const story = await eventos(encargo.id);
    expect(story.map((e) => e.tipo)).toEqual(['recibido', 'visita', 'resultados', 'estampado_generado']);
    expect(story[0]).toMatchObject({ instante: '2026-03-09T00:00:00-03:00', actor: 'receptor_a', datos: { fecha_encargo: '2026-03-09', estado_inicial: 'preparado' } });
    expect(story[1]).toMatchObject({ instante: '2026-03-10T09:30:00-03:00', origen: `visita:${visita.uuid}`, datos: { resultado: 'domicilio_confirmado' } });
    expect(story[2]).toMatchObject({ instante: '2026-03-10T11:00:00-03:00', datos: { tipo: 'Búsqueda positiva' } });
    // Evidence: an event is never rewritten.
    await expect((await db()).execute(sql`update encargo_eventos set actor = 'otro' where encargo_id = ${encargo.id}`)).rejects.toThrow();
  });

  it('the backfill finds the same acts in the rows on record', async () => {
    const encargo = await nuevo();
    await dosBusquedas(t, w.tokenA, encargo, ['2026-03-10', '2026-03-11']);
    expect((await postVisita(t, w.tokenA, encargo.id, visitaBody(encargo, { tipo: 'notificacion', resultado: 'notificado_art44', fecha_hora: '2026-03-12T12:00:00-03:00' }))).statusCode).toBe(201);
    const carta = await t.request(w.tokenA, { method: 'POST', url: `/api/v1/encargos/${encargo.id}/carta_art46/`, payload: { fecha_envio: '2026-03-13', numero_seguimiento: 'RR111' } });
    expect(carta.statusCode, carta.body).toBe(201);
    const vivos = await eventos(encargo.id);
    const d = await db();
    await d.execute(sql`delete from encargo_eventos where encargo_id = ${encargo.id}`);
    await d.execute(sql`select completar_encargo_eventos()`);
    const rehechos = await eventos(encargo.id);
    expect(rehechos.map((e) => [e.tipo, e.origen, e.instante])).toEqual(vivos.map((e) => [e.tipo, e.origen, e.instante]));
    expect(rehechos.map((e) => e.tipo)).toEqual(['recibido', 'visita', 'visita', 'visita', 'acto', 'carta_art46_enviada']);
  });
});

describe('pendiente: what the phone offers, the office works', () => {
  it('one rule: every state with stops on the phone takes results once a visit is recorded', async () => {
    const { ESTADOS_EN_TERRENO, estadoTras } = await import('@receptoria/contracts');
    for (const estado of ESTADOS_EN_TERRENO) expect(ESTADOS_CON_RESULTADOS).toContain(estadoTras(estado, 'visita'));
  });

  it('a visit to a pendiente assignment makes it preparado (once in its history), and its results are then taken', async () => {
    const encargo = await nuevo();
    await setEstado(t, encargo.id, 'pendiente');
    const hoy = (await t.request(w.tokenA, { method: 'GET', url: '/api/v1/terreno/hoy/' })).json() as { paradas: { encargo: { id: number } }[] };
    expect(hoy.paradas.some((p) => p.encargo.id === encargo.id)).toBe(true);
    const refused = await guardar(encargo.numero_rol, positiva);
    expect(refused.statusCode).toBe(409);
    expect((await postVisita(t, w.tokenA, encargo.id, visitaBody(encargo))).statusCode).toBe(201);
    expect((await leer(encargo.id)).estado).toBe('preparado');
    expect((await postVisita(t, w.tokenA, encargo.id, visitaBody(encargo, { fecha_hora: '2026-03-11T10:00:00-03:00' }))).statusCode).toBe(201);
    expect(await auditorias(encargo.id, 'preparado')).toHaveLength(1);
    const saved = await guardar(encargo.numero_rol, positiva);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await leer(encargo.id)).estado).toBe('listo_para_estampar');
  });

  it('a visit dated before the assignment was received is refused in Spanish, nothing stored', async () => {
    const encargo = await nuevo();
    const antes = await postVisita(t, w.tokenA, encargo.id, visitaBody(encargo, { fecha_hora: '2026-03-08T23:30:00-03:00' }));
    expect(antes.statusCode).toBe(400);
    expect(antes.json()).toMatchObject({ detail: m.fechaAnteriorAlEncargo('09/03/2026'), errors: { fecha_hora: [m.fechaAnteriorAlEncargo('09/03/2026')] } });
    expect((await eventos(encargo.id)).map((e) => e.tipo)).toEqual(['recibido']);
    // The day it was received counts, from its first minute.
    expect((await postVisita(t, w.tokenA, encargo.id, visitaBody(encargo, { fecha_hora: '2026-03-09T00:05:00-03:00' }))).statusCode).toBe(201);
  });
});

describe('one act, one deadline', () => {
  it('the art. 46 letter: opened by the notification, met by the letter with its tracking number, never reopened by the results', async () => {
    const encargo = await nuevo();
    await dosBusquedas(t, w.tokenA, encargo, ['2026-03-10', '2026-03-11']);
    expect((await postVisita(t, w.tokenA, encargo.id, visitaBody(encargo, { tipo: 'notificacion', resultado: 'notificado_art44', fecha_hora: '2026-03-12T12:00:00-03:00' }))).statusCode).toBe(201);
    const carta = await t.request(w.tokenA, { method: 'POST', url: `/api/v1/encargos/${encargo.id}/carta_art46/`, payload: { fecha_envio: '2026-03-13', numero_seguimiento: 'RR123456789CL' } });
    expect(carta.statusCode, carta.body).toBe(201);
    // The same notification saved as results in the office afterwards.
    const saved = await guardar(encargo.numero_rol, art44, { fecha_diligencia: '2026-03-12T12:00:00-03:00' });
    expect(saved.statusCode, saved.body).toBe(200);
    const plazos = await plazosDe(encargo.id);
    expect(plazos).toHaveLength(1);
    expect(plazos[0]).toMatchObject({ tipo: 'carta_art_46', estado: 'cumplido', cumplidoEn: '2026-03-13', referencia: 'RR123456789CL' });
    const lista = await t.request(w.tokenA, { method: 'GET', url: `/api/v1/calendario/plazos/?desde=2026-03-01&hasta=2026-04-30&encargo=${encargo.id}` });
    expect(lista.json()).toMatchObject([{ tipo: 'carta_art_46', estado: 'cumplido', cumplido_en: '2026-03-13', referencia: 'RR123456789CL' }]);
    expect((await eventos(encargo.id)).filter((e) => e.tipo === 'carta_art46_enviada')).toHaveLength(1);
  });

  it("'Subir estampado al tribunal' opens at generation, one per assignment; marking it uploaded meets it and stamps the assignment", async () => {
    const encargo = await nuevo();
    expect((await guardar(encargo.numero_rol, positiva)).statusCode).toBe(200);
    expect((await generar(encargo)).statusCode).toBe(201);
    expect((await generar(encargo)).statusCode).toBe(201);
    const abiertos = await plazosDe(encargo.id);
    expect(abiertos.map((p) => [p.tipo, p.estado])).toEqual([['subida_estampado', 'pendiente']]);
    expect((await leer(encargo.id)).estado).toBe('listo_para_estampar');
    const fecha = todayIso();
    const subido = await t.request(w.tokenA, { method: 'POST', url: `/api/v1/encargos/${encargo.id}/marcar_subido/`, payload: { fecha } });
    expect(subido.statusCode, subido.body).toBe(200);
    expect(await plazosDe(encargo.id)).toMatchObject([{ tipo: 'subida_estampado', estado: 'cumplido', cumplidoEn: fecha }]);
    expect(await leer(encargo.id)).toMatchObject({ estado: 'estampado', fecha_estampado: fecha });
    expect(await auditorias(encargo.id, 'estampado')).toHaveLength(1);
    const cobranza = await t.request(tokenCobro, { method: 'GET', url: `/api/v1/cobranza/encargos/?estudio=${w.estudioA.id}` });
    expect(cobranza.statusCode).toBe(200);
    expect(cobranza.body).toContain(encargo.numero_rol);
  });
});

describe('opening the certificate', () => {
  it('makes a listo_para_estampar assignment estampado once: opening it again changes nothing', async () => {
    const encargo = await nuevo();
    expect((await guardar(encargo.numero_rol, positiva)).statusCode).toBe(200);
    const doc = (await generar(encargo)).json().documento as { id: string };
    expect((await notificar(encargo, doc.id)).json()).toMatchObject({ estado: 'estampado', fecha_estampado: todayIso() });
    expect((await notificar(encargo, doc.id)).statusCode).toBe(200);
    expect(await auditorias(encargo.id, 'estampado')).toHaveLength(1);
    expect((await eventos(encargo.id)).filter((e) => e.tipo === 'estampado_abierto')).toHaveLength(1);
  });
});

describe('the portal timeline', () => {
  it("starts with 'Encargo recibido' on fecha_encargo, follows the acts' instants and ends with the receipt that bills them", async () => {
    const encargo = await nuevo();
    expect((await postVisita(t, w.tokenA, encargo.id, visitaBody(encargo, { fecha_hora: '2026-03-09T08:00:00-03:00' }))).statusCode).toBe(201);
    expect((await postVisita(t, w.tokenA, encargo.id, visitaBody(encargo, { fecha_hora: '2026-03-10T09:30:00-03:00' }))).statusCode).toBe(201);
    const saved = await guardar(encargo.numero_rol, positiva);
    const diligenciaId = saved.json().diligencia.id as number;
    const doc = (await generar(encargo)).json().documento as { id: string };
    expect((await notificar(encargo, doc.id)).statusCode).toBe(200);
    const subido = await t.request(w.tokenA, { method: 'POST', url: `/api/v1/encargos/${encargo.id}/marcar_subido/`, payload: { fecha: todayIso() } });
    expect(subido.statusCode, subido.body).toBe(200);
    const recibo = await t.request(tokenCobro, { method: 'POST', url: '/api/v1/recibos/', payload: { estudio_id: w.estudioA.id, diligencia_ids: [diligenciaId], fecha: '2026-03-10' } });
    // Dated the day of the act it bills, issued after it: it still follows every act it bills.
    expect(recibo.statusCode, recibo.body).toBe(201);

    const detalle = await getPortalEncargo(await db(), w.estudioA.id, encargo.id, { tenantId: t.mainTenantId, signer: () => Promise.reject(new Error('sin fotos')) });
    const tipos = detalle.eventos.map((e) => e.tipo);
    expect(tipos[0]).toBe('recibido');
    expect(detalle.eventos[0]?.fecha).toBe('2026-03-09');
    expect(tipos.slice(1, 5)).toEqual(['visita', 'visita', 'resultado', 'certificado']);
    expect(tipos.at(-1)).toBe('recibo');
    const instante = (fecha: string) => (/^\d{4}-\d{2}-\d{2}$/.test(fecha) ? Date.parse(`${fecha}T00:00:00-03:00`) : Date.parse(fecha));
    const instantes = detalle.eventos.map((e) => instante(e.fecha));
    expect(instantes).toEqual([...instantes].sort((a, b) => a - b));
    const plazo = detalle.eventos.find((e) => e.tipo === 'plazo');
    expect(plazo).toMatchObject({ estado: 'cumplido', cumplido_en: todayIso(), titulo: 'Subida del estampado al tribunal: plazo cumplido' });
    expect(detalle.eventos.some((e) => e.tipo === 'acto' && e.evento === 'estampado_subido')).toBe(true);
    expect((await eventos(encargo.id)).at(-1)?.tipo).toBe('facturado');
  });
});
