import { DashboardEstadisticasResponseSchema, type EncargoEstado } from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { santiagoMonthBounds } from './dashboard.service';

const { encargos, estudios } = tenantSchema;

let t: TestContext;
let dbA: TenantDb;
let dbB: TenantDb;
let tokenA: string;
let tokenB: string;
let rolCounter = 0;

beforeAll(async () => {
  t = await createTestContext();
  const tenantB = await t.createTenant({ nombre: 'Receptor Valparaíso' });
  await t.createUser({ tenantId: t.mainTenantId, username: 'usuario_a' });
  await t.createUser({ tenantId: tenantB.id, username: 'usuario_b' });
  tokenA = await t.login('usuario_a');
  tokenB = await t.login('usuario_b');
  dbA = await t.tenantDbOf(t.mainTenantId);
  dbB = await t.tenantDbOf(tenantB.id);
});
afterAll(() => t.close());

async function insertEncargos(db: TenantDb, rows: { estado: EncargoEstado; fecha: string; n?: number }[]) {
  let [estudio] = await db.select({ id: estudios.id }).from(estudios).limit(1);
  if (!estudio) {
    [estudio] = await db
      .insert(estudios)
      .values({
        nombre: 'Estudio Jurídico Pérez y Cía.',
        direccion: 'Huérfanos 1160, oficina 504',
        comuna: 'Santiago',
        ciudad: 'Santiago',
        telefono: '+56 2 2696 1234',
        rutEstudio: '76123456-0',
      })
      .returning({ id: estudios.id });
  }
  const values = rows.flatMap(({ estado, fecha, n = 1 }) =>
    Array.from({ length: n }, () => {
      rolCounter += 1;
      return { numeroRol: `C-${rolCounter}-2025`, estado, fechaEncargo: fecha, estudioId: estudio!.id };
    }),
  );
  return db.insert(encargos).values(values).returning({ id: encargos.id });
}

async function estadisticas(token: string) {
  const response = await t.request(token, { method: 'GET', url: '/api/v1/dashboard/estadisticas/' });
  expect(response.statusCode).toBe(200);
  return DashboardEstadisticasResponseSchema.parse(response.json()).estadisticas;
}

function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

describe('GET /dashboard/estadisticas/', () => {
  it('answers zeros for a receiver with no assignments', async () => {
    expect(await estadisticas(tokenB)).toEqual({
      flujo_trabajo: { preparado: { valor: 0 }, listo_para_estampar: { valor: 0 }, estampado: { valor: 0 } },
      encargos_activos: { valor: 0 },
      diligencias_pendientes: { valor: 0 },
      diligencias_completadas: { valor: 0 },
      estudios_registrados: { valor: 0 },
    });
  });

  it('counts the workflow states, the active assignments and this month’s diligencias', async () => {
    const { desde, hasta } = santiagoMonthBounds(new Date());
    const lastMonth = addDays(desde, -1);
    await insertEncargos(dbA, [
      { estado: 'pendiente', fecha: desde, n: 2 },
      { estado: 'preparado', fecha: desde, n: 3 },
      { estado: 'listo_para_estampar', fecha: addDays(hasta, -1) },
      { estado: 'estampado', fecha: desde, n: 4 },
      // Received last month: in the workflow, not in this month's diligencias.
      { estado: 'preparado', fecha: lastMonth, n: 2 },
      { estado: 'estampado', fecha: lastMonth },
      { estado: 'pendiente', fecha: lastMonth },
    ]);
    expect(await estadisticas(tokenA)).toEqual({
      flujo_trabajo: { preparado: { valor: 5 }, listo_para_estampar: { valor: 1 }, estampado: { valor: 5 } },
      encargos_activos: { valor: 2 + 5 + 1 + 1 },
      diligencias_pendientes: { valor: 3 },
      diligencias_completadas: { valor: 1 + 4 },
      // The one firm the assignments were registered under.
      estudios_registrados: { valor: 1 },
    });
  });

  it('follows changes of state', async () => {
    const before = await estadisticas(tokenA);
    const { desde } = santiagoMonthBounds(new Date());
    const [first, second] = await insertEncargos(dbA, [{ estado: 'preparado', fecha: desde, n: 2 }]);
    await dbA
      .update(encargos)
      .set({ estado: 'listo_para_estampar' })
      .where(inArray(encargos.id, [first!.id, second!.id]));
    await dbA.update(encargos).set({ estado: 'estampado' }).where(eq(encargos.id, second!.id));
    const after = await estadisticas(tokenA);
    expect(after.flujo_trabajo.preparado.valor).toBe(before.flujo_trabajo.preparado.valor);
    expect(after.flujo_trabajo.listo_para_estampar.valor).toBe(before.flujo_trabajo.listo_para_estampar.valor + 1);
    expect(after.flujo_trabajo.estampado.valor).toBe(before.flujo_trabajo.estampado.valor + 1);
    expect(after.encargos_activos.valor).toBe(before.encargos_activos.valor + 1);
    expect(after.diligencias_pendientes.valor).toBe(before.diligencias_pendientes.valor);
    expect(after.diligencias_completadas.valor).toBe(before.diligencias_completadas.valor + 2);

    await dbA.delete(encargos).where(eq(encargos.id, first!.id));
    expect((await estadisticas(tokenA)).flujo_trabajo.listo_para_estampar.valor).toBe(
      before.flujo_trabajo.listo_para_estampar.valor,
    );
  });

  it("never counts tenant A's assignments for a user of tenant B, nor the other way round", async () => {
    const a = await estadisticas(tokenA);
    expect(a.flujo_trabajo.preparado.valor).toBeGreaterThan(0);
    const { desde } = santiagoMonthBounds(new Date());
    await insertEncargos(dbB, [{ estado: 'listo_para_estampar', fecha: desde, n: 7 }]);
    const b = await estadisticas(tokenB);
    expect(b.flujo_trabajo).toEqual({
      preparado: { valor: 0 },
      listo_para_estampar: { valor: 7 },
      estampado: { valor: 0 },
    });
    expect(b.encargos_activos.valor).toBe(7);
    expect(b.diligencias_completadas.valor).toBe(7);
    expect(b.estudios_registrados.valor).toBe(1);
    expect(await estadisticas(tokenA)).toEqual(a);
  });

  it('requires a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/dashboard/estadisticas/' });
    expect(response.statusCode).toBe(401);
  });
});

describe('santiagoMonthBounds', () => {
  it('takes the month of the Santiago calendar, not of UTC', () => {
    // 02:00 UTC on 1 March is still 28 February in Santiago (UTC-3 in summer).
    expect(santiagoMonthBounds(new Date('2025-03-01T02:00:00Z'))).toEqual({ desde: '2025-02-01', hasta: '2025-03-01' });
    expect(santiagoMonthBounds(new Date('2025-03-01T04:00:00Z'))).toEqual({ desde: '2025-03-01', hasta: '2025-04-01' });
  });

  it('rolls over the year in December', () => {
    expect(santiagoMonthBounds(new Date('2025-12-15T15:00:00Z'))).toEqual({ desde: '2025-12-01', hasta: '2026-01-01' });
  });
});
