import { EstadoCuentaSchema, type Estudio, PortalDocumentosListResponseSchema, todayIso } from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { multipart, onboardPortalUser, pdf, PORTAL_PASSWORD, seedTwoReceivers } from '../../../test/portal-kit';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { encargoPayload, loadLookups } from '../encargos/encargos.fixtures';
import { seedDiligencia, seedEncargo } from '../rutas/rutas.fixtures';

/**
 * The law-firm portal on the embedded default database (PGlite: no DATABASE_URL, the control database
 * and each receiver's in the server's process), end to end through the app: invitation by mail,
 * activation, sign-in, the firm's assignments only, its documents and account statement, and the
 * session ended by sign-out and by deactivation. There is no LISTEN/NOTIFY here: the session check is
 * cached for a minute, so only the process's own revocation can explain a 401 right after.
 */

const PASSWORD = PORTAL_PASSWORD;

let smtp: TestSmtpServer;
let t: TestContext;
let staff: string;
let staffB: string;
let estudioA1: { id: number };
let estudioA2: Estudio;
let estudioB: { id: number };
let encargos = { a1: [] as number[], a2: [] as number[], b: [] as number[] };
const sessions: Record<'a1' | 'a2' | 'b', { access: string; refresh: string }> = {} as never;

const get = (token: string | undefined, url: string) => t.request(token, { method: 'GET', url });
const onboard = (token: string, estudioId: number, email: string) => onboardPortalUser(t, smtp, token, estudioId, email, 'Abogada Embebida');

beforeAll(async () => {
  smtp = await startSmtpServer();
  // The session check cached for a minute, as a server keeps it: revocation must drop it, not expiry.
  t = await createTestContext({ mail: { smtpUrl: smtp.url }, sessionCacheTtlMs: 60_000 }, { embedded: true });
  ({ staff, staffB, estudioA1, estudioA2, estudioB, encargos } = await seedTwoReceivers(t, {
    estudiosA: ['Estudio Uno Embebido', 'Estudio Dos Embebido'],
    receptorB: 'Receptora Embebida Otra',
    staffB: 'embebida_staff_b',
    estudioB: 'Estudio de Otra Receptora Embebida',
    rolesA1: ['C-4101-2026', 'C-4102-2026'],
    rolA2: 'C-4202-SECRETO',
    rolB: 'C-4303-AJENO',
  }));
}, 180_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the portal on the embedded database', () => {
  it('runs on PGlite with no revocation listener', () => {
    expect(t.config.database).not.toHaveProperty('controlUrl');
    expect(t.app.revocations).toBeUndefined();
  });

  it('onboards firms of two receivers: invitation mailed, activation, sign-in', async () => {
    sessions.a1 = await onboard(staff, estudioA1.id, 'ana@embebido-uno.cl');
    sessions.a2 = await onboard(staff, estudioA2.id, 'beto@embebido-dos.cl');
    sessions.b = await onboard(staffB, estudioB.id, 'carla@embebida-otra.cl');
    const perfil = await get(sessions.a1.access, '/api/v1/portal/perfil/');
    expect(perfil.statusCode, perfil.body).toBe(200);
    expect(perfil.json().user).toMatchObject({ email: 'ana@embebido-uno.cl' });
  });

  it('lists only the firm’s own assignments; another firm’s or receiver’s are 404', async () => {
    const own = await get(sessions.a1.access, '/api/v1/portal/encargos/');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().results.map((e: { id: number }) => e.id).sort()).toEqual([...encargos.a1].sort());
    expect(own.body).not.toContain('C-4202-SECRETO');
    const detail = await get(sessions.a1.access, `/api/v1/portal/encargos/${encargos.a1[0]}/`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().eventos[0].tipo).toBe('recibido');

    const attempts: Array<[string, number[], string[]]> = [
      [sessions.a1.access, [...encargos.a2, ...encargos.b], ['C-4202-SECRETO', 'C-4303-AJENO']],
      [sessions.a2.access, [...encargos.a1, ...encargos.b], ['C-4101-2026', 'C-4303-AJENO']],
      [sessions.b.access, [...encargos.a1, ...encargos.a2], ['C-4101-2026', 'C-4202-SECRETO']],
    ];
    for (const [token, ids, secrets] of attempts) {
      const list = await get(token, '/api/v1/portal/encargos/?search=C-');
      expect(list.statusCode, list.body).toBe(200);
      for (const secret of secrets) expect(list.body).not.toContain(secret);
      for (const id of ids) {
        const response = await get(token, `/api/v1/portal/encargos/${id}/`);
        expect(response.statusCode, `${id} ${response.body}`).toBe(404);
      }
    }
    expect((await get(sessions.a2.access, '/api/v1/portal/encargos/')).json().results.map((e: { id: number }) => e.id)).toEqual(encargos.a2);
    expect((await get(sessions.b.access, '/api/v1/portal/encargos/')).json().results.map((e: { id: number }) => e.id)).toEqual(encargos.b);
  });

  it('lists the firm’s documents only, each with a link that opens its file', async () => {
    const db: TenantDb = await t.tenantDbOf(t.mainTenantId);
    const insert = async (encargo: number, rol: string, titulo: string, bytes: Buffer) => {
      const [row] = (
        (await db.execute(sql`
          insert into estampados (encargo_id, numero_rol, tipo_estampado_id, titulo, archivo_pdf, fecha_creacion)
          values (${encargo}, ${rol}, (select id from tipos_estampado where codigo = 'busqueda_positiva'), ${titulo}, ${bytes}, '2025-04-10T10:00:00-03:00'::timestamptz)
          returning id`)) as unknown as { rows: Array<{ id: string }> }
      ).rows;
      await t.app.controlDb.execute(sql`insert into estampado_documentos (documento_id, tenant_id) values (${row!.id}, ${t.mainTenantId})`);
      return row!.id;
    };
    const propio = await insert(encargos.a1[0]!, 'C-4101-2026', 'Certificado propio', await pdf('CERTIFICADO EMBEBIDO C-4101-2026'));
    const ajeno = await insert(encargos.a2[0]!, 'C-4202-SECRETO', 'Certificado ajeno', await pdf('CERTIFICADO AJENO'));

    const list = async (token: string) => {
      const response = await get(token, '/api/v1/portal/documentos/?desde=2025-01-01&hasta=2025-12-31');
      expect(response.statusCode, response.body).toBe(200);
      return { body: response.body, ...PortalDocumentosListResponseSchema.parse(response.json()) };
    };
    const mine = await list(sessions.a1.access);
    expect(mine.results.map((d) => d.id)).toEqual([propio]);
    expect(mine.results[0]).toMatchObject({ numero_rol: 'C-4101-2026', tipo: 'Búsqueda positiva', firmado: false });
    expect(mine.body).not.toContain('C-4202-SECRETO');
    const file = await get(undefined, mine.results[0]!.url!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A link is good for its own certificate only.
    expect((await get(undefined, mine.results[0]!.url!.replace(propio, ajeno))).statusCode).toBe(404);
    expect((await list(sessions.a2.access)).results.map((d) => d.id)).toEqual([ajeno]);
    expect((await list(sessions.b.access)).count).toBe(0);
  });

  it('answers the firm’s receipts and account statement as the office sees it', async () => {
    const db: TenantDb = await t.tenantDbOf(t.mainTenantId);
    const hoy = todayIso();
    for (const [n, valor] of [25_000, 15_000].entries()) {
      const { encargo } = await seedEncargo(db, { estudioId: estudioA1.id, numeroRol: `C-45${n}-2026`, estado: 'estampado', fechaEstampado: hoy });
      const d = await seedDiligencia(db, encargo.id, { fecha: `${hoy}T09:00:00-04:00`, valorFinal: valor });
      const recibo = await t.request(staff, { method: 'POST', url: '/api/v1/recibos/', payload: { estudio_id: estudioA1.id, diligencia_ids: [d.id], fecha: hoy } });
      expect(recibo.statusCode, recibo.body).toBe(201);
    }
    const recibos = await get(sessions.a1.access, '/api/v1/portal/recibos/');
    expect(recibos.statusCode, recibos.body).toBe(200);
    expect(recibos.json().count).toBe(2);
    const reciboPdf = await get(sessions.a1.access, `/api/v1/portal/recibos/${recibos.json().results[0].id}/pdf/`);
    expect(reciboPdf.statusCode, reciboPdf.body).toBe(200);
    expect(reciboPdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Another firm of the same receiver sees none of them.
    expect((await get(sessions.a2.access, '/api/v1/portal/recibos/')).json().count).toBe(0);
    expect((await get(sessions.a2.access, `/api/v1/portal/recibos/${recibos.json().results[0].id}/pdf/`)).statusCode).toBe(404);

    const portal = await get(sessions.a1.access, '/api/v1/portal/estado_cuenta/');
    expect(portal.statusCode, portal.body).toBe(200);
    const cuenta = EstadoCuentaSchema.parse(portal.json());
    expect(cuenta).toMatchObject({ estudio: { id: estudioA1.id }, saldo: 40_000, movimientos_total: 2, recibos_abiertos_total: 2 });
    const oficina = await get(staff, `/api/v1/estudios/${estudioA1.id}/estado_cuenta/`);
    expect(portal.json()).toEqual(oficina.json());
    expect((await get(sessions.a2.access, '/api/v1/portal/estado_cuenta/')).json()).toMatchObject({ estudio: { id: estudioA2.id }, saldo: 0 });
  });

  it('mails a request’s outcome within the office’s answer when no job queue runs', async () => {
    expect(t.app.jobs).toBeUndefined();
    const lookups = await loadLookups(t, staff);
    const { estudio_juridico: _firm, ...datos } = encargoPayload(estudioA2, lookups, { numero_rol: 'C-4777-2026', partes: 'Banco de Chile con Pérez' });
    const demanda = await pdf('DEMANDA EMBEBIDA C-4777-2026');
    const sent = await t.request(sessions.a2.access, { method: 'POST', url: '/api/v1/portal/solicitudes/', ...multipart({ datos: JSON.stringify(datos) }, { demanda: { name: 'demanda.pdf', bytes: demanda } }) });
    expect(sent.statusCode, sent.body).toBe(201);
    const aceptar = sent.json().solicitud.id as number;
    const otra = await t.request(sessions.a2.access, { method: 'POST', url: '/api/v1/portal/solicitudes/', ...multipart({ datos: JSON.stringify({ ...datos, numero_rol: 'C-4888-2026' }) }, {}) });
    expect(otra.statusCode, otra.body).toBe(201);
    const rechazar = otra.json().solicitud.id as number;
    expect((await get(sessions.a1.access, '/api/v1/portal/solicitudes/')).json().count).toBe(0);
    expect((await get(staffB, `/api/v1/solicitudes/${aceptar}/`)).statusCode).toBe(404);

    const mailsTo = (email: string) => smtp.received.filter((m) => m.envelopeTo.includes(email) && /^Solicitud /.test(m.parsed.subject ?? '')).map((m) => m.parsed);
    const accepted = await t.request(staff, { method: 'POST', url: `/api/v1/solicitudes/${aceptar}/aceptar/`, payload: encargoPayload(estudioA2, lookups, { numero_rol: 'C-4777-2026', partes: 'Banco de Chile con Pérez' }) });
    expect(accepted.statusCode, accepted.body).toBe(201);
    // Sent before the answer: the mail is already here.
    expect(mailsTo('beto@embebido-dos.cl').map((m) => m.subject)).toEqual(['Solicitud aceptada: rol C-4777-2026']);
    const encargoId = accepted.json().encargo_id as number;
    const [adjunto] = (await get(staff, `/api/v1/encargos/${encargoId}/adjuntos/`)).json().results as Array<{ origen: string; url: string }>;
    expect(adjunto!.origen).toBe('demanda');
    expect((await get(staff, adjunto!.url)).rawPayload.equals(demanda)).toBe(true);

    const rejected = await t.request(staff, { method: 'POST', url: `/api/v1/solicitudes/${rechazar}/rechazar/`, payload: { motivo: 'Falta la resolución que da curso' } });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const mails = mailsTo('beto@embebido-dos.cl');
    expect(mails.map((m) => m.subject)).toEqual(['Solicitud aceptada: rol C-4777-2026', 'Solicitud rechazada: rol C-4888-2026']);
    expect(mails[1]!.text).toContain('Motivo: Falta la resolución que da curso');
    expect(smtp.received.filter((m) => /^Solicitud /.test(m.parsed.subject ?? ''))).toHaveLength(2);

    const mine = (await get(sessions.a2.access, '/api/v1/portal/solicitudes/')).json() as { results: Array<{ id: number; estado: string; encargo_id: number | null; motivo_rechazo: string | null }> };
    expect(mine.results.map((s) => [s.id, s.estado, s.encargo_id, s.motivo_rechazo])).toEqual([
      [rechazar, 'rechazada', null, 'Falta la resolución que da curso'],
      [aceptar, 'aceptada', encargoId, null],
    ]);
  });

  it('answers many portal requests at once, writes among them, on the one in-process database', async () => {
    // Cold session checks, so they run beside the writes' transactions on the same PGlite.
    t.app.sessionCache.clear();
    const db: TenantDb = await t.tenantDbOf(t.mainTenantId);
    const { encargo } = await seedEncargo(db, { estudioId: estudioA2.id, numeroRol: 'C-4599-2026', estado: 'estampado', fechaEstampado: todayIso() });
    const diligencia = await seedDiligencia(db, encargo.id, { fecha: `${todayIso()}T09:00:00-04:00`, valorFinal: 9_000 });
    const reads = (['a1', 'a2', 'b'] as const).flatMap((who) =>
      ['/api/v1/portal/encargos/', '/api/v1/portal/documentos/', '/api/v1/portal/estado_cuenta/', '/api/v1/portal/perfil/'].map((url) =>
        get(sessions[who].access, url).then((r) => [who, url, r.statusCode] as const),
      ),
    );
    const writes = (['a1', 'a2', 'b'] as const).map((who) =>
      t
        .request(sessions[who].access, { method: 'PUT', url: '/api/v1/portal/preferencias/', payload: { mail_plazos: false } })
        .then((r) => [who, 'preferencias', r.statusCode] as const),
    );
    const recibo = t
      .request(staff, { method: 'POST', url: '/api/v1/recibos/', payload: { estudio_id: estudioA2.id, diligencia_ids: [diligencia.id], fecha: todayIso() } })
      .then((r) => ['staff', 'recibo', r.statusCode] as const);
    const answers = await Promise.all([...reads, ...writes, recibo]);
    expect(answers.filter(([, , code]) => code !== 200 && code !== 201)).toEqual([]);
    for (const who of ['a1', 'a2', 'b'] as const) {
      expect((await get(sessions[who].access, '/api/v1/portal/preferencias/')).json().preferencias.mail_plazos).toBe(false);
    }
    expect((await get(sessions.a2.access, '/api/v1/portal/estado_cuenta/')).json()).toMatchObject({ estudio: { id: estudioA2.id }, saldo: 9_000 });
  });

  it('ends the session on sign-out: the next request with its token is 401, at once', async () => {
    // The check is cached (a minute) from the requests above; sign-out must drop it.
    expect((await get(sessions.a1.access, '/api/v1/portal/encargos/')).statusCode).toBe(200);
    const out = await t.request(undefined, { method: 'POST', url: '/api/v1/portal/auth/logout/', payload: { refresh: sessions.a1.refresh } });
    expect(out.statusCode, out.body).toBe(200);
    expect((await get(sessions.a1.access, '/api/v1/portal/encargos/')).statusCode).toBe(401);
    const renewed = await t.request(undefined, { method: 'POST', url: '/api/v1/portal/auth/refresh/', payload: { refresh: sessions.a1.refresh } });
    expect(renewed.statusCode).toBe(401);
    // The other firm's session is untouched.
    expect((await get(sessions.a2.access, '/api/v1/portal/encargos/')).statusCode).toBe(200);
  });

  it('ends every session of a user the office deactivates, at once, and a reactivated user signs in again', async () => {
    const { usuarioId, access } = await onboard(staff, estudioA1.id, 'dora@embebido-uno.cl');
    expect((await get(access, '/api/v1/portal/perfil/')).statusCode).toBe(200);
    const off = await t.request(staff, { method: 'POST', url: `/api/v1/estudios/${estudioA1.id}/usuarios_portal/${usuarioId}/desactivar/` });
    expect(off.statusCode, off.body).toBe(200);
    expect((await get(access, '/api/v1/portal/perfil/')).statusCode).toBe(401);
    const refused = await t.request(undefined, { method: 'POST', url: '/api/v1/portal/auth/login/', payload: { email: 'dora@embebido-uno.cl', password: PASSWORD } });
    expect(refused.statusCode).toBe(401);
    const on = await t.request(staff, { method: 'POST', url: `/api/v1/estudios/${estudioA1.id}/usuarios_portal/${usuarioId}/activar/` });
    expect(on.statusCode, on.body).toBe(200);
    const again = await t.request(undefined, { method: 'POST', url: '/api/v1/portal/auth/login/', payload: { email: 'dora@embebido-uno.cl', password: PASSWORD } });
    expect(again.statusCode, again.body).toBe(200);
    expect((await get(again.json().access, '/api/v1/portal/encargos/')).json().results.map((e: { id: number }) => e.id)).toEqual(
      expect.arrayContaining(encargos.a1),
    );
  });
});
