import {
  CierreDiaSchema,
  FacturablesResponseSchema,
  GenerarEstampadoResponseSchema,
  PreviewEstampadoResponseSchema,
  SugeridoSchema,
} from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { docxText } from '../../documents/docx/ooxml';
import { type ResultadosWorld, setupResultados, tipoId } from '../diligencias/resultados.fixtures';
import { crearEncargo } from '../encargos/encargos.fixtures';

/**
 * One fee everywhere: a general rate 'Notificación personal' = $48.000 over the type's default of
 * $45.000 is what the form suggests, the preview and the certificate print, the diligence stores and
 * Cobranza, receipts and the day's closing bill.
 */
let t: TestContext;
let w: ResultadosWorld;
let cobra: string;
let notificacion: number;
let rol = 700;
const nextRol = () => `C-${(rol += 1)}-2026`;

beforeAll(async () => {
  t = await createTestContext({ soffice: '/nonexistent/soffice' });
  w = await setupResultados(t);
  await t.createUser({ tenantId: t.mainTenantId, username: 'receptor_cobra', permisos: ['estampa_1', 'recibos_periodo'] });
  cobra = await t.login('receptor_cobra');
  notificacion = await tipoId(t, 'notificacion_personal');
  const db = await t.tenantDbOf(t.mainTenantId);
  await db.update(tenantSchema.tiposEstampado).set({ valorPorDefecto: 45_000 }).where(eq(tenantSchema.tiposEstampado.id, notificacion));
  const put = await t.request(cobra, {
    method: 'PUT',
    url: '/api/v1/honorarios/tarifas/',
    payload: [{ estudio_id: null, tipo_estampado_id: notificacion, monto_clp: 48_000 }],
  });
  expect(put.statusCode, put.body).toBe(200);
});
afterAll(() => t.close());

const typed = (numeroRol: string) => ({
  numero_rol: numeroRol,
  fecha_diligencia: '14/03/2026 10:35',
  apuntes_terreno: 'Se notificó personalmente al demandado en su domicilio',
  tratamiento: 'don',
  firma_notificado: 'firmo',
});

const preview = (numeroRol: string, datos: Record<string, unknown>) =>
  t.request(w.tokenA, { method: 'POST', url: '/estampados/api/estampados/preview', payload: { tipo_estampado: notificacion, datos: { numero_rol: numeroRol, ...datos } } });

describe('the fee of the price list is the one charged', () => {
  it('is suggested to the results form (also to a user with Estampar only), naming the general list', async () => {
    const encargo = await crearEncargo(t, w.tokenA, w.estudioA, w.lookupsA, { numero_rol: nextRol() });
    for (const token of [cobra, w.tokenA]) {
      const response = await t.request(token, { method: 'GET', url: `/api/v1/honorarios/sugerido/?encargo_id=${encargo.id}&tipo_estampado_id=${notificacion}` });
      expect(response.statusCode, response.body).toBe(200);
      expect(SugeridoSchema.parse(response.json())).toMatchObject({ monto: 48_000, fuente: 'tarifa_general' });
    }
    const sinModulo = await t.request(w.tokenSinPermiso, { method: 'GET', url: `/api/v1/honorarios/sugerido/?encargo_id=${encargo.id}&tipo_estampado_id=${notificacion}` });
    expect(sinModulo.statusCode).toBe(403);
  });

  it('is what the preview prints, with results typed or none yet, and a typed value is the custom one', async () => {
    const encargo = await crearEncargo(t, w.tokenA, w.estudioA, w.lookupsA, { numero_rol: nextRol() });
    const nada = PreviewEstampadoResponseSchema.parse((await preview(encargo.numero_rol, {})).json());
    expect(nada.datos.valor_cobrado).toBe('48.000');
    const tipeado = await preview(encargo.numero_rol, typed(encargo.numero_rol));
    expect(tipeado.statusCode, tipeado.body).toBe(200);
    const body = PreviewEstampadoResponseSchema.parse(tipeado.json());
    expect(body.datos.valor_cobrado).toBe('48.000');
    expect(body.texto).toContain('Drs. $48.000.-');
    const propio = PreviewEstampadoResponseSchema.parse((await preview(encargo.numero_rol, { ...typed(encargo.numero_rol), valor_cobrado: 52_000 })).json());
    expect(propio.texto).toContain('Drs. $52.000.-');
  });

  it('is stored with the results, printed on the certificate and billed by Cobranza, receipts and the day’s closing', async () => {
    const encargo = await crearEncargo(t, cobra, w.estudioA, w.lookupsA, { numero_rol: nextRol() });
    const response = await t.request(cobra, {
      method: 'POST',
      url: '/estampados/api/estampados/generar',
      payload: { tipo_estampado: notificacion, encargo_id: encargo.id, datos: typed(encargo.numero_rol), validar_marcadores: true },
    });
    expect(response.statusCode, response.body).toBe(201);
    const doc = GenerarEstampadoResponseSchema.parse(response.json()).documento;
    expect(docxText((await t.request(undefined, { method: 'GET', url: doc.url })).rawPayload)).toContain('Drs. $48.000.-');

    const db = await t.tenantDbOf(t.mainTenantId);
    const [diligencia] = await db.select().from(tenantSchema.diligencias).where(eq(tenantSchema.diligencias.encargoId, encargo.id));
    expect(diligencia).toMatchObject({ valorCobrado: null, valorFinal: 48_000 });

    const notificado = await t.request(cobra, {
      method: 'POST',
      url: '/api/v1/diligencias/notificar_estampado_generado/',
      payload: { numero_rol: encargo.numero_rol, documento_id: doc.id, url_documento: doc.url },
    });
    expect(notificado.statusCode, notificado.body).toBe(200);
    const cobranza = await t.request(cobra, { method: 'GET', url: `/api/v1/cobranza/encargos/?estudio=${w.estudioA.id}` });
    const fila = (cobranza.json() as { encargos: { numero_rol: string; valor_asociado: number }[] }).encargos.find((e) => e.numero_rol === encargo.numero_rol);
    expect(fila).toMatchObject({ valor_asociado: 48_000 });
    const facturables = FacturablesResponseSchema.parse(
      (await t.request(cobra, { method: 'GET', url: `/api/v1/recibos/facturables/?estudio=${w.estudioA.id}` })).json(),
    );
    expect(facturables.find((f) => f.numero_rol === encargo.numero_rol)).toMatchObject({ valor: 48_000 });
    const cierre = CierreDiaSchema.parse((await t.request(cobra, { method: 'GET', url: '/api/v1/dashboard/cierre_dia/' })).json());
    expect(cierre.certificados.find((c) => c.numero_rol === encargo.numero_rol)).toMatchObject({ valor: 48_000, facturable: true });
  });
});
