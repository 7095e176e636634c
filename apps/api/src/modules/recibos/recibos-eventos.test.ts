import { PagoResponseSchema, ReciboResponseSchema } from '@receptoria/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { seedDiligencia, seedEncargo, seedEstudio } from '../rutas/rutas.fixtures';

let t: TestContext;
let token: string;
let estudioId: number;
let rolCounter = 0;

type Rows<T> = { rows: T[] };

async function tenantDb() {
  return t.tenantDbOf(t.mainTenantId);
}

/** A stamped assignment of the firm with one diligence. */
async function diligenciaEstampada() {
  const db = await tenantDb();
  rolCounter += 1;
  const { encargo } = await seedEncargo(db, { estudioId, numeroRol: `C-${700 + rolCounter}-2026`, estado: 'estampado', fechaEstampado: '2026-03-03' });
  const diligencia = await seedDiligencia(db, encargo.id, { fecha: '2026-03-02T10:00:00-03:00', valorFinal: 30_000 });
  return { encargoId: encargo.id, diligenciaId: diligencia.id };
}

const emitir = (diligenciaId: number) =>
  t.request(token, { method: 'POST', url: '/api/v1/recibos/', payload: { estudio_id: estudioId, diligencia_ids: [diligenciaId], fecha: '2026-03-10' } });

async function siguienteNumero(): Promise<number> {
  const db = await tenantDb();
  const { rows } = (await db.execute(sql`select siguiente_numero from recibos_configuracion where id = 1`)) as unknown as Rows<{ siguiente_numero: number }>;
  return Number(rows[0]?.siguiente_numero);
}

beforeAll(async () => {
  t = await createTestContext();
  await t.createUser({ tenantId: t.mainTenantId, username: 'cobro_eventos', permisos: ['imprime_recibos'] });
  token = await t.login('cobro_eventos');
  const db = await tenantDb();
  estudioId = (await seedEstudio(db, 'Estudio Oyente')).id;
  await db.execute(sql`
    insert into webhook_endpoints (estudio_id, url, eventos, secreto)
    values (${estudioId}, 'https://hooks.example.cl/recibos', '["recibo.emitido", "pago.aplicado"]'::jsonb, 'whsec_recibos')`);
});
afterAll(async () => {
  await t.close();
});

describe("a receipt's lifecycle act and its recibo.emitido event", () => {
  it('are written once each, in the same transaction as the receipt', async () => {
    const { encargoId, diligenciaId } = await diligenciaEstampada();
    const response = await emitir(diligenciaId);
    expect(response.statusCode, response.body).toBe(201);
    const recibo = ReciboResponseSchema.parse(response.json()).recibo;

    const db = await tenantDb();
    const { rows: [reciboRow] } = (await db.execute(sql`select xmin::text as xmin from recibos where id = ${recibo.id}`)) as unknown as Rows<{ xmin: string }>;
    const { rows: actos } = (await db.execute(sql`
      select xmin::text as xmin, datos from encargo_eventos where encargo_id = ${encargoId} and tipo = 'facturado'`)) as unknown as Rows<{ xmin: string; datos: { recibo_id: number } }>;
    const { rows: eventos } = (await db.execute(sql`
      select xmin::text as xmin, cuerpo from webhook_eventos where encargo_id = ${encargoId} and tipo = 'recibo.emitido'`)) as unknown as Rows<{ xmin: string; cuerpo: string }>;
    const { rows: envios } = (await db.execute(sql`
      select xmin::text as xmin from webhook_envios where encargo_id = ${encargoId}`)) as unknown as Rows<{ xmin: string }>;

    expect(reciboRow?.xmin).toBeDefined();
    expect(actos).toHaveLength(1);
    expect(actos[0]?.datos.recibo_id).toBe(recibo.id);
    expect(eventos).toHaveLength(1);
    expect(JSON.parse(eventos[0]?.cuerpo ?? '{}')).toMatchObject({ tipo: 'recibo.emitido', encargo: { id: encargoId }, datos: { recibo_id: recibo.id, numero: recibo.numero } });
    expect(envios).toHaveLength(1);
    expect(new Set([reciboRow?.xmin, actos[0]?.xmin, eventos[0]?.xmin, envios[0]?.xmin])).toEqual(new Set([reciboRow?.xmin]));
  });

  it('a failure writing the event leaves no receipt, no act and no event, and the number is not consumed', async () => {
    const db = await tenantDb();
    const { encargoId, diligenciaId } = await diligenciaEstampada();
    const antes = await siguienteNumero();
    // The event's delivery row cannot be written: the receipt's issue must fail as a whole.
    await db.execute(sql`
      create function webhook_envios_rechaza() returns trigger language plpgsql as $$
      begin raise exception 'envío rechazado'; end $$`);
    await db.execute(sql`create trigger webhook_envios_rechaza before insert on webhook_envios for each row execute function webhook_envios_rechaza()`);
    try {
      const response = await emitir(diligenciaId);
      expect(response.statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger webhook_envios_rechaza on webhook_envios`);
      await db.execute(sql`drop function webhook_envios_rechaza()`);
    }

    const { rows: items } = (await db.execute(sql`select recibo_id from recibo_items where diligencia_id = ${diligenciaId}`)) as unknown as Rows<{ recibo_id: number }>;
    const { rows: actos } = (await db.execute(sql`select id from encargo_eventos where encargo_id = ${encargoId} and tipo = 'facturado'`)) as unknown as Rows<{ id: number }>;
    const { rows: eventos } = (await db.execute(sql`select id from webhook_eventos where encargo_id = ${encargoId}`)) as unknown as Rows<{ id: string }>;
    expect(items).toEqual([]);
    expect(actos).toEqual([]);
    expect(eventos).toEqual([]);
    expect(await siguienteNumero()).toBe(antes);

    // Once the failure is gone the same diligence is billed with the number the failed issue gave back.
    const again = await emitir(diligenciaId);
    expect(again.statusCode, again.body).toBe(201);
    expect(ReciboResponseSchema.parse(again.json()).recibo.numero).toBe(antes);
  });
});

describe("a payment's lifecycle acts and their pago.aplicado events", () => {
  it('are written once each, in the same transaction as the payment that applies them', async () => {
    const { encargoId, diligenciaId } = await diligenciaEstampada();
    const emitido = await emitir(diligenciaId);
    expect(emitido.statusCode, emitido.body).toBe(201);
    const recibo = ReciboResponseSchema.parse(emitido.json()).recibo;
    const response = await t.request(token, {
      method: 'POST',
      url: '/api/v1/pagos/',
      payload: { estudio_id: estudioId, fecha: '2026-03-12', monto: 30_000, medio: 'transferencia', aplicaciones: [{ recibo_id: recibo.id, monto: 30_000 }] },
    });
    expect(response.statusCode, response.body).toBe(201);
    const pago = PagoResponseSchema.parse(response.json()).pago;

    const db = await tenantDb();
    const { rows: [pagoRow] } = (await db.execute(sql`select xmin::text as xmin from pagos where id = ${pago.id}`)) as unknown as Rows<{ xmin: string }>;
    const { rows: actos } = (await db.execute(sql`
      select xmin::text as xmin from encargo_eventos where encargo_id = ${encargoId} and tipo = 'pagado'`)) as unknown as Rows<{ xmin: string }>;
    const { rows: eventos } = (await db.execute(sql`
      select xmin::text as xmin, cuerpo from webhook_eventos where encargo_id = ${encargoId} and tipo = 'pago.aplicado'`)) as unknown as Rows<{ xmin: string; cuerpo: string }>;

    expect(pagoRow?.xmin).toBeDefined();
    expect(actos).toHaveLength(1);
    expect(eventos).toHaveLength(1);
    expect(JSON.parse(eventos[0]?.cuerpo ?? '{}')).toMatchObject({ tipo: 'pago.aplicado', datos: { pago_id: pago.id, recibo_id: recibo.id, monto: 30_000 } });
    expect(new Set([pagoRow?.xmin, actos[0]?.xmin, eventos[0]?.xmin])).toEqual(new Set([pagoRow?.xmin]));
  });
});
