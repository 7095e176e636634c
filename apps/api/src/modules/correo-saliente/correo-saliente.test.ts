import { Writable } from 'node:stream';
import { correoMessages, CorreoSalienteListResponseSchema, CorreoSalienteSchema, PortalInvitacionResponseSchema } from '@receptoria/contracts';
import { controlSchema, tenantSchema } from '@receptoria/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '../../../test/helper';
import { PORTAL_PASSWORD } from '../../../test/portal-kit';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { runAlarmReminders } from '../alarmas/alarmas-avisos';
import { registerEstudio } from '../encargos/encargos.fixtures';
import { runCorreoSaliente } from './correo-saliente.job';
import { enviarCorreo } from './correo-saliente.service';

/**
 * Correo saliente (issue 36 §1, §4): every mail is written to the receiver's outbox; with a transport
 * it is delivered and kept as the log, without one it waits there and the invitation's link reaches the
 * staff who invited. Each receiver sees its own mail only; the platform admin another's from the client detail.
 */

const invite = (t: TestContext, token: string, estudioId: number, email: string, nombre = 'Abogada Bandeja') =>
  t.request(token, { method: 'POST', url: `/api/v1/estudios/${estudioId}/usuarios_portal/`, payload: { nombre, email } });
const get = (t: TestContext, token: string, url: string) => t.request(token, { method: 'GET', url });
const linkIn = (text: string) => /\/portal\/activar\/([A-Za-z0-9_-]{20,})/.exec(text)?.[1];

describe('with an SMTP server', () => {
  let smtp: TestSmtpServer;
  let t: TestContext;
  let admin: string;
  let estudioId: number;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestContext({ mail: { smtpUrl: smtp.url } });
    admin = await t.login('admin', ADMIN_PASSWORD);
    estudioId = (await registerEstudio(t, admin, { nombre: 'Estudio Correo Enviado' })).id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('mails the invitation in usted, keeps it as sent and gives no link back', async () => {
    const response = await invite(t, admin, estudioId, 'ana@correo-enviado.cl', 'Ana Pérez');
    expect(response.statusCode, response.body).toBe(201);
    const body = PortalInvitacionResponseSchema.parse(response.json());
    expect(body.correo).toEqual({ estado: 'enviado', enlace_activacion: null });
    const [mail] = await smtp.waitFor(1);
    const text = mail!.parsed.text ?? '';
    expect(mail!.parsed.subject).toMatch(/^Invitación al portal de /);
    expect(text).toContain('le invita a seguir los encargos de Estudio Correo Enviado en su portal.');
    expect(text).toContain('Para elegir su contraseña abra este enlace (válido por 48 horas y una sola vez):');
    expect(text).not.toMatch(/\bte invita\b|\babre\b|\btu contraseña\b/);

    const list = CorreoSalienteListResponseSchema.parse((await get(t, admin, '/api/v1/correo_saliente/')).json());
    expect(list.count).toBe(1);
    expect(list.results[0]).toMatchObject({ para: 'ana@correo-enviado.cl', estado: 'enviado', adjuntos: [] });
    expect(list.results[0]!.enviado).not.toBeNull();
    expect(list.results[0]!.creado).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[34]:00$/);
    const detail = CorreoSalienteSchema.parse((await get(t, admin, `/api/v1/correo_saliente/${list.results[0]!.id}/`)).json());
    expect(linkIn(detail.cuerpo)).toBe(linkIn(text));
  });

  it('keeps a refused delivery as fallido with the reason, and the staff gets the link to send by other means', async () => {
    smtp.failNext(1);
    const response = await invite(t, admin, estudioId, 'beto@correo-enviado.cl');
    expect(response.statusCode, response.body).toBe(201);
    const { correo } = PortalInvitacionResponseSchema.parse(response.json());
    expect(correo.estado).toBe('fallido');
    expect(correo.enlace_activacion).toMatch(/^http:\/\/[^/]+\/portal\/activar\/[A-Za-z0-9_-]{20,}$/);
    const fallidos = CorreoSalienteListResponseSchema.parse((await get(t, admin, '/api/v1/correo_saliente/?estado=fallido')).json());
    expect(fallidos.results.map((c) => [c.para, c.estado])).toEqual([['beto@correo-enviado.cl', 'fallido']]);
    expect(fallidos.results[0]!.error).toMatch(/^No se pudo enviar el correo: .*451/);
  });

  it('keeps the files a mail carries, with their sizes', async () => {
    const before = smtp.received.length;
    const db = await t.tenantDbOf(t.mainTenantId);
    const sent = await enviarCorreo(t.app.mail, db, {
      tipo: 'cobranza',
      to: ['uno@estudio.cl', 'dos@estudio.cl'],
      subject: 'Planilla con adjunto',
      text: 'Adjuntamos la planilla.',
      attachments: [{ filename: 'planilla.xlsx', content: Buffer.from('0123456789'), contentType: 'application/octet-stream' }],
    });
    expect(sent.estado).toBe('enviado');
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.parsed.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([['planilla.xlsx', '0123456789']]);
    const detail = CorreoSalienteSchema.parse((await get(t, admin, `/api/v1/correo_saliente/${sent.id}/`)).json());
    expect(detail).toMatchObject({ para: 'uno@estudio.cl, dos@estudio.cl', estado: 'enviado', adjuntos: [{ nombre: 'planilla.xlsx', bytes: 10 }] });
  });

  it('the job delivers a mail its writer left pending, once however many passes run', async () => {
    const db = await t.tenantDbOf(t.mainTenantId);
    const rows = (await db.execute(sql`
      insert into correo_saliente (tipo, para, asunto, cuerpo, estado, creado_en)
      values ('alarma', 'receptor@pendiente.cl', 'Recordatorio pendiente', 'Audiencia mañana.', 'pendiente', now() - interval '5 minutes')
      returning id`)) as unknown as { rows: Array<{ id: number }> };
    const id = rows.rows[0]!.id;
    const before = smtp.received.length;
    const results = await Promise.all([runCorreoSaliente(t.app.scheduledContext), runCorreoSaliente(t.app.scheduledContext)]);
    expect(results.reduce((a, b) => a + b, 0)).toBe(1);
    await smtp.waitFor(before + 1);
    expect(smtp.received.filter((m) => m.parsed.subject === 'Recordatorio pendiente')).toHaveLength(1);
    const detail = CorreoSalienteSchema.parse((await get(t, admin, `/api/v1/correo_saliente/${id}/`)).json());
    expect(detail.estado).toBe('enviado');
  });
});

describe('with no mail transport', () => {
  let t: TestContext;
  let admin: string;
  let estudioId: number;
  let tenantB: number;
  let staffB: string;
  let logged = '';

  beforeAll(async () => {
    const stream = new Writable({ write: (chunk, _encoding, done) => ((logged += String(chunk)), done()) });
    t = await createTestContext({ logger: { level: 'trace', stream } });
    admin = await t.login('admin', ADMIN_PASSWORD);
    estudioId = (await registerEstudio(t, admin, { nombre: 'Estudio Sin Correo' })).id;
    await t.createUser({ tenantId: t.mainTenantId, username: 'correo_gestor', permisos: ['gestiona_permisos'] });
    await t.createUser({ tenantId: t.mainTenantId, username: 'correo_sin_modulo', permisos: ['estampa_1'] });
    tenantB = (await t.createTenant({ nombre: 'Receptora Correo Bravo' })).id;
    await t.createUser({ tenantId: tenantB, username: 'correo_bravo', permisos: ['gestiona_permisos'] });
    staffB = await t.login('correo_bravo');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the invitation in the outbox as sin_transporte and gives its link to the staff who invited; the link activates the account', async () => {
    const response = await invite(t, admin, estudioId, 'carla@sin-correo.cl', 'Carla Soto');
    expect(response.statusCode, response.body).toBe(201);
    const { usuario, correo } = PortalInvitacionResponseSchema.parse(response.json());
    expect(usuario).toMatchObject({ email: 'carla@sin-correo.cl', estado: 'invitado' });
    expect(correo.estado).toBe('sin_transporte');
    const token = linkIn(correo.enlace_activacion ?? '');
    expect(token).toBeDefined();

    const list = CorreoSalienteListResponseSchema.parse((await get(t, admin, '/api/v1/correo_saliente/?estado=sin_transporte')).json());
    expect(list.results).toHaveLength(1);
    expect(list.results[0]).toMatchObject({ asunto: expect.stringMatching(/^Invitación al portal de /), para: 'carla@sin-correo.cl', enviado: null });
    const detail = CorreoSalienteSchema.parse((await get(t, admin, `/api/v1/correo_saliente/${list.results[0]!.id}/`)).json());
    expect(linkIn(detail.cuerpo)).toBe(token);
    expect(detail.cuerpo).toContain('Hola Carla Soto:');
    expect(detail.cuerpo).toContain('le invita a seguir los encargos de Estudio Sin Correo');

    const activated = await t.request(undefined, { method: 'POST', url: '/api/v1/portal/auth/activar/', payload: { token, password: PORTAL_PASSWORD } });
    expect(activated.statusCode, activated.body).toBe(200);
    const login = await t.request(undefined, { method: 'POST', url: '/api/v1/portal/auth/login/', payload: { email: 'carla@sin-correo.cl', password: PORTAL_PASSWORD } });
    expect(login.statusCode, login.body).toBe(200);
    expect(logged).not.toContain(token!);
  });

  it('is open to the users of the permissions module, closed to the others', async () => {
    const gestor = await t.login('correo_gestor');
    const sinModulo = await t.login('correo_sin_modulo');
    expect((await get(t, gestor, '/api/v1/correo_saliente/')).json().count).toBeGreaterThan(0);
    const refused = await get(t, sinModulo, '/api/v1/correo_saliente/');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/permiso/i);
  });

  it('shows each receiver its own mail only; the platform admin another receiver’s from the client detail', async () => {
    const mine = CorreoSalienteListResponseSchema.parse((await get(t, admin, '/api/v1/correo_saliente/')).json());
    const idA = mine.results[0]!.id;
    const ofB = CorreoSalienteListResponseSchema.parse((await get(t, staffB, '/api/v1/correo_saliente/')).json());
    expect(ofB.count).toBe(0);
    const foreign = await get(t, staffB, `/api/v1/correo_saliente/${idA}/`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe('Correo no encontrado');

    const estudioB = (await registerEstudio(t, staffB, { nombre: 'Estudio Bravo Correo' })).id;
    expect((await invite(t, staffB, estudioB, 'dora@bravo.cl')).statusCode).toBe(201);
    const bOwn = CorreoSalienteListResponseSchema.parse((await get(t, staffB, '/api/v1/correo_saliente/')).json());
    expect(bOwn.results.map((c) => c.para)).toEqual(['dora@bravo.cl']);
    expect((await get(t, admin, '/api/v1/correo_saliente/')).json().results.map((c: { para: string }) => c.para)).not.toContain('dora@bravo.cl');

    const viaCliente = CorreoSalienteListResponseSchema.parse((await get(t, admin, `/api/v1/onboarding/clientes/${tenantB}/correo_saliente/`)).json());
    expect(viaCliente.results.map((c) => c.para)).toEqual(['dora@bravo.cl']);
    const detail = await get(t, admin, `/api/v1/onboarding/clientes/${tenantB}/correo_saliente/${viaCliente.results[0]!.id}/`);
    expect(CorreoSalienteSchema.parse(detail.json()).cuerpo).toContain('/portal/activar/');
    expect((await get(t, staffB, `/api/v1/onboarding/clientes/${tenantB}/correo_saliente/`)).statusCode).toBe(403);
    expect((await get(t, admin, '/api/v1/onboarding/clientes/999999/correo_saliente/')).statusCode).toBe(404);
  });

  it('keeps the account statement and the alarm reminders in the outbox, each once, with their files', async () => {
    const enviado = await t.request(admin, { method: 'POST', url: `/api/v1/estudios/${estudioId}/estado_cuenta/enviar/`, payload: {} });
    expect(enviado.statusCode, enviado.body).toBe(200);
    expect(enviado.json().mensaje).toBe(correoMessages.soloEnBandeja);
    const estados = CorreoSalienteListResponseSchema.parse((await get(t, admin, '/api/v1/correo_saliente/')).json()).results;
    const estado = estados.find((c) => c.asunto.startsWith('Estado de cuenta Estudio Sin Correo'));
    expect(estado).toMatchObject({ estado: 'sin_transporte', enviado: null });
    expect(estado!.adjuntos).toHaveLength(1);
    expect(estado!.adjuntos[0]!.nombre).toMatch(/\.pdf$/);
    expect(estado!.adjuntos[0]!.bytes).toBeGreaterThan(500);

    const db = await t.tenantDbOf(t.mainTenantId);
    await t.app.controlDb.update(controlSchema.tenants).set({ email: 'receptor@sin-correo.cl' }).where(eq(controlSchema.tenants.id, t.mainTenantId));
    const [encargo] = await db.insert(tenantSchema.encargos).values({ numeroRol: 'C-77-2026', estado: 'preparado', fechaEncargo: '2026-06-01', estudioId }).returning();
    await db.insert(tenantSchema.alarmas).values({ encargoId: encargo!.id, tipo: 'comparendo', fechaHora: new Date(Date.now() + 20 * 3_600_000), mensaje: 'Comparendo' });
    expect(await runAlarmReminders(t.app.scheduledContext)).toBe(0);
    expect(await runAlarmReminders(t.app.scheduledContext)).toBe(0);
    const recordatorios = CorreoSalienteListResponseSchema.parse((await get(t, admin, '/api/v1/correo_saliente/?estado=sin_transporte')).json()).results.filter(
      (c) => c.asunto === 'Recordatorio: Comparendo del rol C-77-2026 mañana',
    );
    expect(recordatorios.map((c) => c.para)).toEqual(['receptor@sin-correo.cl']);
  });

  it('filters by state and Santiago dates, and refuses a bad filter in Spanish', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());
    expect((await get(t, admin, `/api/v1/correo_saliente/?desde=${today}&hasta=${today}`)).json().count).toBeGreaterThan(0);
    expect((await get(t, admin, '/api/v1/correo_saliente/?hasta=2001-01-01')).json().count).toBe(0);
    expect((await get(t, admin, '/api/v1/correo_saliente/?estado=enviado')).json().count).toBe(0);
    const bad = await get(t, admin, '/api/v1/correo_saliente/?estado=perdido');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('Estado de correo inválido');
    const inverted = await get(t, admin, '/api/v1/correo_saliente/?desde=2026-03-02&hasta=2026-03-01');
    expect(inverted.statusCode).toBe(400);
  });
});
