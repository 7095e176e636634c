import {
  commonMessages,
  EstadisticasDiariasSchema,
  EstadisticasMensualesSchema,
  estadisticaMessages,
} from '@receptoria/contracts';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { seedDiligencia, seedEncargo, seedEstudio } from '../rutas/rutas.fixtures';

let t: TestContext;
let token: string;
let sinModulo: string;
let ajeno: string;

beforeAll(async () => {
  t = await createTestContext();
  await t.createUser({ tenantId: t.mainTenantId, username: 'analista', permisos: ['informes_diarios'] });
  await t.createUser({ tenantId: t.mainTenantId, username: 'sin_informes', permisos: ['recibos_periodo'] });
  token = await t.login('analista');
  sinModulo = await t.login('sin_informes');
  const db = await t.tenantDbOf(t.mainTenantId);
  const a = await seedEstudio(db, 'Estudio A');
  const b = await seedEstudio(db, 'Estudio B');
  const c = await seedEstudio(db, 'Estudio C');
  const d = await seedEstudio(db, 'Estudio D');
  let n = 0;
  const add = async (
    estudioId: number,
    estado: 'pendiente' | 'preparado' | 'listo_para_estampar' | 'estampado',
    diligencias: { fecha: string; valorFinal: number }[],
  ) => {
    n += 1;
    const { encargo } = await seedEncargo(db, { estudioId, numeroRol: `C-${n}-2025`, estado });
    for (const diligencia of diligencias) await seedDiligencia(db, encargo.id, diligencia);
  };
  // March 2025 (Santiago is UTC-3 until 6 April 2025).
  await add(a.id, 'estampado', [{ fecha: '2025-03-04T10:00:00-03:00', valorFinal: 40000 }]); // Tuesday
  await add(a.id, 'estampado', [{ fecha: '2025-03-11T16:45:00-03:00', valorFinal: 40000 }]); // Tuesday
  // 23:30 on 31 March in Santiago is already 1 April in UTC: it belongs to March.
  await add(a.id, 'estampado', [{ fecha: '2025-03-31T23:30:00-03:00', valorFinal: 40000 }]); // Monday
  await add(b.id, 'listo_para_estampar', [{ fecha: '2025-03-05T09:15:00-03:00', valorFinal: 20000 }]); // Wednesday
  // Two diligences: only the last one counts, in March, with its value.
  await add(d.id, 'estampado', [
    { fecha: '2025-02-20T10:00:00-03:00', valorFinal: 5000 },
    { fecha: '2025-03-04T12:00:00-03:00', valorFinal: 30000 },
  ]);
  // Not counted: not ready or stamped.
  await add(a.id, 'preparado', [{ fecha: '2025-03-12T10:00:00-03:00', valorFinal: 99000 }]);
  await add(a.id, 'pendiente', []);
  // April: 00:30 on 1 April in Santiago.
  await add(a.id, 'estampado', [{ fecha: '2025-04-01T00:30:00-03:00', valorFinal: 45000 }]);
  // February: C had four, A one.
  for (const day of ['03', '10', '17', '24']) await add(c.id, 'estampado', [{ fecha: `2025-02-${day}T11:00:00-03:00`, valorFinal: 10000 }]);
  // 28 February 23:00 in Santiago is 1 March in UTC: it belongs to February.
  await add(a.id, 'estampado', [{ fecha: '2025-02-28T23:00:00-03:00', valorFinal: 40000 }]);

  const other = await t.createTenant();
  await t.createUser({ tenantId: other.id, username: 'analista_ajena', permisos: ['imprime_lista'] });
  ajeno = await t.login('analista_ajena');
});
afterAll(() => t.close());

const get = (tk: string | undefined, url: string) => t.request(tk, { method: 'GET', url });

describe('daily statistics', () => {
  it('counts the assignments of a Santiago day, including one that is already the next day in UTC', async () => {
    const response = await get(token, '/api/v1/estadisticas/diarias/?fecha=2025-03-31');
    expect(response.statusCode).toBe(200);
    const body = EstadisticasDiariasSchema.parse(response.json());
    expect(body.encargos.total).toBe(1);
    expect(body.encargos.detalle).toEqual([
      expect.objectContaining({ estado: 'estampado', valor_cobrado: 40000, estudio_juridico: 'Estudio A', hora: '23:30', tipo_estampado: 'Búsqueda positiva' }),
    ]);
    expect(body.valor).toEqual({ total_facturado: 40000, promedio_por_encargo: 40000 });
    expect(body.por_hora).toEqual([{ hora: 23, encargos: 1 }]);

    const april = EstadisticasDiariasSchema.parse((await get(token, '/api/v1/estadisticas/diarias/?fecha=2025-04-01')).json());
    expect(april.encargos.detalle.map((e) => [e.valor_cobrado, e.hora])).toEqual([[45000, '00:30']]);
  });

  it('sums a busy day per firm and state', async () => {
    const body = EstadisticasDiariasSchema.parse((await get(token, '/api/v1/estadisticas/diarias/?fecha=2025-03-04')).json());
    expect(body.encargos.total).toBe(2);
    expect(body.encargos.por_estado).toEqual({ estampado: 2, listo_para_estampar: 0 });
    expect(body.valor).toEqual({ total_facturado: 70000, promedio_por_encargo: 35000 });
    expect(body.por_estudio).toEqual([
      { nombre: 'Estudio A', encargos: 1, valor_total: 40000 },
      { nombre: 'Estudio D', encargos: 1, valor_total: 30000 },
    ]);
  });

  it('refuses a malformed date', async () => {
    const response = await get(token, '/api/v1/estadisticas/diarias/?fecha=2025-13-01');
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(estadisticaMessages.fechaInvalida);
  });
});

describe('monthly statistics', () => {
  it('reports the month in Santiago time with profitability, tops, prediction and comparison', async () => {
    const response = await get(token, '/api/v1/estadisticas/mensuales/?mes=2025-03');
    expect(response.statusCode).toBe(200);
    const body = EstadisticasMensualesSchema.parse(response.json());
    expect(body.periodo).toEqual({ desde: '2025-03-01', hasta: '2025-03-31' });
    expect(body.resumen).toEqual({ total_encargos: 5, valor_total: 170000, promedio_por_encargo: 34000, dias_activos: 4, estudios_activos: 3 });
    // Average 34.000: A 40.000 (≥ 100%) verde, D 30.000 (88%) amarillo, B 20.000 (59%) rojo.
    expect(body.rentabilidad_estudios).toEqual([
      { nombre: 'Estudio A', encargos: 3, valor_total: 120000, promedio_por_encargo: 40000, semaforo: 'verde' },
      { nombre: 'Estudio D', encargos: 1, valor_total: 30000, promedio_por_encargo: 30000, semaforo: 'amarillo' },
      { nombre: 'Estudio B', encargos: 1, valor_total: 20000, promedio_por_encargo: 20000, semaforo: 'rojo' },
    ]);
    expect(body.top_estudios.por_volumen.map((e) => [e.nombre, e.cantidad])).toEqual([
      ['Estudio A', 3],
      ['Estudio D', 1],
      ['Estudio B', 1],
    ]);
    expect(body.top_estudios.por_valor).toEqual([
      { nombre: 'Estudio A', valor: 120000 },
      { nombre: 'Estudio D', valor: 30000 },
      { nombre: 'Estudio B', valor: 20000 },
    ]);
    expect(body.analisis_predictivo).toEqual({
      dia_mayor_actividad: 'Martes',
      promedio_dia_activo: 1.3,
      estudios_recomendados: ['Estudio A', 'Estudio D', 'Estudio B'],
    });
    // February: C 4 × 10.000 and A 40.000 on the 28th at 23:00 (1 March in UTC) → 5 and 80.000.
    expect(body.comparativa).toEqual({
      encargos_porcentaje: 0,
      ingresos_porcentaje: 112.5,
      mes_anterior: { mes: '2025-02', total_encargos: 5, valor_total: 80000 },
    });
    expect(body.por_dia).toEqual([
      { fecha: '2025-03-04', encargos: 2, valor: 70000 },
      { fecha: '2025-03-05', encargos: 1, valor: 20000 },
      { fecha: '2025-03-11', encargos: 1, valor: 40000 },
      { fecha: '2025-03-31', encargos: 1, valor: 40000 },
    ]);
    expect(body.alertas).toEqual([
      { tipo: 'critica', mensaje: 'Hay 2 encargos pendientes o preparados con más de 30 días de antigüedad' },
      { tipo: 'advertencia', mensaje: '1 encargo lleva más de 7 días listo para estampar' },
      { tipo: 'advertencia', mensaje: 'El volumen de Estudio C cayó un 100% respecto del mes anterior' },
    ]);
    expect(body.umbrales.semaforo).toEqual({ verde: 1, amarillo: 0.75 });
  });

  it('keeps the month boundary in Santiago time for February and April', async () => {
    const feb = EstadisticasMensualesSchema.parse((await get(token, '/api/v1/estadisticas/mensuales/?mes=2025-02')).json());
    expect(feb.resumen.total_encargos).toBe(5);
    expect(feb.por_dia.at(-1)).toEqual({ fecha: '2025-02-28', encargos: 1, valor: 40000 });
    const apr = EstadisticasMensualesSchema.parse((await get(token, '/api/v1/estadisticas/mensuales/?mes=2025-04')).json());
    expect(apr.resumen).toMatchObject({ total_encargos: 1, valor_total: 45000 });
    expect(apr.comparativa.encargos_porcentaje).toBe(-80);
    expect(apr.periodo.hasta).toBe('2025-04-30');
  });

  it('says so when a month has no activity', async () => {
    const body = EstadisticasMensualesSchema.parse((await get(token, '/api/v1/estadisticas/mensuales/?mes=2024-06')).json());
    expect(body.resumen.total_encargos).toBe(0);
    expect(body.analisis_predictivo.dia_mayor_actividad).toBeNull();
    expect(body.alertas).toContainEqual({ tipo: 'info', mensaje: estadisticaMessages.alertaSinActividad });
    expect(body.comparativa.encargos_porcentaje).toBe(0);
  });

  it('refuses a malformed month', async () => {
    for (const mes of ['2025-3', '2025-00', 'marzo', '2025-03-01']) {
      const response = await get(token, `/api/v1/estadisticas/mensuales/?mes=${mes}`);
      expect(response.statusCode, mes).toBe(400);
      expect(response.json().detail).toBe(estadisticaMessages.mesInvalido);
    }
  });

  it('produces the monthly report as a PDF', async () => {
    const response = await get(token, '/api/v1/estadisticas/mensuales/pdf/?mes=2025-03');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const parser = new PDFParse({ data: new Uint8Array(response.rawPayload) });
    try {
      const text = (await parser.getText()).text;
      expect(text).toContain('MARZO 2025');
      expect(text).toContain('Estudio A');
      expect(text).toContain('$170.000');
      expect(text).toContain('Verde');
      expect(text).toContain('+112,5%');
      expect(text).toContain('Martes');
    } finally {
      await parser.destroy();
    }
  });
});

describe('access', () => {
  const urls = ['/api/v1/estadisticas/diarias/', '/api/v1/estadisticas/mensuales/', '/api/v1/estadisticas/mensuales/pdf/'];

  it('answers 403 to a user without the estadisticas module on every call', async () => {
    for (const url of urls) {
      const response = await get(sinModulo, url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ detail: commonMessages.forbidden });
    }
  });

  it('answers 401 without a session', async () => {
    for (const url of urls) expect((await get(undefined, url)).statusCode, url).toBe(401);
  });

  it("counts only the caller's receiver", async () => {
    const month = EstadisticasMensualesSchema.parse((await get(ajeno, '/api/v1/estadisticas/mensuales/?mes=2025-03')).json());
    expect(month.resumen.total_encargos).toBe(0);
    expect(month.rentabilidad_estudios).toEqual([]);
    const day = EstadisticasDiariasSchema.parse((await get(ajeno, '/api/v1/estadisticas/diarias/?fecha=2025-03-04')).json());
    expect(day.encargos.total).toBe(0);
    const pdf = await get(ajeno, '/api/v1/estadisticas/mensuales/pdf/?mes=2025-03');
    expect(pdf.statusCode).toBe(200);
  });
});
