import {
  auditoriaMessages,
  ClienteDetailSchema,
  commonMessages,
  type Estudio,
  ReceptorDatosSchema,
  ReceptorDatosUpdateResponseSchema,
  receptorMessages as m,
} from '@receptoria/contracts';
import { controlSchema } from '@receptoria/db';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { docxText } from '../../documents/docx/ooxml';
import { firmaReceptor } from '../../integrations/mail/firma';
import { resultadosBody, type ResultadosWorld, setupResultados, tipoId } from '../diligencias/resultados.fixtures';
import { crearEncargo, registerEstudio } from '../encargos/encargos.fixtures';
import { insertStamped } from '../informes/informes.fixtures';
import { runTick } from '../informes/informes-programados';
import { listTenants } from '../tenants/tenants.service';

const URL = '/api/v1/configuracion/receptor/';

let t: TestContext;
let smtp: TestSmtpServer;
let w: ResultadosWorld;
let tenantC: number;
const tokens: Record<'receptor' | 'secretaria' | 'gestor' | 'admin' | 'receptorC', string> = {
  receptor: '',
  secretaria: '',
  gestor: '',
  admin: '',
  receptorC: '',
};

beforeAll(async () => {
  smtp = await startSmtpServer();
  // Sessions cached as in production: a change of identity must still reach the very next request.
  t = await createTestContext({ sessionCacheTtlMs: 60_000, mail: { smtpUrl: smtp.url, from: 'Receptoría <informes@receptoria.test>' } });
  w = await setupResultados(t);
  tenantC = (await t.createTenant({ nombre: 'Receptora Judicial Rancagua', rut: '11111111-1' })).id;
  await t.createUser({ tenantId: t.mainTenantId, username: 'rcp_receptora', cargo: 'receptor', permisos: [] });
  await t.createUser({ tenantId: t.mainTenantId, username: 'rcp_secretaria', cargo: 'secretaria', permisos: ['estampa_1', 'imprime_recibos'] });
  await t.createUser({ tenantId: t.mainTenantId, username: 'rcp_gestora', cargo: 'secretaria', permisos: ['gestiona_permisos'] });
  await t.createUser({ tenantId: tenantC, username: 'rcp_receptora_c', cargo: 'receptor', permisos: [] });
  tokens.receptor = await t.login('rcp_receptora');
  tokens.secretaria = await t.login('rcp_secretaria');
  tokens.gestor = await t.login('rcp_gestora');
  tokens.admin = await t.login('admin');
  tokens.receptorC = await t.login('rcp_receptora_c');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const get = (token: string | undefined, url = URL) => t.request(token, { method: 'GET', url });
const put = (token: string | undefined, payload: Record<string, unknown>, url = URL) =>
  t.request(token, { method: 'PUT', url, payload });

async function tenantRow(id: number) {
  const [row] = await t.app.controlDb.select().from(controlSchema.tenants).where(eq(controlSchema.tenants.id, id));
  return row!;
}

async function current(token = tokens.receptor) {
  return ReceptorDatosSchema.parse((await get(token)).json());
}

const IDENTIDAD = {
  nombre: 'Carolina Andrea Muñoz Pizarro',
  rut: '15.678.901-1',
  direccion: 'Compañía de Jesús 1390, oficina 1105',
  comuna: 'Santiago',
  telefono: '+56 2 2698 4455',
  email: 'Oficina@ReceptoraMunoz.cl',
  titulo: 'Receptora Judicial de la Jurisdicción de la I. Corte de Apelaciones de Santiago',
};

describe('reading and saving the identity', () => {
  it('answers the receiver’s own row with its version', async () => {
    const datos = await current();
    expect(datos).toMatchObject({ id: t.mainTenantId, nombre: 'María Angélica Fuentes Rojas', rut: '9876543-3', titulo: '' });
    expect(datos.version).toBeGreaterThanOrEqual(1);
  });

  it('stores the RUT without dots (as onboarding does), the e-mail in lower case, and raises the version', async () => {
    const before = await current();
    const response = await put(tokens.receptor, { ...IDENTIDAD, version: before.version });
    expect(response.statusCode, response.body).toBe(200);
    const saved = ReceptorDatosUpdateResponseSchema.parse(response.json());
    expect(saved).toMatchObject({ ...IDENTIDAD, rut: '15678901-1', email: 'oficina@receptoramunoz.cl', message: m.guardado });
    expect(saved.version).toBe(before.version + 1);
    expect(await tenantRow(t.mainTenantId)).toMatchObject({ rut: '15678901-1', titulo: IDENTIDAD.titulo, nombre: IDENTIDAD.nombre });
    expect(await current()).toMatchObject({ rut: '15678901-1', version: saved.version });
  });

  it('keeps the fields a change leaves out and clears those sent empty', async () => {
    const response = await put(tokens.receptor, { nombre: IDENTIDAD.nombre, rut: '156789011', telefono: null, email: '' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ direccion: IDENTIDAD.direccion, titulo: IDENTIDAD.titulo, telefono: '', email: '', rut: '15678901-1' });
    await put(tokens.receptor, IDENTIDAD);
  });

  it('records who changed what in the audit trail', async () => {
    const before = await current();
    await put(tokens.receptor, { nombre: IDENTIDAD.nombre, rut: IDENTIDAD.rut, titulo: 'Receptora Judicial de Santiago' });
    const [row] = await t.app.controlDb
      .select()
      .from(controlSchema.auditoria)
      .where(and(eq(controlSchema.auditoria.entidad, 'receptor'), eq(controlSchema.auditoria.entidadId, t.mainTenantId)))
      .orderBy(desc(controlSchema.auditoria.id))
      .limit(1);
    expect(row).toMatchObject({ usuario: 'rcp_receptora', accion: 'modificar', tenantId: t.mainTenantId });
    expect(row!.cambios).toEqual({ titulo: { antes: before.titulo, despues: 'Receptora Judicial de Santiago' } });
    await put(tokens.receptor, IDENTIDAD);
  });
});

describe('validation', () => {
  const cases: Array<[string, Record<string, unknown>, Record<string, string>]> = [
    ['a RUT with a wrong check digit', { ...IDENTIDAD, rut: '15.678.901-0' }, { rut: m.rutInvalido }],
    ['a RUT that is not one', { ...IDENTIDAD, rut: '12.34' }, { rut: m.rutInvalido }],
    ['a missing RUT and name', { direccion: 'x' }, { rut: m.rutRequerido, nombre: m.nombreRequerido }],
    ['a blank name', { ...IDENTIDAD, nombre: '   ' }, { nombre: m.nombreRequerido }],
    ['a bad e-mail and phone', { ...IDENTIDAD, email: 'oficina@', telefono: '12' }, { email: m.emailFormato, telefono: m.telefonoFormato }],
    ['a title longer than its column', { ...IDENTIDAD, titulo: 'x'.repeat(201) }, { titulo: m.textoDemasiadoLargo(200) }],
    ['a name longer than its column', { ...IDENTIDAD, nombre: 'x'.repeat(201) }, { nombre: m.textoDemasiadoLargo(200) }],
    ['an address longer than its column', { ...IDENTIDAD, direccion: 'x'.repeat(301) }, { direccion: m.textoDemasiadoLargo(300) }],
    ['a version that is not one', { ...IDENTIDAD, version: 'dos' }, { version: auditoriaMessages.versionInvalida }],
  ];

  it.each(cases)('refuses %s with a Spanish 400 and changes nothing', async (_label, payload, errors) => {
    const before = await tenantRow(t.mainTenantId);
    const response = await put(tokens.receptor, payload);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as { detail: string; errors: Record<string, string[]> };
    expect(typeof body.detail).toBe('string');
    for (const [field, message] of Object.entries(errors)) expect(body.errors[field], field).toContain(message);
    expect(await tenantRow(t.mainTenantId)).toEqual(before);
  });

  it('refuses a RUT another receiver holds (409) and changes nothing', async () => {
    const before = await tenantRow(t.mainTenantId);
    const response = await put(tokens.receptor, { ...IDENTIDAD, rut: '11.111.111-1' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: m.rutYaRegistrado('11111111-1'), errors: { rut: [m.rutYaRegistrado('11111111-1')] } });
    expect(await tenantRow(t.mainTenantId)).toEqual(before);
  });
});

describe('concurrency', () => {
  it('refuses a change made on a stale version (409) and keeps the other change', async () => {
    const read = await current();
    const first = await put(tokens.receptor, { ...IDENTIDAD, comuna: 'Providencia', version: read.version });
    expect(first.statusCode).toBe(200);
    const stale = await put(tokens.gestor, { ...IDENTIDAD, comuna: 'Ñuñoa', version: read.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      detail: auditoriaMessages.registroModificado,
      errors: { version: [auditoriaMessages.registroModificado] },
    });
    expect((await tenantRow(t.mainTenantId)).comuna).toBe('Providencia');
    await put(tokens.receptor, IDENTIDAD);
  });
});

describe('permissions', () => {
  it('refuses a secretaria without the permissions module, in Spanish, for reading and for changing', async () => {
    const before = await tenantRow(t.mainTenantId);
    for (const response of [await get(tokens.secretaria), await put(tokens.secretaria, { ...IDENTIDAD, nombre: 'Otro nombre' })]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: m.sinPermiso });
    }
    expect(await tenantRow(t.mainTenantId)).toEqual(before);
  });

  it('lets a secretaria holding the permissions module change it', async () => {
    const response = await put(tokens.gestor, { ...IDENTIDAD, telefono: '+56 2 2698 4456' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().telefono).toBe('+56 2 2698 4456');
    await put(tokens.receptor, IDENTIDAD);
  });

  it('lets the platform admin read and change its own receiver', async () => {
    expect((await get(tokens.admin)).json()).toMatchObject({ id: t.mainTenantId, nombre: IDENTIDAD.nombre });
    const response = await put(tokens.admin, { ...IDENTIDAD, comuna: 'Las Condes' });
    expect(response.statusCode).toBe(200);
    expect((await tenantRow(t.mainTenantId)).comuna).toBe('Las Condes');
    await put(tokens.receptor, IDENTIDAD);
  });

  it('answers 401 without a session', async () => {
    expect((await get(undefined)).statusCode).toBe(401);
    expect((await put(undefined, IDENTIDAD)).statusCode).toBe(401);
  });
});

describe('isolation between receivers', () => {
  it('reads and changes only the caller’s own receiver', async () => {
    const mainBefore = await tenantRow(t.mainTenantId);
    const own = ReceptorDatosSchema.parse((await get(tokens.receptorC)).json());
    expect(own).toMatchObject({ id: tenantC, nombre: 'Receptora Judicial Rancagua', rut: '11111111-1' });
    const response = await put(tokens.receptorC, { nombre: 'Receptora Judicial Rancagua', rut: '11111111-1', comuna: 'Rancagua' });
    expect(response.statusCode).toBe(200);
    expect((await tenantRow(tenantC)).comuna).toBe('Rancagua');
    expect(await tenantRow(t.mainTenantId)).toEqual(mainBefore);
    expect(JSON.stringify((await get(tokens.receptorC)).json())).not.toContain(IDENTIDAD.nombre);
  });
});

describe('through the client detail (platform admin)', () => {
  const url = (id: number) => `/api/v1/onboarding/clientes/${id}/receptor/`;

  it('lets the admin change any receiver’s identity, shown by the detail with its title', async () => {
    const before = (await tenantRow(tenantC)).version;
    const response = await put(
      tokens.admin,
      { nombre: 'Receptora Judicial Rancagua', rut: '11.111.111-1', titulo: 'Receptora Judicial de Rancagua', version: before },
      url(tenantC),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(ReceptorDatosUpdateResponseSchema.parse(response.json())).toMatchObject({ id: tenantC, titulo: 'Receptora Judicial de Rancagua' });
    const detail = ClienteDetailSchema.parse((await get(tokens.admin, `/api/v1/onboarding/clientes/${tenantC}/`)).json());
    expect(detail.receptor).toMatchObject({ titulo: 'Receptora Judicial de Rancagua', rut: '11111111-1', version: before + 1 });
    // The receiver sees it on its next request.
    expect((await get(tokens.receptorC)).json()).toMatchObject({ titulo: 'Receptora Judicial de Rancagua' });
  });

  it('refuses a stale version, bad input and a missing client', async () => {
    expect((await put(tokens.admin, { nombre: 'X', rut: '11111111-1', version: 1 }, url(tenantC))).statusCode).toBe(409);
    const bad = await put(tokens.admin, { nombre: 'X', rut: '1-2' }, url(tenantC));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.rut).toEqual([m.rutInvalido]);
    expect((await put(tokens.admin, { nombre: 'X', rut: '11111111-1' }, url(987_654))).statusCode).toBe(404);
  });

  it('is the platform admin’s only, even for a receptor of that receiver', async () => {
    const before = await tenantRow(tenantC);
    for (const token of [tokens.receptorC, tokens.gestor]) {
      const response = await put(token, { nombre: 'Intruso', rut: '11111111-1' }, url(tenantC));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: commonMessages.forbidden });
    }
    expect(await tenantRow(tenantC)).toEqual(before);
  });
});

describe('the certificate right after a change', () => {
  it('carries the new name and the RUT with dots in the next generated DOCX', async () => {
    const positiva = await tipoId(t, 'busqueda_positiva');
    const encargo = await crearEncargo(t, w.tokenA, w.estudioA, w.lookupsA, { numero_rol: 'C-7301-2026' });
    const saved = await t.request(w.tokenA, {
      method: 'POST',
      url: '/api/v1/diligencias/guardar_resultados/',
      payload: resultadosBody(encargo.numero_rol, positiva),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The stamping receptor_a (cargo receptor) changes the identity, then generates at once: its
    // cached session must not hand the old receiver row to the certificate.
    expect((await get(w.tokenA)).statusCode).toBe(200);
    const changed = await put(w.tokenA, { ...IDENTIDAD, nombre: 'Rodrigo Esteban Valdés Lagos', rut: '7.654.321-6' });
    expect(changed.statusCode, changed.body).toBe(200);
    const response = await t.request(w.tokenA, {
      method: 'POST',
      url: '/estampados/api/estampados/generar',
      payload: { tipo_estampado: positiva, encargo_id: encargo.id, datos: { numero_rol: encargo.numero_rol }, validar_marcadores: true },
    });
    expect(response.statusCode, response.body).toBe(201);
    const file = await t.request(undefined, { method: 'GET', url: (response.json() as { documento: { url: string } }).documento.url });
    expect(file.statusCode).toBe(200);
    const text = docxText(file.rawPayload);
    expect(text).toContain('Rodrigo Esteban Valdés Lagos');
    expect(text).toContain('7.654.321-6');
    expect(text).not.toContain('María Angélica Fuentes Rojas');
    await put(w.tokenA, IDENTIDAD);
  });
});

describe('the mails’ signature', () => {
  let estudio: Estudio;
  const firma = [
    IDENTIDAD.nombre,
    IDENTIDAD.titulo,
    `${IDENTIDAD.direccion} · ${IDENTIDAD.comuna}`,
    IDENTIDAD.telefono,
    IDENTIDAD.email.toLowerCase(),
  ].join('\n');

  beforeAll(async () => {
    await put(tokens.receptor, IDENTIDAD);
    estudio = await registerEstudio(t, tokens.receptor, {
      nombre: 'Estudio Firma & Asociados',
      emails: [{ email: 'informes@firma.cl', tipo: 'informes' }],
      enviar_informes_diarios: true,
    });
    const config = await t.request(tokens.receptor, {
      method: 'POST',
      url: `/api/v1/estudios/${estudio.id}/guardar_configuracion_informes/`,
      payload: { informes_activos: true, diario: true, correo_raiz: 'raiz@firma.cl' },
    });
    expect(config.statusCode, config.body).toBe(200);
    const db = await t.tenantDbOf(t.mainTenantId);
    await insertStamped(db, { estudioId: estudio.id, numeroRol: 'C-9100-2026', fechaEstampado: '2026-03-01', fechaDiligencia: new Date('2026-02-27T15:00:00Z'), valor: 30_000 });
  });

  it('builds the block from the identity, leaving out what is empty', () => {
    expect(firmaReceptor({ ...IDENTIDAD, email: IDENTIDAD.email.toLowerCase() })).toBe(firma);
    expect(firmaReceptor({ nombre: 'Ana Torres', titulo: '', direccion: '', comuna: 'Talca', telefono: '', email: '' })).toBe('Ana Torres\nTalca');
  });

  it('ends the report mail sent from the screen with the receiver’s signature', async () => {
    const before = smtp.received.length;
    const response = await t.request(tokens.receptor, {
      method: 'POST',
      url: `/api/v1/estudios/${estudio.id}/enviar_excel_correo/`,
      payload: { frecuencia: 'diario', fecha_referencia: '2026-03-02' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const mail = (await smtp.waitFor(before + 1))[before]!;
    expect(mail.parsed.text?.trimEnd()).toMatch(new RegExp(`Saludos cordiales,\\n\\n${firma.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  });

  it('ends the scheduled report mail with the signature too', async () => {
    const before = smtp.received.length;
    const outcomes = await runTick(
      {
        listTenants: () => listTenants(t.app.controlDb),
        tenantDb: (id) => t.tenantDbOf(id),
        mail: t.app.mail,
        log: t.app.log,
      },
      'diario',
      '2026-03-02',
    );
    expect(Object.values(outcomes)).toContain('enviado');
    const mail = (await smtp.waitFor(before + 1))[before]!;
    expect(mail.parsed.text).toContain(`Saludos cordiales,\n\n${firma}`);
  });
});
