import {
  commonMessages,
  honorariosMessages as m,
  RetencionResponseSchema,
  SugeridoSchema,
  TarifasResponseSchema,
} from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { seedEncargo, seedEstudio } from '../rutas/rutas.fixtures';

let t: TestContext;
let token: string;
let sinCobranza: string;
let ajeno: string;
let estudio: { id: number; nombre: string };
let otro: { id: number; nombre: string };
let tipoId: number;
let otroTipoId: number;

beforeAll(async () => {
  t = await createTestContext();
  await t.createUser({ tenantId: t.mainTenantId, username: 'cobros', permisos: ['rebaja_recibos'] });
  await t.createUser({ tenantId: t.mainTenantId, username: 'sin_cobranza', permisos: ['estampa_1'] });
  token = await t.login('cobros');
  sinCobranza = await t.login('sin_cobranza');
  const db = await t.tenantDbOf(t.mainTenantId);
  estudio = await seedEstudio(db, 'Banco del Sur Cobranzas');
  otro = await seedEstudio(db, 'Estudio Sin Tarifa');
  const tipos = await db.select().from(tenantSchema.tiposEstampado).orderBy(tenantSchema.tiposEstampado.id);
  tipoId = tipos[0]!.id;
  otroTipoId = tipos[1]!.id;
  const other = await t.createTenant();
  await t.createUser({ tenantId: other.id, username: 'cobros_ajeno', permisos: ['rebaja_recibos'] });
  ajeno = await t.login('cobros_ajeno');
});
afterAll(async () => {
  await t.close();
});

describe('retention rates', () => {
  it('ships 2024–2028 and replaces the list, audited', async () => {
    const get = await t.request(token, { method: 'GET', url: '/api/v1/honorarios/retencion/' });
    expect(RetencionResponseSchema.parse(get.json())).toEqual([
      { anio: 2024, tasa: 13.75 },
      { anio: 2025, tasa: 14.5 },
      { anio: 2026, tasa: 15.25 },
      { anio: 2027, tasa: 16 },
      { anio: 2028, tasa: 17 },
    ]);
    const repetido = await t.request(token, { method: 'PUT', url: '/api/v1/honorarios/retencion/', payload: [{ anio: 2029, tasa: 17 }, { anio: 2029, tasa: 18 }] });
    expect(repetido.statusCode).toBe(400);
    expect(repetido.json().detail).toContain(m.aniosRepetidos);
    const put = await t.request(token, {
      method: 'PUT',
      url: '/api/v1/honorarios/retencion/',
      payload: [...RetencionResponseSchema.parse(get.json()), { anio: 2029, tasa: 17 }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(RetencionResponseSchema.parse(put.json()).at(-1)).toEqual({ anio: 2029, tasa: 17 });
    const db = await t.tenantDbOf(t.mainTenantId);
    const audit = await db.select().from(tenantSchema.auditoria).where(and(eq(tenantSchema.auditoria.entidad, 'honorarios'), eq(tenantSchema.auditoria.accion, 'retencion')));
    expect(audit).toHaveLength(1);
  });
});

describe('price lists and the suggested fee', () => {
  it('refuses overlapping rows for one firm and type, and unknown firms', async () => {
    const overlap = await t.request(token, {
      method: 'PUT',
      url: '/api/v1/honorarios/tarifas/',
      payload: [
        { estudio_id: estudio.id, tipo_estampado_id: tipoId, cuantia_desde: 0, cuantia_hasta: 1_000_000, monto_clp: 20_000 },
        { estudio_id: estudio.id, tipo_estampado_id: tipoId, cuantia_desde: 999_999, monto_clp: 30_000 },
      ],
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().detail).toContain(m.tarifasSuperpuestas(2, 1));
    const unknown = await t.request(token, { method: 'PUT', url: '/api/v1/honorarios/tarifas/', payload: [{ estudio_id: 999_999, monto_clp: 1 }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe(m.estudiosNoEncontrados([999_999]));
  });

  it("suggests the firm's band with the comuna surcharge, else the general list, else the type's default", async () => {
    const put = await t.request(token, {
      method: 'PUT',
      url: '/api/v1/honorarios/tarifas/',
      payload: [
        { estudio_id: estudio.id, tipo_estampado_id: tipoId, cuantia_desde: 0, cuantia_hasta: 1_000_000, monto_clp: 20_000, recargos: [{ comuna: 'Puente Alto', monto_clp: 5_000 }] },
        { estudio_id: estudio.id, tipo_estampado_id: tipoId, cuantia_desde: 1_000_000, monto_clp: 30_000 },
        { estudio_id: null, tipo_estampado_id: null, monto_clp: 18_000 },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    const lista = TarifasResponseSchema.parse(put.json());
    expect(lista).toHaveLength(3);
    expect(TarifasResponseSchema.parse((await t.request(token, { method: 'GET', url: `/api/v1/honorarios/tarifas/?estudio=${otro.id}` })).json())).toHaveLength(1);

    const db = await t.tenantDbOf(t.mainTenantId);
    const { encargo: chico } = await seedEncargo(db, { estudioId: estudio.id, numeroRol: 'C-900-2026', domicilios: [{ direccion: 'Concha y Toro 100', comuna: 'Puente Alto' }] });
    await db.execute(sql`update encargos set cuantia = 500000 where id = ${chico.id}`);
    const { encargo: grande } = await seedEncargo(db, { estudioId: estudio.id, numeroRol: 'C-901-2026' });
    await db.execute(sql`update encargos set cuantia = 5000000 where id = ${grande.id}`);
    const { encargo: general } = await seedEncargo(db, { estudioId: otro.id, numeroRol: 'C-902-2026' });

    const sugerido = async (encargoId: number, tipo: number) => {
      const response = await t.request(token, { method: 'GET', url: `/api/v1/honorarios/sugerido/?encargo_id=${encargoId}&tipo_estampado_id=${tipo}` });
      expect(response.statusCode, response.body).toBe(200);
      return SugeridoSchema.parse(response.json());
    };
    expect(await sugerido(chico.id, tipoId)).toMatchObject({ monto: 25_000, fuente: 'tarifa_estudio', detalle: 'Tarifa de Banco del Sur Cobranzas (cuantía $0 a $1.000.000): $20.000 + recargo Puente Alto $5.000' });
    expect(await sugerido(grande.id, tipoId)).toMatchObject({ monto: 30_000, fuente: 'tarifa_estudio' });
    expect(await sugerido(general.id, tipoId)).toMatchObject({ monto: 18_000, fuente: 'tarifa_general' });
    // The firm has no row for the other type: the general list (any type) applies.
    expect(await sugerido(chico.id, otroTipoId)).toMatchObject({ monto: 18_000, fuente: 'tarifa_general' });
    await t.request(token, { method: 'PUT', url: '/api/v1/honorarios/tarifas/', payload: [] });
    const [tipo] = await db.select().from(tenantSchema.tiposEstampado).where(eq(tenantSchema.tiposEstampado.id, tipoId));
    expect(await sugerido(chico.id, tipoId)).toMatchObject({ monto: tipo!.valorPorDefecto, fuente: 'tipo_estampado' });
    expect((await t.request(ajeno, { method: 'GET', url: `/api/v1/honorarios/sugerido/?encargo_id=${chico.id}&tipo_estampado_id=${tipoId}` })).statusCode).toBe(404);
  });

  it('guardar_resultados without valor_personalizado stores the fee the price list suggests', async () => {
    await t.createUser({ tenantId: t.mainTenantId, username: 'receptora', permisos: ['estampa_1'] });
    const receptora = await t.login('receptora');
    const put = await t.request(token, {
      method: 'PUT',
      url: '/api/v1/honorarios/tarifas/',
      payload: [{ estudio_id: estudio.id, tipo_estampado_id: tipoId, monto_clp: 27_500, recargos: [{ comuna: 'Maipú', monto_clp: 2_500 }] }],
    });
    expect(put.statusCode).toBe(200);
    const db = await t.tenantDbOf(t.mainTenantId);
    await seedEncargo(db, { estudioId: estudio.id, numeroRol: 'C-903-2026', estado: 'preparado', domicilios: [{ direccion: 'Pajaritos 2000', comuna: 'Maipu' }] });
    const guardar = (valor: string | null, rol: string) =>
      t.request(receptora, {
        method: 'POST',
        url: '/api/v1/diligencias/guardar_resultados/',
        payload: {
          numero_rol: rol,
          resultado_id: tipoId,
          fecha_diligencia: '2026-03-14T10:35:00-03:00',
          apuntes_terreno: 'doña Carmen Soto, vecina, quien manifestó que el demandado vive ahí',
          valor_personalizado: valor,
          observaciones_diligencia: valor ? 'Distancia' : '',
          tratamiento: 'don',
          cambiar_estado_a: 'listo_para_estampar',
        },
      });
    const sugerido = await guardar(null, 'C-903-2026');
    expect(sugerido.statusCode, sugerido.body).toBe(200);
    expect(sugerido.json().diligencia).toMatchObject({ valor_cobrado: null, valor_final: 30_000 });
    const propio = await guardar('41.000', 'C-903-2026');
    expect(propio.json().diligencia).toMatchObject({ valor_cobrado: 41_000, valor_final: 41_000 });
  });

  it('guardar_resultados prices a % UTM row with the latest UTM on record, as the suggestion does, and takes the type default while none is known', async () => {
    await t.createUser({ tenantId: t.mainTenantId, username: 'receptora_utm', permisos: ['estampa_1'] });
    const receptora = await t.login('receptora_utm');
    // The firm has no list of its own: the general list's row in % of the UTM applies.
    const put = await t.request(token, { method: 'PUT', url: '/api/v1/honorarios/tarifas/', payload: [{ estudio_id: null, tipo_estampado_id: tipoId, porcentaje_utm: 12.5 }] });
    expect(put.statusCode, put.body).toBe(200);
    const db = await t.tenantDbOf(t.mainTenantId);
    await db.delete(tenantSchema.utmMensual);
    const { encargo } = await seedEncargo(db, { estudioId: otro.id, numeroRol: 'C-904-2026', estado: 'preparado' });
    const [tipo] = await db.select().from(tenantSchema.tiposEstampado).where(eq(tenantSchema.tiposEstampado.id, tipoId));
    const guardar = () =>
      t.request(receptora, {
        method: 'POST',
        url: '/api/v1/diligencias/guardar_resultados/',
        payload: {
          numero_rol: 'C-904-2026',
          resultado_id: tipoId,
          fecha_diligencia: '2026-03-14T10:35:00-03:00',
          apuntes_terreno: 'Se notificó personalmente al ejecutado en su domicilio.',
          valor_personalizado: null,
          observaciones_diligencia: '',
          tratamiento: 'don',
          cambiar_estado_a: 'listo_para_estampar',
        },
      });
    const sinUtm = await guardar();
    expect(sinUtm.statusCode, sinUtm.body).toBe(200);
    expect(sinUtm.json().diligencia.valor_final).toBe(tipo!.valorPorDefecto);
    await db.insert(tenantSchema.utmMensual).values({ mes: '2020-01', valor: 50_021, fuente: 'manual' });
    const conUtm = await guardar();
    expect(conUtm.statusCode, conUtm.body).toBe(200);
    expect(conUtm.json().diligencia.valor_final).toBe(6_253);
    const sugerido = await t.request(token, { method: 'GET', url: `/api/v1/honorarios/sugerido/?encargo_id=${encargo.id}&tipo_estampado_id=${tipoId}` });
    expect(SugeridoSchema.parse(sugerido.json())).toMatchObject({ monto: 6_253, fuente: 'tarifa_general' });
  });

  it('needs the cobranza module', async () => {
    const response = await t.request(sinCobranza, { method: 'GET', url: '/api/v1/honorarios/tarifas/' });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(commonMessages.forbidden);
    expect((await t.request(sinCobranza, { method: 'PUT', url: '/api/v1/honorarios/retencion/', payload: [] })).statusCode).toBe(403);
  });
});
