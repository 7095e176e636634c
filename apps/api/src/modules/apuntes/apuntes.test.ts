import { ApunteSchema } from '@receptoria/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';

let t: TestContext;
let tenantB: number;

beforeAll(async () => {
  t = await createTestContext();
  tenantB = (await t.createTenant({ nombre: 'Receptor Rancagua' })).id;
  await t.createUser({ tenantId: t.mainTenantId, username: 'usuario_a' });
  await t.createUser({ tenantId: tenantB, username: 'usuario_b' });
});
afterAll(() => t.close());

const save = (token: string, texto: unknown) =>
  t.request(token, { method: 'POST', url: '/api/v1/apuntes-personales/guardar_texto/', payload: { texto } });
const read = (token: string) => t.request(token, { method: 'GET', url: '/api/v1/apuntes-personales/texto/' });

describe('personal notes', () => {
  it('starts empty, saves and reads back one note per user', async () => {
    const token = await t.login('usuario_a');
    const empty = ApunteSchema.parse((await read(token)).json());
    expect(empty).toEqual({ texto: '', fecha_actualizacion: null });

    const saved = await save(token, '• Llamar al estudio Pérez\n• Retirar expediente');
    expect(saved.statusCode).toBe(200);
    const stamp = saved.json().fecha_actualizacion as string;
    expect(Number.isNaN(Date.parse(stamp))).toBe(false);

    await save(token, '• Solo esto');
    const note = ApunteSchema.parse((await read(token)).json());
    expect(note.texto).toBe('• Solo esto');
  });

  it('erases a note: an empty text saves as empty and reads back empty', async () => {
    await t.createUser({ tenantId: t.mainTenantId, username: 'usuario_borra' });
    const token = await t.login('usuario_borra');
    await save(token, '• Algo que ya no sirve');
    const erased = await save(token, '');
    expect(erased.statusCode).toBe(200);
    const note = ApunteSchema.parse((await read(token)).json());
    expect(note.texto).toBe('');
    expect(note.fecha_actualizacion).toBe(erased.json().fecha_actualizacion);

    await save(token, '• otra cosa');
    expect((await save(token, '  \n ')).statusCode).toBe(200);
    expect((await read(token)).json().texto).toBe('');
  });

  it('keeps notes of different users of one receiver apart', async () => {
    await t.createUser({ tenantId: t.mainTenantId, username: 'usuario_a2' });
    await save(await t.login('usuario_a2'), 'nota de a2');
    expect((await read(await t.login('usuario_a'))).json().texto).not.toBe('nota de a2');
  });

  it("never shows tenant A's note to a user of tenant B", async () => {
    const tokenA = await t.login('usuario_a');
    await save(tokenA, 'secreto del receptor A');
    const tokenB = await t.login('usuario_b');
    expect((await read(tokenB)).json().texto).toBe('');
    // A token of B altered to claim tenant A is not accepted.
    const [, payload] = tokenB.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = t.app.jwt.sign({ ...claims, tid: t.mainTenantId, exp: undefined, iat: undefined });
    expect((await read(forged)).statusCode).toBe(401);
    await save(tokenB, 'nota de B');
    expect((await read(tokenA)).json().texto).toBe('secreto del receptor A');
  });

  it('rejects a body without text and changes nothing', async () => {
    const token = await t.login('usuario_a');
    const before = (await read(token)).json().texto;
    const response = await save(token, 42);
    expect(response.statusCode).toBe(400);
    expect((await read(token)).json().texto).toBe(before);
  });

  it('requires a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/apuntes-personales/texto/' });
    expect(response.statusCode).toBe(401);
  });
});
