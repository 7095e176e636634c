import { COMUNAS, ComunaSchema, TipoCausaSchema, TipoEncargoSchema, TribunalSchema } from '@receptoria/contracts';
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

  it("lists Chile's 346 comunas with their CUT code, province and region, the spec's 16 first", async () => {
    const response = await get(tokenA, '/encargos/comunas/');
    expect(response.statusCode).toBe(200);
    const comunas = z.array(ComunaSchema).parse(response.json());
    expect(comunas).toHaveLength(346);
    expect(new Set(comunas.map((comuna) => comuna.codigo)).size).toBe(346);
    expect(comunas.slice(0, 16).map((comuna) => comuna.nombre)).toEqual([...COMUNAS]);
    expect(comunas).toContainEqual({ codigo: '13130', nombre: 'San Miguel', provincia: 'Santiago', region: 'Metropolitana de Santiago' });
    expect(comunas).toContainEqual({ codigo: '13106', nombre: 'Estación Central', provincia: 'Santiago', region: 'Metropolitana de Santiago' });
    expect(comunas.filter((comuna) => comuna.region === 'Metropolitana de Santiago')).toHaveLength(52);
    expect(comunas.filter((comuna) => comuna.region === 'Ñuble')).toHaveLength(21);
    expect(z.array(ComunaSchema).parse((await get(tokenB, '/encargos/comunas/')).json())).toEqual(comunas);
  });

  it('finds a comuna with and without accents, in any case', async () => {
    const buscar = async (q: string) => {
      const response = await get(tokenA, `/encargos/comunas/?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(200);
      return z.array(ComunaSchema).parse(response.json()).map((comuna) => comuna.nombre);
    };
    expect(await buscar('Estación Central')).toEqual(['Estación Central']);
    expect(await buscar('estacion central')).toEqual(['Estación Central']);
    expect(await buscar('NUNOA')).toEqual(['Ñuñoa']);
    expect(await buscar('san miguel')).toEqual(['San Miguel']);
    expect(await buscar('peñalolén')).toEqual(['Peñalolén']);
    expect(await buscar('hornos')).toEqual(['Cabo de Hornos']);
    expect(await buscar('no existe')).toEqual([]);
    expect(await buscar('')).toHaveLength(346);
  });

  it('refuses an over-long search with a Spanish 400', async () => {
    const response = await get(tokenA, `/encargos/comunas/?q=${'a'.repeat(101)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/caracteres/);
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
