import { DashboardDetalleSchema, DETALLE_TEXTOS, todayIso } from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { registerEstudio } from '../encargos/encargos.fixtures';
import { tipoEstampadoId } from '../informes/informes.fixtures';

let t: TestContext;
let tokenA: string;
let tokenB: string;
const hoy = todayIso();
const mesPasado = (() => {
  const [y, m] = hoy.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12-15` : `${y}-${String(m - 1).padStart(2, '0')}-15`;
})();

beforeAll(async () => {
  t = await createTestContext();
  const tenantB = (await t.createTenant({ nombre: 'Receptor Temuco' })).id;
  await t.createUser({ tenantId: t.mainTenantId, username: 'secretaria_d' });
  await t.createUser({ tenantId: tenantB, username: 'secretaria_db' });
  tokenA = await t.login('secretaria_d');
  tokenB = await t.login('secretaria_db');
  const estudio = await registerEstudio(t, tokenA, { nombre: 'Estudio Detalle' });
  await registerEstudio(t, tokenA, { nombre: 'Estudio Sin Encargos' });
  const db = await t.tenantDbOf(t.mainTenantId);
  const insert = async (numeroRol: string, estado: 'pendiente' | 'preparado' | 'listo_para_estampar' | 'estampado', fechaEncargo: string) => {
    const [row] = await db
      .insert(tenantSchema.encargos)
      .values({ numeroRol, estado, fechaEncargo, estudioId: estudio.id, ejecutados: 'Ana Rojas Díaz' })
      .returning();
    return row!.id;
  };
  // Today is day 1 of the month in some runs: "this month" rows use today, older ones last month.
  const preparado = await insert('C-1-2026', 'preparado', hoy);
  await db.insert(tenantSchema.domicilios).values({ encargoId: preparado, direccion: 'Av. Matta 123', comuna: 'Santiago', ciudad: 'Santiago', esPrincipal: true });
  await insert('C-2-2026', 'pendiente', mesPasado);
  const listo = await insert('C-3-2026', 'listo_para_estampar', hoy);
  await db.insert(tenantSchema.diligencias).values({ encargoId: listo, tipoEstampadoId: await tipoEstampadoId(db, 'Notificación personal'), fechaDiligencia: new Date(), apuntesTerreno: 'ok', valorFinal: 38_000 });
  await insert('C-4-2026', 'estampado', mesPasado);
});
afterAll(() => t.close());

const detalle = async (token: string, clave: string) => {
  const response = await t.request(token, { method: 'GET', url: `/api/v1/dashboard/detalle/${clave}/` });
  expect(response.statusCode).toBe(200);
  return DashboardDetalleSchema.parse(response.json());
};

describe('GET /dashboard/detalle/{clave}/', () => {
  it('encargos-activos lists every assignment not yet stamped, with days pending', async () => {
    const body = await detalle(tokenA, 'encargos-activos');
    expect(body).toMatchObject({ titulo: 'Encargos Activos', total: 3, periodo: null, vacio: DETALLE_TEXTOS['encargos-activos'].vacio });
    expect(body.items.map((i) => i.titulo)).toEqual(['C-2-2026', 'C-1-2026', 'C-3-2026']);
    const preparado = body.items.find((i) => i.titulo === 'C-1-2026')!;
    expect(preparado).toMatchObject({ estado: 'preparado', estudio: 'Estudio Detalle', ejecutado: 'Ana Rojas Díaz', direccion: 'Av. Matta 123, Santiago', fecha: hoy, dias_pendiente: 0 });
    expect(body.items.find((i) => i.titulo === 'C-2-2026')!.dias_pendiente).toBeGreaterThanOrEqual(1);
  });

  it('diligencias-pendientes and -completadas cover this month’s assignments', async () => {
    const pendientes = await detalle(tokenA, 'diligencias-pendientes');
    expect(pendientes.items.map((i) => i.titulo)).toEqual(['C-1-2026']);
    expect(pendientes.periodo).toMatch(/^(enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) de \d{4}$/);
    const completadas = await detalle(tokenA, 'diligencias-completadas');
    expect(completadas.total).toBe(1);
    expect(completadas.items[0]).toMatchObject({ titulo: 'C-3-2026', estado: 'listo_para_estampar', resultado: 'Notificación personal', valor: 38_000, dias_pendiente: null });
  });

  it('estudios-registrados lists firms with their assignments this month', async () => {
    const body = await detalle(tokenA, 'estudios-registrados');
    expect(body.items.map((i) => [i.titulo, i.encargos_mes, i.estado])).toEqual([
      ['Estudio Detalle', 2, 'activo'],
      ['Estudio Sin Encargos', 0, 'activo'],
    ]);
  });

  it('another receiver sees only its own (empty) lists, with the empty texts', async () => {
    for (const clave of ['encargos-activos', 'diligencias-pendientes', 'diligencias-completadas', 'estudios-registrados'] as const) {
      const body = await detalle(tokenB, clave);
      expect(body).toMatchObject({ total: 0, items: [], vacio: DETALLE_TEXTOS[clave].vacio });
    }
  });

  it('refuses an unknown key with a Spanish 400', async () => {
    const response = await t.request(tokenA, { method: 'GET', url: '/api/v1/dashboard/detalle/otra-cosa/' });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Detalle desconocido');
  });
});
