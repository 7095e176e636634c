import {
  AgregarEmailsResponseSchema,
  AgregarPartesResponseSchema,
  ErrorBodySchema,
  EstudioListItemSchema,
  EstudioSchema,
} from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, type TestContext } from '../../../test/helper';
import { estudioPayload, registerEstudio } from '../encargos/encargos.fixtures';

let t: TestContext;
let tokenA: string;
let tokenB: string;
let tenantB: number;

beforeAll(async () => {
  t = await createTestContext();
  tenantB = (await t.createTenant({ nombre: 'Receptora Valparaíso' })).id;
  await t.createUser({ tenantId: t.mainTenantId, username: 'secretaria_a' });
  await t.createUser({ tenantId: tenantB, username: 'secretaria_b' });
  tokenA = await t.login('secretaria_a');
  tokenB = await t.login('secretaria_b');
});
afterAll(() => t.close());

const register = (token: string, payload: unknown) =>
  t.request(token, { method: 'POST', url: '/api/v1/estudios/registrar_estudio/', payload: payload as object });

async function rowCounts(tenantId: number) {
  const db = await t.tenantDbOf(tenantId);
  const [estudios] = await db.select({ n: count() }).from(tenantSchema.estudios);
  const [emails] = await db.select({ n: count() }).from(tenantSchema.estudioEmails);
  const [partes] = await db.select({ n: count() }).from(tenantSchema.partesDemandantes);
  return { estudios: estudios?.n, emails: emails?.n, partes: partes?.n };
}

describe('POST /estudios/registrar_estudio/', () => {
  it('registers a firm with its e-mails and parties and answers the full form', async () => {
    const response = await register(
      tokenA,
      estudioPayload({
        nombre: 'Cobranzas Judiciales del Pacífico Ltda.',
        rut_estudio: '77215380-k',
        emails: [{ email: 'Mesa.Central@CobranzasPacifico.cl' }, { email: '' }, 'notificaciones@cobranzaspacifico.cl'],
        partes_demandantes: [{ nombre: 'Banco del Estado de Chile', tipo: 'banco' }, { nombre: '' }, 'Caja Los Andes'],
        enviar_informes_diarios: true,
      }),
    );
    expect(response.statusCode).toBe(201);
    const estudio = EstudioSchema.parse(response.json());
    expect(estudio).toMatchObject({
      nombre: 'Cobranzas Judiciales del Pacífico Ltda.',
      rut_estudio: '77215380-K',
      telefono: '+56 2 2431 7700',
      activo: true,
      enviar_informes_diarios: true,
      enviar_informes_mensuales: false,
    });
    expect(estudio.emails.map((e) => [e.email, e.tipo])).toEqual([
      ['mesa.central@cobranzaspacifico.cl', 'principal'],
      ['notificaciones@cobranzaspacifico.cl', 'secundario'],
    ]);
    expect(estudio.partes_demandantes.map((p) => [p.nombre, p.tipo])).toEqual([
      ['Banco del Estado de Chile', 'banco'],
      ['Caja Los Andes', 'empresa'],
    ]);
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['a missing name', { nombre: '' }, 'El nombre es requerido'],
    ['a short name', { nombre: 'AB' }, 'Mínimo 3 caracteres'],
    ['a missing phone', { telefono: '' }, 'El teléfono es requerido'],
    ['a phone that is not Chilean', { telefono: '+56 1 2234 5678' }, 'Formato inválido (ej: +56 2 2234 5678)'],
    ['a missing address', { direccion: '' }, 'La dirección es requerida'],
    ['a short address', { direccion: 'Calle 12' }, 'Mínimo 10 caracteres'],
    ['a missing comuna', { comuna: '' }, 'La comuna es requerida'],
    ['a missing city', { ciudad: '' }, 'La ciudad es requerida'],
    ['a missing RUT', { rut_estudio: '' }, 'El RUT del estudio es requerido'],
    ['a RUT with dots', { rut_estudio: '76.482.915-3' }, 'Formato inválido (ej: 12345678-9)'],
    ['no e-mail', { emails: [{ email: '' }] }, 'Debe proporcionar al menos un correo electrónico válido'],
    ['a malformed e-mail', { emails: ['contacto@larrain'] }, 'Formato de email inválido'],
    ['no party', { partes_demandantes: [{ nombre: ' ' }] }, 'Debe proporcionar al menos una parte demandante válida'],
    ['an unknown e-mail type', { emails: [{ email: 'a@b.cl', tipo: 'otro' }] }, 'Tipo de correo inválido'],
  ];
  it.each(cases)('rejects %s with its message and stores nothing', async (_name, patch, message) => {
    const before = await rowCounts(t.mainTenantId);
    const response = await register(tokenA, estudioPayload(patch));
    expect(response.statusCode).toBe(400);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.detail).toBe(message);
    expect(await rowCounts(t.mainTenantId)).toEqual(before);
  });

  it('refuses a second firm with the same RUT', async () => {
    await registerEstudio(t, tokenA, { rut_estudio: '76930147-2' });
    const before = await rowCounts(t.mainTenantId);
    const response = await register(tokenA, estudioPayload({ rut_estudio: '76930147-2', nombre: 'Otro Estudio' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe('Ya existe un estudio jurídico registrado con el RUT 76930147-2');
    expect(await rowCounts(t.mainTenantId)).toEqual(before);
  });

  it('requires a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/estudios/registrar_estudio/',
      payload: estudioPayload(),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /estudios/ and /estudios/{id}/', () => {
  it('lists firms by name with their active parties', async () => {
    await registerEstudio(t, tokenA, { nombre: 'Aguirre y Compañía Abogados' });
    const response = await t.request(tokenA, { method: 'GET', url: '/api/v1/estudios/' });
    expect(response.statusCode).toBe(200);
    const list = z.array(EstudioListItemSchema).parse(response.json());
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list[0]?.nombre).toBe('Aguirre y Compañía Abogados');
    expect(list[0]?.partes_demandantes.map((p) => p.nombre)).toEqual(['Banco de Chile', 'Inmobiliaria Los Alerces Ltda.']);
    const searched = z
      .array(EstudioListItemSchema)
      .parse((await t.request(tokenA, { method: 'GET', url: '/api/v1/estudios/?search=pacíf' })).json());
    expect(searched.map((e) => e.nombre)).toEqual(['Cobranzas Judiciales del Pacífico Ltda.']);
  });

  it('answers the full form of one firm, and 404 for an unknown one', async () => {
    const created = await registerEstudio(t, tokenA, { nombre: 'Morales, Fuenzalida y Compañía' });
    const response = await t.request(tokenA, { method: 'GET', url: `/api/v1/estudios/${created.id}/` });
    expect(response.statusCode).toBe(200);
    expect(EstudioSchema.parse(response.json())).toEqual(created);
    const missing = await t.request(tokenA, { method: 'GET', url: '/api/v1/estudios/99999/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('No se encontró el estudio jurídico');
  });
});

describe('POST /estudios/{id}/agregar_emails/', () => {
  it('adds e-mails with their types', async () => {
    const estudio = await registerEstudio(t, tokenA);
    const response = await t.request(tokenA, {
      method: 'POST',
      url: `/api/v1/estudios/${estudio.id}/agregar_emails/`,
      payload: { emails: [{ email: 'informes@larrain.cl', tipo: 'informes' }, 'cobranza@larrain.cl'] },
    });
    expect(response.statusCode).toBe(201);
    const body = AgregarEmailsResponseSchema.parse(response.json());
    expect(body.message).toBe('2 correos agregados exitosamente');
    expect(body.emails_agregados.map((e) => [e.email, e.tipo])).toEqual([
      ['informes@larrain.cl', 'informes'],
      ['cobranza@larrain.cl', 'secundario'],
    ]);
    const full = EstudioSchema.parse(
      (await t.request(tokenA, { method: 'GET', url: `/api/v1/estudios/${estudio.id}/` })).json(),
    );
    expect(full.emails).toHaveLength(3);
  });

  it.each([
    [{ emails: [''] }, 'Debe ingresar un email válido'],
    [{ emails: [] }, 'Debe ingresar un email válido'],
    [{ emails: ['sin-arroba.cl'] }, 'Formato de email inválido'],
    [{ emails: ['contacto@larrain.cl'] }, 'El correo contacto@larrain.cl ya está registrado en este estudio'],
  ])('rejects %j and stores nothing', async (payload, message) => {
    const estudio = await registerEstudio(t, tokenA);
    const before = await rowCounts(t.mainTenantId);
    const response = await t.request(tokenA, {
      method: 'POST',
      url: `/api/v1/estudios/${estudio.id}/agregar_emails/`,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(message);
    expect(await rowCounts(t.mainTenantId)).toEqual(before);
  });

  it('answers 404 for an unknown firm', async () => {
    const response = await t.request(tokenA, {
      method: 'POST',
      url: '/api/v1/estudios/99999/agregar_emails/',
      payload: { emails: ['x@y.cl'] },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /estudios/{id}/agregar_partes_demandantes/', () => {
  it('adds parties, empresa by default', async () => {
    const estudio = await registerEstudio(t, tokenA);
    const response = await t.request(tokenA, {
      method: 'POST',
      url: `/api/v1/estudios/${estudio.id}/agregar_partes_demandantes/`,
      payload: { partes_demandantes: [{ nombre: 'Scotiabank Chile', tipo: 'banco' }, { nombre: 'Automotriz Portillo S.A.' }] },
    });
    expect(response.statusCode).toBe(201);
    const body = AgregarPartesResponseSchema.parse(response.json());
    expect(body.partes_agregadas.map((p) => [p.nombre, p.tipo])).toEqual([
      ['Scotiabank Chile', 'banco'],
      ['Automotriz Portillo S.A.', 'empresa'],
    ]);
  });

  it.each([
    [{ partes_demandantes: [{ nombre: '' }] }, 'Debe ingresar un nombre para la parte demandante'],
    [{ partes_demandantes: [{ nombre: 'X', tipo: 'sociedad' }] }, 'Tipo de parte demandante inválido'],
    [{ partes_demandantes: ['banco de chile'] }, 'La parte demandante banco de chile ya está registrada en este estudio'],
  ])('rejects %j and stores nothing', async (payload, message) => {
    const estudio = await registerEstudio(t, tokenA);
    const before = await rowCounts(t.mainTenantId);
    const response = await t.request(tokenA, {
      method: 'POST',
      url: `/api/v1/estudios/${estudio.id}/agregar_partes_demandantes/`,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(message);
    expect(await rowCounts(t.mainTenantId)).toEqual(before);
  });
});

describe('tenant isolation', () => {
  it("never lets a user of tenant B read or change tenant A's firms", async () => {
    const estudioA = await registerEstudio(t, tokenA, { nombre: 'Estudio Secreto del Receptor A' });
    const beforeA = await rowCounts(t.mainTenantId);

    const listB = z
      .array(EstudioListItemSchema)
      .parse((await t.request(tokenB, { method: 'GET', url: '/api/v1/estudios/' })).json());
    expect(listB.map((e) => e.nombre)).not.toContain('Estudio Secreto del Receptor A');

    const read = await t.request(tokenB, { method: 'GET', url: `/api/v1/estudios/${estudioA.id}/` });
    expect(read.statusCode).toBe(404);
    const email = await t.request(tokenB, {
      method: 'POST',
      url: `/api/v1/estudios/${estudioA.id}/agregar_emails/`,
      payload: { emails: ['intruso@otro.cl'] },
    });
    expect(email.statusCode).toBe(404);
    const parte = await t.request(tokenB, {
      method: 'POST',
      url: `/api/v1/estudios/${estudioA.id}/agregar_partes_demandantes/`,
      payload: { partes_demandantes: ['Intruso'] },
    });
    expect(parte.statusCode).toBe(404);

    // The same RUT may exist once per receiver.
    const sameRut = await register(tokenB, estudioPayload({ rut_estudio: estudioA.rut_estudio }));
    expect(sameRut.statusCode).toBe(201);
    expect(await rowCounts(t.mainTenantId)).toEqual(beforeA);
  });
});
