import { tenantSchema } from '@receptoria/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { type EncargoInsert, findEncargoFull, insertEncargoConDomicilios } from './encargos.repository';

/**
 * A new assignment's statement is prepared once per shape (which columns come, which are null,
 * whether an idempotency key comes); past the prepared shapes it is built per call. Every shape must
 * store exactly what it was given, the columns left out taking their defaults.
 */

let t: TestContext;
let estudioId: number;
let tribunalId: number;

beforeAll(async () => {
  t = await createTestContext();
  const db = await t.tenantDbOf(t.mainTenantId);
  const [estudio] = await db.insert(tenantSchema.estudios).values({ nombre: 'Estudio de las Formas', direccion: 'Huérfanos 1160', comuna: 'Santiago', ciudad: 'Santiago', telefono: '', rutEstudio: '76543210-3' }).returning();
  const [tribunal] = await db.select().from(tenantSchema.tribunales).limit(1);
  if (!estudio || !tribunal) throw new Error('no firm or court');
  estudioId = estudio.id;
  tribunalId = tribunal.id;
});
afterAll(() => t.close());

/** The optional columns a creation may give: shape bit i gives the i-th (the court as an id or as null). */
const OPTIONAL: ((n: number) => Partial<EncargoInsert>)[] = [
  (n) => ({ fechaRetiro: `2025-03-${String((n % 27) + 1).padStart(2, '0')}` }),
  () => ({ fechaDemanda: '2024-11-30' }),
  (n) => ({ cuantia: 1_000_000 + n }),
  (n) => ({ fechaComparendo: new Date(Date.UTC(2026, 0, 10, 13, n % 60)) }),
  (n) => ({ observacionesEncargo: `Forma ${n}: «comillas» y 'apóstrofos'` }),
  () => ({ tribunalId }),
  () => ({ tribunalId: null }),
];

describe('a new assignment, whatever columns it is given', () => {
  it('stores 70 creations of more than 32 shapes exactly (the first 32 prepared, the rest built per call), with their addresses and keys', async () => {
    const db = await t.tenantDbOf(t.mainTenantId);
    for (let n = 0; n < 70; n += 1) {
      const values: EncargoInsert = { numeroRol: `F-${n}-2025`, estudioId, ejecutados: `Deudor ${n}`, partes: '', estado: 'preparado', fechaEncargo: '2025-03-01' };
      OPTIONAL.forEach((give, bit) => {
        if (n & (1 << bit)) Object.assign(values, give(n));
      });
      const addresses = Array.from({ length: n % 3 }, (_unused, i) => ({
        direccion: `Calle ${n} ${i}`,
        comuna: 'Ñuñoa',
        ciudad: 'Santiago',
        es_principal: i === 0,
        activo: i !== 1,
      }));
      const clave = n % 2 === 0 ? { operacion: 'crear_encargo', clave: `forma-${n}`, huella: `h${n}` } : undefined;
      const { row, addresses: stored, claimed } = await insertEncargoConDomicilios(db, values, addresses, clave);
      expect(claimed).toBe(true);

      const read = await findEncargoFull(db, row.id);
      expect(read?.row).toEqual(row);
      expect(row).toMatchObject({
        numeroRol: `F-${n}-2025`,
        estudioId,
        ejecutados: `Deudor ${n}`,
        estado: 'preparado',
        fechaRetiro: values.fechaRetiro ?? null,
        fechaDemanda: values.fechaDemanda ?? null,
        cuantia: values.cuantia ?? null,
        fechaComparendo: values.fechaComparendo ?? null,
        observacionesEncargo: values.observacionesEncargo ?? '',
        tribunalId: values.tribunalId ?? null,
        version: 1,
      });
      expect(stored.map((a) => [a.direccion, a.es_principal, a.activo])).toEqual(addresses.map((a) => [a.direccion, a.es_principal, a.activo]));
      expect(read?.encargo.domicilios.map((a) => a.direccion)).toEqual(addresses.map((a) => a.direccion));
      const keys = await db.select().from(tenantSchema.idempotenciaClaves).where(eq(tenantSchema.idempotenciaClaves.encargoId, row.id));
      expect(keys.map((k) => k.clave)).toEqual(clave ? [clave.clave] : []);
    }
  });

  it('claims a key once: the same key again is not claimed (the caller rolls back)', async () => {
    const db = await t.tenantDbOf(t.mainTenantId);
    const values: EncargoInsert = { numeroRol: 'F-900-2025', estudioId, ejecutados: 'Repetido', partes: '', estado: 'preparado', fechaEncargo: '2025-03-01' };
    const clave = { operacion: 'crear_encargo', clave: 'forma-repetida', huella: 'h' };
    expect((await insertEncargoConDomicilios(db, values, [], clave)).claimed).toBe(true);
    expect((await insertEncargoConDomicilios(db, values, [], clave)).claimed).toBe(false);
  });
});
