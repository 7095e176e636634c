import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ArancelResponseSchema,
  commonMessages,
  honorariosMessages as m,
  TarifasResponseSchema,
  todayIso,
  UtmSchema,
  versionDeTarifas,
} from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { seedEstudio } from '../rutas/rutas.fixtures';

/** A stand-in for mindicador.cl's `/api/utm/{dd-mm-yyyy}` on 127.0.0.1: the UTM of the first of the month asked. */
interface StandIn {
  url: string;
  hits: string[];
  down: boolean;
  close(): Promise<void>;
}

const UTM_POR_MES: Record<string, number> = { '2026-03': 69_889, '2026-04': 70_098 };

async function startStandIn(): Promise<StandIn> {
  const standIn: StandIn = { url: '', hits: [], down: false, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    standIn.hits.push(req.url ?? '');
    if (standIn.down) {
      res.writeHead(503, { 'content-type': 'text/html' }).end('<html>Service Unavailable</html>');
      return;
    }
    const match = /^\/api\/utm\/01-(\d{2})-(\d{4})$/.exec(req.url ?? '');
    if (!match) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    const mes = `${match[2]}-${match[1]}`;
    const valor = UTM_POR_MES[mes];
    // As the real service: midnight in Chile as a UTC instant; an empty series for a month not published.
    const serie = valor === undefined ? [] : [{ fecha: `${mes}-01T03:00:00.000Z`, valor }];
    res
      .writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
      .end(JSON.stringify({ version: '1.7.0', autor: 'mindicador.cl', codigo: 'utm', nombre: 'Unidad Tributaria Mensual (UTM)', unidad_medida: 'Pesos', serie }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  standIn.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return standIn;
}

let standIn: StandIn;
let t: TestContext;
let imprime: string;
let sinCobranza: string;
let ajeno: string;

beforeAll(async () => {
  standIn = await startStandIn();
  // No pause after a failure, so the outage test and the recovery after it read the stand-in again.
  t = await createTestContext({ indicadores: { url: standIn.url, timeoutMs: 2000, retryAfterFailureMs: 0 } });
  await t.createUser({ tenantId: t.mainTenantId, username: 'arancel_imprime', permisos: ['imprime_recibos'] });
  await t.createUser({ tenantId: t.mainTenantId, username: 'arancel_sin_cobranza', permisos: ['estampa_1'] });
  imprime = await t.login('arancel_imprime');
  sinCobranza = await t.login('arancel_sin_cobranza');
  const other = await t.createTenant();
  await t.createUser({ tenantId: other.id, username: 'arancel_ajeno', permisos: ['recibos_periodo'] });
  ajeno = await t.login('arancel_ajeno');
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

const audits = async (accion: string) => {
  const db = await t.tenantDbOf(t.mainTenantId);
  return db.select().from(tenantSchema.auditoria).where(and(eq(tenantSchema.auditoria.entidad, 'honorarios'), eq(tenantSchema.auditoria.accion, accion)));
};

describe('official schedule (arancel)', () => {
  it('starts empty (the decree’s line items are the receiver’s to confirm) and is replaced whole, audited', async () => {
    const vacio = await t.request(imprime, { method: 'GET', url: '/api/v1/honorarios/arancel/' });
    expect(vacio.statusCode).toBe(200);
    expect(ArancelResponseSchema.parse(vacio.json())).toEqual([]);
    const filas = [
      { actuacion: 'Notificación personal', cuantia_desde: 0, cuantia_hasta: 5_000_000, porcentaje_utm: 12.5 },
      { actuacion: 'Notificación personal', cuantia_desde: 5_000_000, cuantia_hasta: null, porcentaje_utm: 25 },
      { actuacion: 'Búsqueda', porcentaje_utm: 0.75 },
    ];
    const put = await t.request(imprime, { method: 'PUT', url: '/api/v1/honorarios/arancel/', payload: filas });
    expect(put.statusCode, put.body).toBe(200);
    const guardado = ArancelResponseSchema.parse(put.json());
    expect(guardado.map(({ id: _id, ...f }) => f)).toEqual([
      filas[0],
      filas[1],
      { actuacion: 'Búsqueda', cuantia_desde: 0, cuantia_hasta: null, porcentaje_utm: 0.75 },
    ]);
    expect(ArancelResponseSchema.parse((await t.request(imprime, { method: 'GET', url: '/api/v1/honorarios/arancel/' })).json())).toEqual(guardado);
    const [audit] = await audits('arancel');
    expect(audit?.cambios).toMatchObject({ arancel: { antes: [], despues: [{ actuacion: 'Notificación personal' }, {}, {}] } });
  });

  it('refuses bad rows with a Spanish 400 and keeps the schedule', async () => {
    const antes = (await t.request(imprime, { method: 'GET', url: '/api/v1/honorarios/arancel/' })).json();
    for (const [payload, message] of [
      [[{ actuacion: '  ', porcentaje_utm: 1 }], m.actuacionRequerida],
      [[{ actuacion: 'Embargo', cuantia_desde: 10, cuantia_hasta: 5, porcentaje_utm: 1 }], m.cuantiaInvertida],
      [[{ actuacion: 'Embargo', porcentaje_utm: -1 }], m.porcentajeInvalido],
      [[{ actuacion: 'Embargo', porcentaje_utm: '5' }], m.porcentajeInvalido],
    ] as const) {
      const response = await t.request(imprime, { method: 'PUT', url: '/api/v1/honorarios/arancel/', payload: payload as unknown as object });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().detail).toContain(message);
    }
    expect((await t.request(imprime, { method: 'GET', url: '/api/v1/honorarios/arancel/' })).json()).toEqual(antes);
  });

  it('belongs to its receiver: another receiver sees its own (empty) schedule and its PUT leaves this one', async () => {
    expect((await t.request(ajeno, { method: 'GET', url: '/api/v1/honorarios/arancel/' })).json()).toEqual([]);
    const antes = (await t.request(imprime, { method: 'GET', url: '/api/v1/honorarios/arancel/' })).json();
    const put = await t.request(ajeno, { method: 'PUT', url: '/api/v1/honorarios/arancel/', payload: [{ actuacion: 'Ajena', porcentaje_utm: 99 }] });
    expect(put.statusCode).toBe(200);
    expect((await t.request(imprime, { method: 'GET', url: '/api/v1/honorarios/arancel/' })).json()).toEqual(antes);
  });
});

describe('the month’s UTM', () => {
  it('reads mindicador’s value for the month once and then answers it from the receiver’s database', async () => {
    standIn.hits = [];
    const first = await t.request(imprime, { method: 'GET', url: '/api/v1/honorarios/utm/', query: { mes: '2026-03' } });
    expect(first.statusCode, first.body).toBe(200);
    expect(UtmSchema.parse(first.json())).toEqual({ mes: '2026-03', valor: 69_889, fuente: 'mindicador', detalle: null });
    expect(standIn.hits).toEqual(['/api/utm/01-03-2026']);
    const again = await t.request(imprime, { method: 'GET', url: '/api/v1/honorarios/utm/', query: { mes: '2026-03' } });
    expect(again.json()).toEqual(first.json());
    expect(standIn.hits).toHaveLength(1);
    const db = await t.tenantDbOf(t.mainTenantId);
    const [row] = await db.select().from(tenantSchema.utmMensual).where(eq(tenantSchema.utmMensual.mes, '2026-03'));
    expect(row).toMatchObject({ valor: 69_889, fuente: 'mindicador' });
  });

  it('without the source (down, or the month unpublished) answers no value and asks for a manual one, which then wins', async () => {
    standIn.down = true;
    try {
      const down = await t.request(imprime, { method: 'GET', url: '/api/v1/honorarios/utm/', query: { mes: '2026-04' } });
      expect(down.statusCode).toBe(200);
      expect(UtmSchema.parse(down.json())).toEqual({ mes: '2026-04', valor: null, fuente: null, detalle: m.utmNoDisponible('2026-04') });
    } finally {
      standIn.down = false;
    }
    const unpublished = await t.request(imprime, { method: 'GET', url: '/api/v1/honorarios/utm/', query: { mes: '2025-01' } });
    expect(UtmSchema.parse(unpublished.json()).valor).toBeNull();
    // A month still to come is not asked for.
    standIn.hits = [];
    const [anio, mes] = todayIso().split('-').map(Number) as [number, number];
    const proximo = mes === 12 ? `${anio + 1}-01` : `${anio}-${String(mes + 1).padStart(2, '0')}`;
    expect((await t.request(imprime, { method: 'GET', url: '/api/v1/honorarios/utm/', query: { mes: proximo } })).json().valor).toBeNull();
    expect(standIn.hits).toEqual([]);

    const put = await t.request(imprime, { method: 'PUT', url: '/api/v1/honorarios/utm/', payload: { mes: '2026-04', valor: 70_000 } });
    expect(put.statusCode, put.body).toBe(200);
    expect(UtmSchema.parse(put.json())).toEqual({ mes: '2026-04', valor: 70_000, fuente: 'manual', detalle: null });
    // The source is back, but the receiver's value stays.
    const read = await t.request(imprime, { method: 'GET', url: '/api/v1/honorarios/utm/', query: { mes: '2026-04' } });
    expect(read.json()).toEqual({ mes: '2026-04', valor: 70_000, fuente: 'manual', detalle: null });
    // A manual value over mindicador's replaces it, audited with both.
    const over = await t.request(imprime, { method: 'PUT', url: '/api/v1/honorarios/utm/', payload: { mes: '2026-03', valor: 69_900 } });
    expect(over.json().fuente).toBe('manual');
    const utmAudits = await audits('utm');
    expect(utmAudits.map((a) => a.cambios)).toContainEqual({ 'utm_2026-03': { antes: { valor: 69_889, fuente: 'mindicador' }, despues: { valor: 69_900, fuente: 'manual' } } });
  });

  it('refuses a bad month or value with a Spanish 400', async () => {
    for (const mes of ['2026-13', '26-03', '2026-3', 'x'.repeat(50)]) {
      const response = await t.request(imprime, { method: 'GET', url: '/api/v1/honorarios/utm/', query: { mes } });
      expect(response.statusCode, mes).toBe(400);
      expect(response.json().detail).toContain(m.mesInvalido);
    }
    expect((await t.request(imprime, { method: 'GET', url: '/api/v1/honorarios/utm/' })).statusCode).toBe(400);
    for (const valor of [0, -5, 1.5, '70000']) {
      const response = await t.request(imprime, { method: 'PUT', url: '/api/v1/honorarios/utm/', payload: { mes: '2026-05', valor } });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toContain(m.utmInvalida);
    }
  });

  it('keeps each receiver’s manual values apart', async () => {
    const ajenoRead = await t.request(ajeno, { method: 'GET', url: '/api/v1/honorarios/utm/', query: { mes: '2026-04' } });
    // The other receiver reads April from the source (70 098), not this receiver's manual 70 000.
    expect(ajenoRead.json().valor).toBe(70_098);
    expect((await t.request(imprime, { method: 'GET', url: '/api/v1/honorarios/utm/', query: { mes: '2026-04' } })).json().valor).toBe(70_000);
  });
});

describe('price list version', () => {
  it('refuses a save made over a list that changed since it was read (409), accepts the current version', async () => {
    const db = await t.tenantDbOf(t.mainTenantId);
    const estudio = await seedEstudio(db, 'Estudio Versionado');
    const leida = TarifasResponseSchema.parse((await t.request(imprime, { method: 'GET', url: '/api/v1/honorarios/tarifas/' })).json());
    const version = versionDeTarifas(leida);
    const fila = { estudio_id: estudio.id, tipo_estampado_id: null, cuantia_desde: 0, cuantia_hasta: null, monto_clp: 30_000, porcentaje_utm: null, recargos: [] };
    const first = await t.request(imprime, { method: 'PUT', url: '/api/v1/honorarios/tarifas/', query: { version: String(version) }, payload: [fila] });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await t.request(imprime, { method: 'PUT', url: '/api/v1/honorarios/tarifas/', query: { version: String(version) }, payload: [{ ...fila, monto_clp: 1 }] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toBe(m.tarifasDesactualizadas);
    const actual = TarifasResponseSchema.parse(first.json());
    expect(actual.map((r) => r.monto_clp)).toEqual([30_000]);
    const next = await t.request(imprime, { method: 'PUT', url: '/api/v1/honorarios/tarifas/', query: { version: String(versionDeTarifas(actual)) }, payload: [{ ...fila, monto_clp: 35_000 }] });
    expect(next.statusCode).toBe(200);
    // Without a version the list is replaced as before.
    expect((await t.request(imprime, { method: 'PUT', url: '/api/v1/honorarios/tarifas/', payload: [] })).statusCode).toBe(200);
    const bad = await t.request(imprime, { method: 'PUT', url: '/api/v1/honorarios/tarifas/', query: { version: 'x' }, payload: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain(m.versionInvalida);
  });
});

describe('permissions', () => {
  const routes = [
    { method: 'GET', url: '/api/v1/honorarios/arancel/' },
    { method: 'PUT', url: '/api/v1/honorarios/arancel/', payload: [] },
    { method: 'GET', url: '/api/v1/honorarios/utm/?mes=2026-03' },
    { method: 'PUT', url: '/api/v1/honorarios/utm/', payload: { mes: '2026-06', valor: 70_500 } },
  ] as const;

  const PERMISOS = ['imprime_recibos', 'edit_asocia_recibos', 'rebaja_recibos', 'recibos_periodo'] as const;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const permiso of PERMISOS) {
      await t.createUser({ tenantId: t.mainTenantId, username: `arancel_${permiso}`, permisos: [permiso] });
      tokens[permiso] = await t.login(`arancel_${permiso}`);
    }
  });

  it.each(routes)('$method $url needs the cobranza module (403 in Spanish); each collection permission alone grants it', async (route) => {
    const payload = 'payload' in route ? (route.payload as object) : undefined;
    const refused = await t.request(sinCobranza, { ...route, payload });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(commonMessages.forbidden);
    for (const permiso of PERMISOS) {
      const granted = await t.request(tokens[permiso]!, { ...route, payload });
      expect(granted.statusCode, `${permiso}: ${granted.body}`).toBe(200);
    }
  });
});
