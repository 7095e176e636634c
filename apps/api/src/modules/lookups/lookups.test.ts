import { ComunaSchema, TipoCausaSchema, TipoEncargoSchema, TribunalSchema } from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, type TestContext } from '../../../test/helper';

let t: TestContext;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  t = await createTestContext();
  const tenantB = (await t.createTenant({ nombre: 'Receptor San Miguel' })).id;
  await t.createUser({ tenantId: t.mainTenantId, username: 'receptor_a' });
  await t.createUser({ tenantId: tenantB, username: 'receptor_b' });
  tokenA = await t.login('receptor_a');
  tokenB = await t.login('receptor_b');
});
afterAll(() => t.close());

const get = (token: string | undefined, url: string) => t.request(token, { method: 'GET', url: `/api/v1${url}` });

describe('lookups', () => {
  it('lists the civil courts of Santiago in order, then the other courts of the jurisdiction', async () => {
    const response = await get(tokenA, '/encargos/tribunales/');
    expect(response.statusCode).toBe(200);
    const tribunales = z.array(TribunalSchema).parse(response.json());
    const nombres = tribunales.map((item) => item.nombre);
    expect(nombres.slice(0, 3)).toEqual([
      '1° Juzgado Civil de Santiago',
      '2° Juzgado Civil de Santiago',
      '3° Juzgado Civil de Santiago',
    ]);
    expect(nombres[29]).toBe('30° Juzgado Civil de Santiago');
    expect(nombres).toContain('1° Juzgado Civil de San Miguel');
    expect(nombres).toContain('1° Juzgado Civil de Puente Alto');
    expect(nombres).toContain('Juzgado de Cobranza Laboral y Previsional de Santiago');
    expect(nombres.some((nombre) => /^Tribunal \d+$/.test(nombre))).toBe(false);
    expect(tribunales.every((item) => Number.isInteger(item.id))).toBe(true);
  });

  it('lists assignment types with value and label aliases', async () => {
    const tipos = z.array(TipoEncargoSchema).parse((await get(tokenA, '/encargos/tipos/')).json());
    expect(tipos.map((tipo) => tipo.nombre)).toEqual(
      expect.arrayContaining(['Notificación Personal', 'Requerimiento de Pago', 'Embargo', 'Búsqueda']),
    );
    for (const tipo of tipos) {
      expect(tipo.value).toBe(tipo.id);
      expect(tipo.label).toBe(tipo.nombre);
    }
  });

  it('lists case types', async () => {
    const causas = z.array(TipoCausaSchema).parse((await get(tokenA, '/encargos/causas/')).json());
    expect(causas[0]?.nombre).toBe('Juicio Ejecutivo');
    expect(causas.map((causa) => causa.nombre)).toEqual(
      expect.arrayContaining(['Juicio Ordinario', 'Gestión Preparatoria de la Vía Ejecutiva', 'Juicio Monitorio']),
    );
  });

  it('lists the comunas, the 52 of the Metropolitan Region first', async () => {
    const comunas = z.array(ComunaSchema).parse((await get(tokenA, '/encargos/comunas/')).json());
    const metropolitana = comunas.filter((comuna) => comuna.region === 'Metropolitana de Santiago');
    expect(metropolitana).toHaveLength(52);
    expect(comunas.slice(0, 52)).toEqual(metropolitana);
    expect(metropolitana.map((comuna) => comuna.nombre)).toEqual(
      expect.arrayContaining(['Santiago', 'Ñuñoa', 'Puente Alto', 'San Bernardo', 'Peñalolén']),
    );
    expect(comunas.map((comuna) => comuna.nombre)).toContain('Valparaíso');
  });

  it('requires a session', async () => {
    for (const url of ['/encargos/tribunales/', '/encargos/tipos/', '/encargos/causas/', '/encargos/comunas/']) {
      expect((await get(undefined, url)).statusCode).toBe(401);
    }
  });

  it("reads each receiver's own lists", async () => {
    const dbA = await t.tenantDbOf(t.mainTenantId);
    await dbA.insert(tenantSchema.tribunales).values({ nombre: 'Juzgado de Letras de Curacaví', orden: 999 });
    const nombresA = z
      .array(TribunalSchema)
      .parse((await get(tokenA, '/encargos/tribunales/')).json())
      .map((item) => item.nombre);
    const nombresB = z
      .array(TribunalSchema)
      .parse((await get(tokenB, '/encargos/tribunales/')).json())
      .map((item) => item.nombre);
    expect(nombresA).toContain('Juzgado de Letras de Curacaví');
    expect(nombresB).not.toContain('Juzgado de Letras de Curacaví');
  });
});
