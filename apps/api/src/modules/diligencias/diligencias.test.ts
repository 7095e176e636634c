import {
  BuscarPorRolResponseSchema,
  ColaResponseSchema,
  commonMessages,
  diligenciaMessages as m,
  EncargoConResultadosSchema,
  EncargoDetailSchema,
  type Encargo,
  GuardarResultadosResponseSchema,
  todayIso,
} from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { crearEncargo } from '../encargos/encargos.fixtures';
import { insertDiligenciaConResultados, ultimaDiligenciaJson } from './diligencias.repository';
import { resultadosBody, type ResultadosWorld, setEstado, setupResultados, tipoId } from './resultados.fixtures';

let t: TestContext;
let w: ResultadosWorld;
let positiva: number;
let negativa: number;
let rolCounter = 100;

beforeAll(async () => {
  t = await createTestContext();
  w = await setupResultados(t);
  positiva = await tipoId(t, 'busqueda_positiva');
  negativa = await tipoId(t, 'busqueda_negativa');
});
afterAll(() => t.close());

const nextRol = () => `C-${(rolCounter += 1)}-2025`;

async function nuevo(overrides: Record<string, unknown> = {}): Promise<Encargo> {
  return crearEncargo(t, w.tokenA, w.estudioA, w.lookupsA, { numero_rol: nextRol(), ...overrides });
}

const guardar = (token: string, payload: Record<string, unknown>) =>
  t.request(token, { method: 'POST', url: '/api/v1/diligencias/guardar_resultados/', payload });

async function snapshot(encargoId: number, tenantId = t.mainTenantId) {
  const db = await t.tenantDbOf(tenantId);
  const [row] = await db.select().from(tenantSchema.encargos).where(eq(tenantSchema.encargos.id, encargoId));
  const [n] = await db
    .select({ n: count() })
    .from(tenantSchema.diligencias)
    .where(eq(tenantSchema.diligencias.encargoId, encargoId));
  return { estado: row?.estado, diligencias: n?.n, fechaModificacion: row?.fechaModificacion.toISOString() };
}

async function buscar(rol: string, token = w.tokenA) {
  const response = await t.request(token, { method: 'GET', url: `/api/v1/encargos/buscar_por_rol/?numero_rol=${rol}` });
  expect(response.statusCode).toBe(200);
  return BuscarPorRolResponseSchema.parse(response.json());
}

describe('guardar_resultados: the four states', () => {
  it('saves results of a preparado assignment, with the type default value, and moves it to listo_para_estampar', async () => {
    const encargo = await nuevo();
    const response = await guardar(w.tokenA, resultadosBody(encargo.numero_rol, positiva));
    expect(response.statusCode).toBe(200);
    const body = GuardarResultadosResponseSchema.parse(response.json());
    expect(body.message).toBe('Resultados guardados. El encargo está listo para estampar cuando lo necesites.');
    expect(body.estado).toBe('listo_para_estampar');
    expect(body.diligencia).toMatchObject({
      valor_cobrado: null,
      valor_final: 35000,
      motivo_cambio_valor: '',
      tratamiento: 'don',
      tipo_estampado: { id: positiva, nombre: 'Búsqueda positiva' },
      fecha_diligencia: '2025-03-14T10:35:00-03:00',
      creado_por: 'receptor_a',
    });
    expect((await snapshot(encargo.id)).estado).toBe('listo_para_estampar');
  });

  it('saves results again while listo_para_estampar; a custom value with its reason becomes the final value', async () => {
    const encargo = await nuevo();
    expect((await guardar(w.tokenA, resultadosBody(encargo.numero_rol, negativa))).statusCode).toBe(200);
    const response = await guardar(
      w.tokenA,
      resultadosBody(encargo.numero_rol, positiva, {
        valor_personalizado: '48.500',
        observaciones_diligencia: 'Considerar distancia: Lo Barnechea alto',
        fecha_diligencia: '2025-03-15T09:10:00-03:00',
      }),
    );
    expect(response.statusCode).toBe(200);
    const body = GuardarResultadosResponseSchema.parse(response.json());
    expect(body.diligencia).toMatchObject({
      valor_cobrado: 48500,
      valor_final: 48500,
      motivo_cambio_valor: 'Considerar distancia: Lo Barnechea alto',
    });
    const found = await buscar(encargo.numero_rol);
    const one = EncargoConResultadosSchema.parse(found);
    expect(one).toMatchObject({
      estado: 'listo_para_estampar',
      estado_estampado: '',
      fecha_estampado: null,
      tipo_estampado: positiva,
      tipo_estampado_nombre: 'Búsqueda positiva',
      valor_asociado: 48500,
      ultima_diligencia_tipo_estampado: positiva,
      ultima_diligencia_tipo_estampado_nombre: 'Búsqueda positiva',
      ultima_diligencia_fecha: '2025-03-15T09:10:00-03:00',
      ultima_diligencia_valor: 48500,
      ultima_diligencia_observaciones: 'Considerar distancia: Lo Barnechea alto',
      resultado: { id: positiva, nombre: 'Búsqueda positiva' },
    });
    expect(one.diligencia).toMatchObject({ valor_final: 48500, motivo_cambio_valor: 'Considerar distancia: Lo Barnechea alto' });
  });

  it.each(['pendiente', 'estampado'] as const)('refuses a %s assignment with the spec message and changes nothing', async (estado) => {
    const encargo = await nuevo();
    await setEstado(t, encargo.id, estado);
    const before = await snapshot(encargo.id);
    const response = await guardar(w.tokenA, resultadosBody(encargo.numero_rol, positiva));
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(
      `Este encargo está en estado "${estado}". Solo se pueden registrar resultados para encargos en estado "preparado" o "listo para estampar".`,
    );
    expect(await snapshot(encargo.id)).toEqual(before);
  });
});

describe('guardar_resultados: validation', () => {
  let encargo: Encargo;
  beforeAll(async () => {
    encargo = await nuevo();
  });

  const refused = async (payload: Record<string, unknown>, message: string, status = 400) => {
    const before = await snapshot(encargo.id);
    const response = await guardar(w.tokenA, payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().detail).toBe(message);
    expect(await snapshot(encargo.id)).toEqual(before);
  };

  it('refuses a custom value without a reason', async () => {
    await refused(resultadosBody(encargo.numero_rol, positiva, { valor_personalizado: 50000, observaciones_diligencia: '   ' }), m.motivoValorRequerido);
    expect(m.motivoValorRequerido).toBe('Si especificas un valor personalizado, debes indicar el motivo en las observaciones');
  });

  it('refuses a missing diligence date and blank field notes', async () => {
    const { fecha_diligencia: _omit, ...sinFecha } = resultadosBody(encargo.numero_rol, positiva);
    await refused(sinFecha, 'Debes especificar la fecha y hora de la diligencia');
    await refused(resultadosBody(encargo.numero_rol, positiva, { fecha_diligencia: '' }), 'Debes especificar la fecha y hora de la diligencia');
    await refused(resultadosBody(encargo.numero_rol, positiva, { apuntes_terreno: '   ' }), 'Debes escribir los apuntes del receptor en terreno');
    await refused(resultadosBody(encargo.numero_rol, positiva, { apuntes_terreno: null }), 'Debes escribir los apuntes del receptor en terreno');
  });

  it('refuses a missing or unknown stamp type', async () => {
    await refused(resultadosBody(encargo.numero_rol, ''), 'Debes seleccionar un tipo de estampado');
    await refused(resultadosBody(encargo.numero_rol, 999_999), 'Tipo de estampado no válido');
    await refused(resultadosBody(encargo.numero_rol, 'abc'), 'Tipo de estampado no válido');
  });

  it('refuses a stamp type deactivated since, and accepts it again once active (read in the locking statement)', async () => {
    const db = await t.tenantDbOf(t.mainTenantId);
    const setActivo = (activo: boolean) =>
      db.update(tenantSchema.tiposEstampado).set({ activo }).where(eq(tenantSchema.tiposEstampado.id, negativa));
    await setActivo(false);
    try {
      await refused(resultadosBody(encargo.numero_rol, negativa), 'Tipo de estampado no válido');
    } finally {
      await setActivo(true);
    }
    const response = await guardar(w.tokenA, resultadosBody(encargo.numero_rol, negativa));
    expect(response.statusCode).toBe(200);
    const body = GuardarResultadosResponseSchema.parse(response.json());
    const [tipo] = await db.select().from(tenantSchema.tiposEstampado).where(eq(tenantSchema.tiposEstampado.id, negativa));
    expect(body.diligencia.tipo_estampado).toEqual({ id: negativa, nombre: tipo?.nombre });
    expect(body.diligencia.valor_final).toBe(tipo?.valorPorDefecto);
  });

  it('refuses an unknown rol with the stamp-screen message', async () => {
    const response = await guardar(w.tokenA, resultadosBody('C-999999-2020', positiva));
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe(
      'No se encontró ningún encargo con el rol "C-999999-2020". Verifique que el rol existe y tiene resultados registrados.',
    );
  });

  it('reads DD/MM/YYYY (09:00) and DD/MM/YYYY HH:MM dates as Santiago time', async () => {
    const a = await nuevo();
    const first = GuardarResultadosResponseSchema.parse(
      (await guardar(w.tokenA, resultadosBody(a.numero_rol, positiva, { fecha_diligencia: '14/03/2025' }))).json(),
    );
    expect(first.diligencia.fecha_diligencia).toBe('2025-03-14T09:00:00-03:00');
    const second = GuardarResultadosResponseSchema.parse(
      (await guardar(w.tokenA, resultadosBody(a.numero_rol, positiva, { fecha_diligencia: '02/07/2025 16:45' }))).json(),
    );
    expect(second.diligencia.fecha_diligencia).toBe('2025-07-02T16:45:00-04:00');
  });

  it('needs encargo_id when the rol has several assignments', async () => {
    const original = await nuevo();
    const reEncargo = await crearEncargo(t, w.tokenA, w.estudioA, w.lookupsA, { numero_rol: original.numero_rol });
    const sinId = await guardar(w.tokenA, resultadosBody(original.numero_rol, positiva));
    expect(sinId.statusCode).toBe(400);
    expect(sinId.json().detail).toBe(m.variosEncargos(original.numero_rol, 2));
    const conId = await guardar(w.tokenA, resultadosBody(original.numero_rol, positiva, { encargo_id: reEncargo.id }));
    expect(conId.statusCode).toBe(200);
    expect(conId.json().encargo_id).toBe(reEncargo.id);
    expect((await snapshot(original.id)).estado).toBe('preparado');
    expect((await snapshot(reEncargo.id)).estado).toBe('listo_para_estampar');
  });

  it('refuses a user without the estampar module with the spec 403 text', async () => {
    const before = await snapshot(encargo.id);
    const response = await guardar(w.tokenSinPermiso, resultadosBody(encargo.numero_rol, positiva));
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(commonMessages.forbidden);
    expect(response.json().detail).toBe('No tienes permisos para acceder a este recurso. Contacta al administrador.');
    expect(await snapshot(encargo.id)).toEqual(before);
  });
});

describe('tenant isolation', () => {
  it("another receiver can neither read nor save results on this receiver's assignments", async () => {
    const encargo = await nuevo();
    const before = await snapshot(encargo.id);
    const porRol = await guardar(w.tokenB, resultadosBody(encargo.numero_rol, positiva));
    expect(porRol.statusCode).toBe(404);
    const porId = await guardar(w.tokenB, resultadosBody(encargo.numero_rol, positiva, { encargo_id: encargo.id }));
    expect(porId.statusCode).toBe(404);
    const lectura = await t.request(w.tokenB, { method: 'GET', url: `/api/v1/encargos/buscar_por_rol/?numero_rol=${encargo.numero_rol}` });
    expect(lectura.statusCode).toBe(404);
    const patch = await t.request(w.tokenB, { method: 'PATCH', url: `/api/v1/encargos/${encargo.id}/`, payload: { ejecutados: 'Otro' } });
    expect(patch.statusCode).toBe(404);
    const fecha = await t.request(w.tokenB, {
      method: 'POST',
      url: `/api/v1/encargos/${encargo.id}/guardar_fecha_estampado/`,
      payload: { fecha_estampado: '2025-03-20', observaciones: '' },
    });
    expect(fecha.statusCode).toBe(404);
    expect(await snapshot(encargo.id)).toEqual(before);
    const cola = ColaResponseSchema.parse((await t.request(w.tokenB, { method: 'GET', url: '/api/v1/diligencias/cola/' })).json());
    expect(cola.esperando_resultados.some((x) => x.numero_rol === encargo.numero_rol)).toBe(false);
  });
});

describe('PATCH /encargos/{id}/ and guardar_fecha_estampado', () => {
  it('saves only the changed fields, with the full form rules', async () => {
    const encargo = await nuevo();
    const response = await t.request(w.tokenA, {
      method: 'PATCH',
      url: `/api/v1/encargos/${encargo.id}/`,
      payload: { ejecutados: 'Pedro Andrés Soto Muñoz y otra', cuantia: '3.100.000' },
    });
    expect(response.statusCode).toBe(200);
    const detail = EncargoDetailSchema.parse(response.json());
    expect(detail.ejecutados).toBe('Pedro Andrés Soto Muñoz y otra');
    expect(detail.cuantia).toBe(3_100_000);
    expect(detail.partes).toBe(encargo.partes);
    expect(detail.domicilios).toHaveLength(2);

    const bad = await t.request(w.tokenA, { method: 'PATCH', url: `/api/v1/encargos/${encargo.id}/`, payload: { rut_ejecutado: '12345678-9' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('RUT inválido');
    const empty = await t.request(w.tokenA, { method: 'PATCH', url: `/api/v1/encargos/${encargo.id}/`, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe(m.sinCambios);
  });

  it('stores the stamp date and observation, read back by buscar_por_rol', async () => {
    const encargo = await nuevo();
    const response = await t.request(w.tokenA, {
      method: 'POST',
      url: `/api/v1/encargos/${encargo.id}/guardar_fecha_estampado/`,
      payload: { fecha_estampado: '2025-03-20', observaciones: 'Estampado generado automáticamente' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, fecha_estampado: '2025-03-20' });
    const found = EncargoConResultadosSchema.parse(await buscar(encargo.numero_rol));
    expect(found.fecha_estampado).toBe('2025-03-20');
    expect(found.observacion_estampado).toBe('Estampado generado automáticamente');
    const bad = await t.request(w.tokenA, {
      method: 'POST',
      url: `/api/v1/encargos/${encargo.id}/guardar_fecha_estampado/`,
      payload: { fecha_estampado: '2025-02-30' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('work queue', () => {
  it('lists preparado and listo_para_estampar assignments, oldest first, with days waiting', async () => {
    const viejo = await nuevo({ fecha_encargo: '2024-01-05' });
    const nuevoEncargo = await nuevo({ fecha_encargo: '2025-02-01' });
    const listo = await nuevo({ fecha_encargo: '2024-06-01' });
    await guardar(w.tokenA, resultadosBody(listo.numero_rol, negativa, { fecha_diligencia: '2024-06-03T11:00:00-04:00' }));
    const response = await t.request(w.tokenA, { method: 'GET', url: '/api/v1/diligencias/cola/' });
    expect(response.statusCode).toBe(200);
    const cola = ColaResponseSchema.parse(response.json());
    const roles = cola.esperando_resultados.map((x) => x.numero_rol);
    expect(roles.indexOf(viejo.numero_rol)).toBeLessThan(roles.indexOf(nuevoEncargo.numero_rol));
    expect(roles).not.toContain(listo.numero_rol);
    const item = cola.esperando_estampado.find((x) => x.numero_rol === listo.numero_rol);
    expect(item).toMatchObject({ esperando_desde: '2024-06-03', ultima_diligencia_tipo_estampado_nombre: 'Búsqueda negativa' });
    expect(item?.dias_esperando).toBeGreaterThan(100);
    const dias = cola.esperando_resultados.map((x) => x.dias_esperando);
    expect([...dias].sort((a, b) => b - a)).toEqual(dias);
    expect(cola.totales.esperando_resultados).toBeGreaterThanOrEqual(cola.esperando_resultados.length);

    const forbidden = await t.request(w.tokenSinPermiso, { method: 'GET', url: '/api/v1/diligencias/cola/' });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('work queue: waiting since the latest diligence', () => {
  it('follows the Santiago day of the latest diligence however it was written: saved, added straight to the table, deleted', async () => {
    const db = await t.tenantDbOf(t.mainTenantId);
    const cola = async () => ColaResponseSchema.parse((await t.request(w.tokenA, { method: 'GET', url: '/api/v1/diligencias/cola/' })).json());
    const version = async (id: number) => (await db.select({ v: tenantSchema.encargos.version }).from(tenantSchema.encargos).where(eq(tenantSchema.encargos.id, id)))[0]?.v;
    const a = await nuevo({ fecha_encargo: '2019-03-01' });
    const b = await nuevo({ fecha_encargo: '2019-03-02' });
    const antes = await version(a.id);
    // 23:30 in Santiago is the next day in UTC: the day kept is Santiago's.
    expect((await guardar(w.tokenA, resultadosBody(a.numero_rol, negativa, { fecha_diligencia: '2019-03-10T23:30:00-03:00' }))).statusCode).toBe(200);
    expect((await guardar(w.tokenA, resultadosBody(b.numero_rol, negativa, { fecha_diligencia: '2019-03-05T10:00:00-03:00' }))).statusCode).toBe(200);
    // Saving results raises the assignment's version once (the day is set by the same statement).
    expect(await version(a.id)).toBe((antes ?? 0) + 1);
    const orden = (c: Awaited<ReturnType<typeof cola>>) => c.esperando_estampado.filter((x) => x.id === a.id || x.id === b.id).map((x) => [x.id, x.esperando_desde]);
    expect(orden(await cola())).toEqual([
      [b.id, '2019-03-05'],
      [a.id, '2019-03-10'],
    ]);
    // A later diligence written straight to the table (an import) moves b after a.
    await db.execute(sql`
      insert into diligencias (encargo_id, tipo_estampado_id, fecha_diligencia, apuntes_terreno, valor_final)
      values (${b.id}, ${negativa}, timestamptz '2019-03-20 10:00-03', 'Importada', 0)`);
    expect(orden(await cola())).toEqual([
      [a.id, '2019-03-10'],
      [b.id, '2019-03-20'],
    ]);
    // Deleted again: b waits since its saved diligence.
    await db.execute(sql`delete from diligencias where encargo_id = ${b.id} and apuntes_terreno = 'Importada'`);
    expect(orden(await cola())).toEqual([
      [b.id, '2019-03-05'],
      [a.id, '2019-03-10'],
    ]);
  });
});

describe('work queue without re-assigned originals', () => {
  it('leaves out an assignment once re-assigned, and lists its re-assignment; the totals agree', async () => {
    const cola = async () => ColaResponseSchema.parse((await t.request(w.tokenA, { method: 'GET', url: '/api/v1/diligencias/cola/' })).json());
    const original = await nuevo({ fecha_encargo: '2023-01-02' });
    const listoOriginal = await nuevo({ fecha_encargo: '2023-01-03' });
    await guardar(w.tokenA, resultadosBody(listoOriginal.numero_rol, negativa));
    const before = await cola();
    expect(before.esperando_resultados.map((x) => x.numero_rol)).toContain(original.numero_rol);
    expect(before.esperando_estampado.map((x) => x.numero_rol)).toContain(listoOriginal.numero_rol);

    // Re-assigned: the originals are flagged, their re-assignment (same rol) is a new assignment.
    const db = await t.tenantDbOf(t.mainTenantId);
    for (const id of [original.id, listoOriginal.id]) {
      await db.update(tenantSchema.encargos).set({ esReEncargado: true }).where(eq(tenantSchema.encargos.id, id));
    }
    const segundo = await nuevo({ fecha_encargo: '2025-04-01' });
    await db.update(tenantSchema.encargos).set({ numeroRol: original.numero_rol, esReEncargo: true }).where(eq(tenantSchema.encargos.id, segundo.id));
    const after = await cola();
    expect(after.esperando_resultados.map((x) => x.id)).not.toContain(original.id);
    expect(after.esperando_estampado.map((x) => x.id)).not.toContain(listoOriginal.id);
    expect(after.esperando_resultados.find((x) => x.id === segundo.id)).toMatchObject({ numero_rol: original.numero_rol, es_re_encargo: true });
    expect(after.totales.esperando_resultados).toBe(before.totales.esperando_resultados);
    expect(after.totales.esperando_estampado).toBe(before.totales.esperando_estampado - 1);
  });
});

describe('work queue: what each row says', () => {
  it('orders ties by id, reads the latest diligence however it was written (its instant in Santiago time), and lists letters by due date then deadline', async () => {
    const db = await t.tenantDbOf(t.mainTenantId);
    const cola = async () => ColaResponseSchema.parse((await t.request(w.tokenA, { method: 'GET', url: '/api/v1/diligencias/cola/' })).json());
    const a = await nuevo({ fecha_encargo: '2010-05-04' });
    const b = await nuevo({ fecha_encargo: '2010-05-04' });
    const listo = await nuevo({ fecha_encargo: '2010-01-04' });
    expect((await guardar(w.tokenA, resultadosBody(listo.numero_rol, negativa, { fecha_diligencia: '2010-01-20T10:00:00-03:00' }))).statusCode).toBe(200);
    // Summer time, late in the evening: the next day in UTC.
    const verano = await nuevo({ fecha_encargo: '2010-01-05' });
    expect((await guardar(w.tokenA, resultadosBody(verano.numero_rol, negativa, { fecha_diligencia: '2010-01-21T23:30:00-03:00' }))).statusCode).toBe(200);
    // A later diligence written straight to the table is the one shown (Santiago's winter offset in June).
    await db.execute(sql`
      insert into diligencias (encargo_id, tipo_estampado_id, fecha_diligencia, apuntes_terreno, valor_final)
      values (${listo.id}, ${positiva}, timestamptz '2010-06-01 09:15:42.7-04', 'Importada', 0)`);
    // Two open letter deadlines due the same day: the one opened first comes first, whatever the assignment.
    for (const e of [b, a]) {
      await db.execute(sql`
        insert into plazos (encargo_id, tipo, desde, dias, vence, estado, origen)
        values (${e.id}, 'carta_art_46', date '2010-05-05', 2, date '2010-05-07', 'pendiente', ${`diligencia:prueba-${e.id}`})`);
    }

    const c = await cola();
    const hoy = todayIso();
    const dias = (desde: string) => Math.round((Date.parse(hoy) - Date.parse(desde)) / 86_400_000);
    const resultados = c.esperando_resultados.filter((x) => x.id === a.id || x.id === b.id);
    expect(resultados.map((x) => x.id)).toEqual([a.id, b.id].sort((x, y) => x - y));
    expect(resultados.find((x) => x.id === a.id)).toEqual({
      id: a.id,
      numero_rol: a.numero_rol,
      estado: 'preparado',
      estudio_nombre: a.estudio_nombre,
      ejecutados: a.ejecutados,
      tipo_encargo_nombre: a.tipo_encargo_nombre,
      es_re_encargo: false,
      fecha_encargo: '2010-05-04',
      esperando_desde: '2010-05-04',
      dias_esperando: dias('2010-05-04'),
      ultima_diligencia_tipo_estampado_nombre: null,
      ultima_diligencia_fecha: null,
      plazo_proximo: { tipo: 'carta_art_46', vence: '2010-05-07', vencido: true },
    });
    expect(c.esperando_estampado.find((x) => x.id === listo.id)).toMatchObject({
      estado: 'listo_para_estampar',
      fecha_encargo: '2010-01-04',
      esperando_desde: '2010-06-01',
      dias_esperando: dias('2010-06-01'),
      ultima_diligencia_tipo_estampado_nombre: 'Búsqueda positiva',
      ultima_diligencia_fecha: '2010-06-01T09:15:42-04:00',
      plazo_proximo: null,
    });
    expect(c.esperando_estampado.find((x) => x.id === verano.id)).toMatchObject({
      esperando_desde: '2010-01-21',
      ultima_diligencia_tipo_estampado_nombre: 'Búsqueda negativa',
      ultima_diligencia_fecha: '2010-01-21T23:30:00-03:00',
    });
    const cartas = c.cartas_art46.filter((x) => x.encargo_id === a.id || x.encargo_id === b.id);
    expect(cartas).toEqual([
      { encargo_id: b.id, numero_rol: b.numero_rol, vence: '2010-05-07', estado: 'vencida' },
      { encargo_id: a.id, numero_rol: a.numero_rol, vence: '2010-05-07', estado: 'vencida' },
    ]);

    // A letter on record for b's notification takes it off the letters; its deadline stays its nearest one.
    await db.execute(sql`
      insert into cartas_art46 (encargo_id, origen, fecha_notificacion, fecha_envio, numero_seguimiento, registrada_por)
      values (${b.id}, ${`diligencia:prueba-${b.id}`}, date '2010-05-05', date '2010-05-06', 'RR1', 'receptor_a')`);
    const despues = await cola();
    expect(despues.cartas_art46.filter((x) => x.encargo_id === a.id || x.encargo_id === b.id).map((x) => x.encargo_id)).toEqual([a.id]);
    expect(despues.esperando_resultados.find((x) => x.id === b.id)?.plazo_proximo).toEqual({ tipo: 'carta_art_46', vence: '2010-05-07', vencido: true });
  });
});

describe('informant and hour of a diligence', () => {
  it('stores the informant, their relation and whether the hour was given; buscar_por_rol reads them back', async () => {
    const encargo = await nuevo();
    const response = await guardar(
      w.tokenA,
      resultadosBody(encargo.numero_rol, positiva, { informante: ' Carmen Soto ', informante_relacion: 'vecina', fecha_diligencia: '14/03/2025' }),
    );
    expect(response.statusCode).toBe(200);
    const body = GuardarResultadosResponseSchema.parse(response.json());
    expect(body.diligencia).toMatchObject({
      informante: 'Carmen Soto',
      informante_relacion: 'vecina',
      hora_informada: false,
      fecha_diligencia: '2025-03-14T09:00:00-03:00',
    });
    expect(EncargoConResultadosSchema.parse(await buscar(encargo.numero_rol))).toMatchObject({
      ultima_diligencia_informante: 'Carmen Soto',
      ultima_diligencia_informante_relacion: 'vecina',
      ultima_diligencia_hora_informada: false,
      diligencia: { informante: 'Carmen Soto', informante_relacion: 'vecina', hora_informada: false },
    });
    const conHora = GuardarResultadosResponseSchema.parse((await guardar(w.tokenA, resultadosBody(encargo.numero_rol, positiva))).json());
    expect(conHora.diligencia).toMatchObject({ informante: '', informante_relacion: '', hora_informada: true });
    const largo = await guardar(w.tokenA, resultadosBody(encargo.numero_rol, positiva, { informante: 'x'.repeat(151) }));
    expect(largo.statusCode).toBe(400);
    expect(largo.json().detail).toBe('Máximo 150 caracteres');
  });
});

describe('the last diligence of an assignment, with thousands on record', () => {
  it('is found on the assignment index, not by walking every diligence by date', async () => {
    // A receiver with many diligences on one assignment, and another assignment without any: the
    // ORDER BY the reads use must match diligencias_encargo_idx, or "the last one" (LIMIT 1) is
    // planned as a backward walk of the date index filtered by assignment.
    const busy = await nuevo();
    const empty = await nuevo();
    const db = await t.tenantDbOf(t.mainTenantId);
    await db.execute(sql`
      insert into diligencias (encargo_id, tipo_estampado_id, fecha_diligencia, apuntes_terreno, valor_final)
      select ${busy.id}, ${positiva}, timestamptz '2025-01-01 10:00-03' + g * interval '1 hour', 'Visita', 0
      from generate_series(1, 4000) g`);
    await db.execute(sql`analyze diligencias`);
    const plan = async (encargoId: number) => {
      const { rows } = (await db.execute(
        sql`explain (format json) select ${ultimaDiligenciaJson(sql.raw(String(encargoId)))}`,
      )) as unknown as { rows: { 'QUERY PLAN': unknown }[] };
      return JSON.stringify(rows[0]?.['QUERY PLAN']);
    };
    for (const id of [empty.id, busy.id]) {
      const text = await plan(id);
      expect(text).toContain('diligencias_encargo_idx');
      expect(text).not.toContain('diligencias_fecha_idx');
    }
    expect(await buscar(empty.numero_rol)).toMatchObject({ ultima_diligencia_fecha: null });
    expect(await buscar(busy.numero_rol)).toMatchObject({ ultima_diligencia_fecha: '2025-06-17T01:00:00-04:00' });
  });
});

describe('results saved in two round trips, without a transaction of their own', () => {
  const db = () => t.tenantDbOf(t.mainTenantId);
  const versionOf = async (id: number) =>
    (await (await db()).select({ v: tenantSchema.encargos.version }).from(tenantSchema.encargos).where(eq(tenantSchema.encargos.id, id)))[0]?.v;
  const auditOf = async (entidad: string, id: number) =>
    (await db()).select().from(tenantSchema.auditoria).where(and(eq(tenantSchema.auditoria.entidad, entidad), eq(tenantSchema.auditoria.entidadId, id))).orderBy(tenantSchema.auditoria.id);

  it('writes nothing once the assignment changed since it was read, and everything at the version it stands at', async () => {
    const encargo = await nuevo();
    const leida = (await versionOf(encargo.id)) as number;
    // Another change between the read and the write raises the version.
    await setEstado(t, encargo.id, 'preparado');
    const before = await snapshot(encargo.id);
    const values = {
      encargoId: encargo.id,
      tipoEstampadoId: positiva,
      fechaDiligencia: new Date('2025-03-14T13:35:00Z'),
      apuntesTerreno: 'Búsqueda en el domicilio',
      tratamiento: 'don',
      valorCobrado: null,
      valorFinal: 35000,
      motivoCambioValor: '',
      observaciones: '',
      informante: '',
      informanteRelacion: '',
      horaInformada: true,
      domicilioId: null,
      domicilioDireccion: null,
      domicilioComuna: null,
      creadoPor: 'receptor_a',
      fechaCreacion: new Date(),
    };
    const escritura = {
      version: leida,
      estado: 'listo_para_estampar' as const,
      fechaModificacion: new Date(),
      actor: { userId: null, username: 'receptor_a', ip: '', userAgent: '' },
      cambiosDiligencia: { tipo_estampado: { antes: null, despues: { id: positiva, nombre: 'Búsqueda positiva' } } },
      cambiosEncargo: { estado: { antes: 'preparado', despues: 'listo_para_estampar' } },
    };
    expect(await insertDiligenciaConResultados(await db(), values, escritura)).toBeUndefined();
    expect(await snapshot(encargo.id)).toEqual(before);
    expect(await auditOf('encargo', encargo.id)).toHaveLength(1);
    const id = await insertDiligenciaConResultados(await db(), values, { ...escritura, version: leida + 1 });
    expect(id).toBeTypeOf('number');
    expect(await snapshot(encargo.id)).toMatchObject({ estado: 'listo_para_estampar', diligencias: 1 });
    expect(await versionOf(encargo.id)).toBe(leida + 2);
    expect((await auditOf('encargo', encargo.id)).map((a) => [a.accion, a.cambios])).toEqual([
      ['crear', expect.anything()],
      ['resultados', escritura.cambiosEncargo],
    ]);
    expect((await auditOf('diligencia', id as number)).map((a) => [a.accion, a.cambios])).toEqual([['crear', escritura.cambiosDiligencia]]);
  });

  it('stores every one of several saves of one rol sent at once, each audited against the assignment as it found it', async () => {
    const encargo = await nuevo();
    const desde = (await versionOf(encargo.id)) as number;
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        guardar(w.tokenA, resultadosBody(encargo.numero_rol, i % 2 === 0 ? positiva : negativa, { fecha_diligencia: `2025-03-${10 + i}T10:00:00-03:00` })),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array.from({ length: 6 }, () => 200));
    const ids = responses.map((r) => GuardarResultadosResponseSchema.parse(r.json()).diligencia.id);
    expect(new Set(ids).size).toBe(6);
    expect(await snapshot(encargo.id)).toMatchObject({ estado: 'listo_para_estampar', diligencias: 6 });
    expect(await versionOf(encargo.id)).toBe(desde + 6);
    // Only the first save found it preparado; the others found it listo_para_estampar already.
    const resultados = (await auditOf('encargo', encargo.id)).filter((a) => a.accion === 'resultados');
    expect(resultados.map((a) => a.cambios)).toEqual([
      { estado: { antes: 'preparado', despues: 'listo_para_estampar' } },
      ...Array.from({ length: 5 }, () => ({})),
    ]);
    for (const id of ids) expect((await auditOf('diligencia', id)).map((a) => a.accion)).toEqual(['crear']);
    const [row] = await (await db()).select().from(tenantSchema.encargos).where(eq(tenantSchema.encargos.id, encargo.id));
    expect(row?.ultimaDiligenciaDia).toBe('2025-03-15');
  });
});
