import { CierreDiaSchema, todayIso } from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { seedDiligencia, seedEncargo, seedEstudio } from '../rutas/rutas.fixtures';

let t: TestContext;
let db: TenantDb;
let token: string;
let ajeno: string;

const URL = '/api/v1/dashboard/cierre_dia/';
// 10 March 2026: Santiago is UTC-3 (summer time until April).
const DIA = '2026-03-10';

async function certificado(encargoId: number | null, numeroRol: string, creado: string, tipoCodigo = 'busqueda_positiva') {
  await db.execute(sql`
    insert into estampados (encargo_id, numero_rol, tipo_estampado_id, titulo, creado_por, fecha_creacion)
    values (${encargoId}, ${numeroRol}, (select id from tipos_estampado where codigo = ${tipoCodigo}),
            ${`Estampado ${numeroRol}`}, 'receptora', ${creado}::timestamptz)`);
}

async function tocado(encargoId: number, instante: string) {
  await db.execute(sql`update encargos set fecha_modificacion = ${instante}::timestamptz where id = ${encargoId}`);
}

beforeAll(async () => {
  t = await createTestContext();
  await t.createUser({ tenantId: t.mainTenantId, username: 'secretaria_cierre' });
  token = await t.login('secretaria_cierre');
  const otro = await t.createTenant({ nombre: 'Receptor Rancagua' });
  await t.createUser({ tenantId: otro.id, username: 'ajena_cierre' });
  ajeno = await t.login('ajena_cierre');
  db = await t.tenantDbOf(t.mainTenantId);

  const estudio = await seedEstudio(db, 'Estudio Pérez y Cía.');
  const add = async (numeroRol: string, estado: 'preparado' | 'listo_para_estampar' | 'estampado', extra: { esReEncargado?: boolean } = {}) =>
    (
      await seedEncargo(db, {
        estudioId: estudio.id,
        numeroRol,
        estado,
        ejecutados: `Ejecutado ${numeroRol}`,
        domicilios: [{ direccion: 'Av. Grecia 1234', comuna: 'Ñuñoa' }],
        ...extra,
      })
    ).encargo;

  // Stamped today with a custom fee, two certificates (the fee counts once).
  const pagado = await add('C-100-2026', 'estampado');
  await seedDiligencia(db, pagado.id, { fecha: '2026-03-10T09:40:00-03:00', valorFinal: 45000, valorCobrado: 45000 });
  await certificado(pagado.id, 'C-100-2026', '2026-03-10T10:15:00-03:00');
  await certificado(pagado.id, 'C-100-2026', '2026-03-10T10:20:00-03:00');
  // Generated today but not opened yet: still listo_para_estampar, so Cobranza does not bill it.
  const abierto = await add('C-101-2026', 'listo_para_estampar');
  await seedDiligencia(db, abierto.id, { fecha: '2026-03-10T11:00:00-03:00', valorFinal: 30000 });
  await certificado(abierto.id, 'C-101-2026', '2026-03-10T12:05:00-03:00');
  // Re-assigned afterwards: its re-assignment is billed, not this one.
  const reEncargado = await add('C-102-2026', 'estampado', { esReEncargado: true });
  await seedDiligencia(db, reEncargado.id, { fecha: '2026-03-10T08:00:00-03:00', valorFinal: 20000 });
  await certificado(reEncargado.id, 'C-102-2026', '2026-03-10T13:00:00-03:00');
  // Yesterday at 23:30 in Santiago (02:30 UTC today): yesterday's, not today's.
  const ayer = await add('C-103-2026', 'estampado');
  await seedDiligencia(db, ayer.id, { fecha: '2026-03-09T20:00:00-03:00', valorFinal: 50000 });
  await certificado(ayer.id, 'C-103-2026', '2026-03-09T23:30:00-03:00');
  // Tomorrow at 00:10 in Santiago: not today's either.
  await certificado(ayer.id, 'C-103-2026', '2026-03-11T00:10:00-03:00');

  // Worked today without results: prepared today, no diligence.
  const sinResultado = await add('C-200-2026', 'preparado');
  await tocado(sinResultado.id, '2026-03-10T16:30:00-03:00');
  // Prepared today but its results are in: not listed.
  const conResultado = await add('C-201-2026', 'preparado');
  await seedDiligencia(db, conResultado.id, { fecha: '2026-03-10T17:00:00-03:00', valorFinal: 35000 });
  await tocado(conResultado.id, '2026-03-10T17:00:00-03:00');
  // Touched yesterday, or re-assigned: not listed.
  const deAyer = await add('C-202-2026', 'preparado');
  await tocado(deAyer.id, '2026-03-09T18:00:00-03:00');
  const original = await add('C-203-2026', 'preparado', { esReEncargado: true });
  await tocado(original.id, '2026-03-10T15:00:00-03:00');
});
afterAll(() => t.close());

async function cierre(query: string, as = token) {
  const response = await t.request(as, { method: 'GET', url: `${URL}${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return CierreDiaSchema.parse(response.json());
}

describe('GET /dashboard/cierre_dia/', () => {
  it("lists the day's certificates with their stored fees, the total and what Cobranza bills", async () => {
    const body = await cierre(`?fecha=${DIA}`);
    expect(body.fecha).toBe(DIA);
    expect(body.certificados.map((c) => [c.hora, c.numero_rol, c.valor, c.facturable])).toEqual([
      ['10:15', 'C-100-2026', 45000, true],
      ['10:20', 'C-100-2026', 45000, true],
      ['12:05', 'C-101-2026', 30000, false],
      ['13:00', 'C-102-2026', 20000, false],
    ]);
    expect(body.certificados[0]).toMatchObject({ tipo_estampado: 'Búsqueda positiva', estudio: 'Estudio Pérez y Cía.', creado_por: 'receptora' });
    expect(body).toMatchObject({
      encargos_certificados: 3,
      total_derechos: 45000 + 30000 + 20000,
      encargos_facturables: 1,
      total_facturable: 45000,
    });
  });

  it('lists the assignments worked that day still without results, and says how they are chosen', async () => {
    const body = await cierre(`?fecha=${DIA}`);
    expect(body.sin_resultados).toEqual([
      { id: expect.any(Number), numero_rol: 'C-200-2026', estudio: 'Estudio Pérez y Cía.', ejecutados: 'Ejecutado C-200-2026', direccion: 'Av. Grecia 1234, Ñuñoa', hora: '16:30' },
    ]);
    expect(body.criterio_sin_resultados).toContain('sin diligencia registrada');
  });

  it("keeps yesterday's certificates to yesterday (Santiago midnight, not UTC)", async () => {
    const body = await cierre('?fecha=2026-03-09');
    expect(body.certificados.map((c) => [c.hora, c.numero_rol, c.valor])).toEqual([['23:30', 'C-103-2026', 50000]]);
    expect(body).toMatchObject({ total_derechos: 50000, total_facturable: 50000, encargos_facturables: 1 });
    expect((await cierre('?fecha=2026-03-11')).certificados.map((c) => c.hora)).toEqual(['00:10']);
    expect(await cierre('?fecha=2026-03-08')).toMatchObject({ certificados: [], total_derechos: 0, sin_resultados: [] });
  });

  it('answers today when no date is given', async () => {
    const hoy = todayIso();
    const { encargo } = await seedEncargo(db, { estudioId: (await seedEstudio(db, 'Estudio Hoy')).id, numeroRol: 'C-300-2026', estado: 'estampado' });
    await seedDiligencia(db, encargo.id, { fecha: new Date().toISOString(), valorFinal: 38000 });
    await certificado(encargo.id, 'C-300-2026', new Date().toISOString());
    const body = await cierre('');
    expect(body.fecha).toBe(hoy);
    expect(body.certificados.map((c) => c.numero_rol)).toContain('C-300-2026');
    expect(body.total_facturable).toBeGreaterThanOrEqual(38000);
  });

  it('refuses a date that is not a real YYYY-MM-DD day with a Spanish 400', async () => {
    for (const fecha of ['2026-02-30', '10/03/2026', 'hoy', '2026-3-1', '1899-12-31', "2026-03-10' or 1=1"]) {
      const response = await t.request(token, { method: 'GET', url: `${URL}?fecha=${encodeURIComponent(fecha)}` });
      expect(response.statusCode, fecha).toBe(400);
      expect(response.json().detail).toBe('La fecha debe ser una fecha válida con el formato AAAA-MM-DD');
    }
    const twice = await t.request(token, { method: 'GET', url: `${URL}?fecha=${DIA}&fecha=${DIA}` });
    expect(twice.statusCode).toBe(400);
    const pdf = await t.request(token, { method: 'GET', url: `${URL}pdf/?fecha=2026-13-01` });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().detail).toBe('La fecha debe ser una fecha válida con el formato AAAA-MM-DD');
  });

  it("never shows one receiver's day to another, and requires a session", async () => {
    expect(await cierre(`?fecha=${DIA}`, ajeno)).toMatchObject({ certificados: [], sin_resultados: [], total_derechos: 0 });
    expect((await t.app.inject({ method: 'GET', url: `${URL}?fecha=${DIA}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${URL}pdf/?fecha=${DIA}` })).statusCode).toBe(401);
  });
});

describe('GET /dashboard/cierre_dia/pdf/', () => {
  it('prints the same closing: certificates with fees, totals, billable and the assignments without results', async () => {
    const response = await t.request(token, { method: 'GET', url: `${URL}pdf/?fecha=${DIA}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="cierre-dia-2026-03-10.pdf"');
    const parser = new PDFParse({ data: new Uint8Array(response.rawPayload) });
    try {
      const text = (await parser.getText()).text;
      expect(text).toContain('CIERRE DEL DÍA');
      expect(text).toContain('Cierre del día: 10 de marzo de 2026');
      expect(text).toContain('Certificados emitidos (4)'.toUpperCase());
      for (const rol of ['C-100-2026', 'C-101-2026', 'C-102-2026', 'C-200-2026']) expect(text).toContain(rol);
      expect(text).not.toContain('C-103-2026');
      expect(text).toContain('$45.000');
      expect(text).toContain('Total de derechos (3 encargos): $95.000');
      expect(text).toContain('Facturable (1 encargo): $45.000');
      expect(text).toContain('No facturable');
      expect(text).toContain('Av. Grecia 1234, Ñuñoa');
      expect(text).toContain('sin diligencia registrada');
    } finally {
      await parser.destroy();
    }
  });

  it('prints an empty day as such', async () => {
    const response = await t.request(token, { method: 'GET', url: `${URL}pdf/?fecha=2026-03-08` });
    const parser = new PDFParse({ data: new Uint8Array(response.rawPayload) });
    try {
      const text = (await parser.getText()).text;
      expect(text).toContain('No se emitieron certificados este día');
      expect(text).toContain('No hay encargos trabajados este día que esperen resultados');
    } finally {
      await parser.destroy();
    }
  });
});
