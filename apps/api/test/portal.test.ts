import { authMessages, commonMessages, EstadoCuentaSchema, pagosMessages, PortalDocumentosListResponseSchema, servidoresMessages, todayIso } from '@receptoria/contracts';
import { eq, sql } from 'drizzle-orm';
import { controlSchema, type TenantDb } from '@receptoria/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encargoPayload, loadLookups, registerEstudio, type Lookups } from '../src/modules/encargos/encargos.fixtures';
import { seedDiligencia, seedEncargo } from '../src/modules/rutas/rutas.fixtures';
import { ADMIN_PASSWORD, createTestContext, type TestContext } from './helper';
import { mailsTo as mailsOf, multipart, pdf, pdfText, PORTAL_PASSWORD, seedTwoReceivers } from './portal-kit';
import { startSmtpServer, type TestSmtpServer } from './smtp';

/**
 * The law-firm portal (issue 27) end to end on real PostgreSQL, the loopback SMTP server and pg-boss:
 * invitation, activation, sign-in, the firm's assignments only, requests with PDFs accepted and
 * rejected, mails, and the wall between portal and staff tokens.
 */

const JOBS = { enabled: true, schedule: false, retryDelaySeconds: 1, retryLimit: 4, pollingIntervalSeconds: 0.5 };
const PASSWORD = PORTAL_PASSWORD;

let smtp: TestSmtpServer;
let t: TestContext;
let staff: string;
let staffB: string;
let lookups: Lookups;
let estudioA1: Awaited<ReturnType<typeof registerEstudio>>;
let estudioA2: Awaited<ReturnType<typeof registerEstudio>>;
let estudioB: Awaited<ReturnType<typeof registerEstudio>>;
let encargos = { a1: [] as number[], a2: [] as number[], b: [] as number[] };
const sessions: Record<'a1' | 'a2' | 'b', { access: string; refresh: string }> = {} as never;

/** Mails to one address whose subject matches, waiting until `count` of them have arrived. */
const mailsTo = (email: string, subject: RegExp, count = 1) => mailsOf(smtp, email, subject, count);

async function invite(token: string, estudioId: number, email: string, nombre = 'Abogada Portal') {
  const response = await t.request(token, { method: 'POST', url: `/api/v1/estudios/${estudioId}/usuarios_portal/`, payload: { nombre, email } });
  expect(response.statusCode, response.body).toBe(201);
  const [mail] = await mailsTo(email, /Invitación al portal/);
  const match = /\/portal\/activar\/([A-Za-z0-9_-]{20,})/.exec(mail!.parsed.text ?? '');
  expect(match, mail!.parsed.text).not.toBeNull();
  smtp.received.splice(smtp.received.indexOf(mail!), 1);
  return { token: match![1]!, usuario: (response.json() as { usuario: { id: number; estado: string; invitado_en: string; invitacion_vence: string } }).usuario };
}

async function activate(token: string, password = PASSWORD) {
  return t.request(undefined, { method: 'POST', url: '/api/v1/portal/auth/activar/', payload: { token, password } });
}

async function portalLogin(email: string, password = PASSWORD) {
  const response = await t.request(undefined, { method: 'POST', url: '/api/v1/portal/auth/login/', payload: { email, password } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { access: string; refresh: string; user: { kind: string; estudio: { id: number; nombre: string }; receptor: { nombre: string } } };
}

const get = (token: string, url: string) => t.request(token, { method: 'GET', url });

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestContext({ mail: { smtpUrl: smtp.url }, jobs: JOBS });
  const world = await seedTwoReceivers(t, {
    estudiosA: ['Estudio Uno Portal', 'Estudio Dos Ajeno'],
    receptorB: 'Receptora Otra',
    staffB: 'portal_staff_b',
    estudioB: 'Estudio de Otra Receptora',
    rolesA1: ['C-1001-2026', 'C-1002-2026'],
    rolA2: 'C-2002-SECRETO',
    rolB: 'C-3003-AJENO',
  });
  ({ staff, staffB, estudioA1, estudioA2, estudioB, encargos } = world);
  lookups = await loadLookups(t, staff);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('invitation and activation', () => {
  it('invites by mail with a single-use link that works for 48 hours', async () => {
    const { token, usuario } = await invite(staff, estudioA1.id, 'ana@estudiouno.cl', 'Ana Uno');
    expect(usuario.estado).toBe('invitado');
    expect(new Date(usuario.invitacion_vence).getTime() - new Date(usuario.invitado_en).getTime()).toBe(48 * 3_600_000);
    // The token is kept only as its hash.
    const stored = (await t.app.controlDb.execute(sql`select invitacion_hash from portal_usuarios where id = ${usuario.id}`)) as unknown as { rows: Array<{ invitacion_hash: string }> };
    expect(stored.rows[0]!.invitacion_hash).not.toContain(token);
    expect(stored.rows[0]!.invitacion_hash).toMatch(/^[0-9a-f]{64}$/);

    const short = await activate(token, 'corta');
    expect(short.statusCode).toBe(400);
    expect(short.json().detail).toContain('al menos 8 caracteres');
    const first = await activate(token);
    expect(first.statusCode, first.body).toBe(200);
    const again = await activate(token, 'otra-clave-larga');
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe('El enlace de activación es inválido, ya fue usado o expiró');
    const login = await portalLogin('ana@estudiouno.cl');
    expect(login.user.kind).toBe('portal');
    expect(login.user.estudio).toEqual({ id: estudioA1.id, nombre: 'Estudio Uno Portal' });
    sessions.a1 = login;

    const list = await get(staff, `/api/v1/estudios/${estudioA1.id}/usuarios_portal/`);
    expect(list.json().results.map((u: { email: string; estado: string }) => [u.email, u.estado])).toEqual([['ana@estudiouno.cl', 'activo']]);
  });

  it('refuses a link after its 48 hours', async () => {
    const { token, usuario } = await invite(staff, estudioA1.id, 'tarde@estudiouno.cl');
    await t.app.controlDb.execute(sql`update portal_usuarios set invitacion_vence = now() - interval '1 second' where id = ${usuario.id}`);
    const late = await activate(token);
    expect(late.statusCode).toBe(400);
    const login = await t.request(undefined, { method: 'POST', url: '/api/v1/portal/auth/login/', payload: { email: 'tarde@estudiouno.cl', password: PASSWORD } });
    expect(login.statusCode).toBe(401);
  });

  it('signs in users of another firm and of another receiver', async () => {
    const a2 = await invite(staff, estudioA2.id, 'beto@estudiodos.cl');
    expect((await activate(a2.token)).statusCode).toBe(200);
    sessions.a2 = await portalLogin('beto@estudiodos.cl');
    const b = await invite(staffB, estudioB.id, 'carla@otra.cl');
    expect((await activate(b.token)).statusCode).toBe(200);
    sessions.b = await portalLogin('carla@otra.cl');
    // Another receiver's firm id is unknown here.
    const foreign = await t.request(staff, { method: 'POST', url: `/api/v1/estudios/${estudioB.id + 999_999}/usuarios_portal/`, payload: { nombre: 'X', email: 'x@x.cl' } });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('isolation', () => {
  it('lists only the firm’s assignments, and another firm’s or receiver’s ids are 404 both ways', async () => {
    const own = await get(sessions.a1.access, '/api/v1/portal/encargos/');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().results.map((e: { id: number }) => e.id).sort()).toEqual([...encargos.a1].sort());
    expect(own.body).not.toContain('C-2002-SECRETO');
    const detail = await get(sessions.a1.access, `/api/v1/portal/encargos/${encargos.a1[0]}/`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().eventos[0].tipo).toBe('recibido');

    const attempts: Array<[string, number[], string[]]> = [
      [sessions.a1.access, [...encargos.a2, ...encargos.b], ['C-2002-SECRETO', 'C-3003-AJENO']],
      [sessions.a2.access, [...encargos.a1, ...encargos.b], ['C-1001-2026', 'C-3003-AJENO']],
      [sessions.b.access, [...encargos.a1, ...encargos.a2], ['C-1001-2026', 'C-2002-SECRETO']],
    ];
    for (const [token, ids, secrets] of attempts) {
      const list = await get(token, '/api/v1/portal/encargos/?search=C-');
      for (const secret of secrets) expect(list.body).not.toContain(secret);
      for (const id of ids) {
        for (const url of [`/api/v1/portal/encargos/${id}/`, `/api/v1/portal/recibos/${id}/pdf/`]) {
          const response = await get(token, url);
          expect(response.statusCode, `${url} ${response.body}`).toBe(404);
          for (const secret of secrets) expect(response.body).not.toContain(secret);
        }
      }
    }
    expect((await get(sessions.b.access, '/api/v1/portal/encargos/')).json().results.map((e: { id: number }) => e.id)).toEqual(encargos.b);
  });

  it('keeps portal and staff tokens apart (403 both ways)', async () => {
    for (const url of ['/api/v1/encargos/', '/api/v1/auth/profile/', '/api/v1/solicitudes/', `/api/v1/estudios/${estudioA1.id}/usuarios_portal/`]) {
      const response = await get(sessions.a1.access, url);
      expect(response.statusCode, url).toBe(403);
    }
    const staffRefresh = await t.request(sessions.a1.access, { method: 'POST', url: '/api/v1/auth/refresh/', payload: { refresh: sessions.a1.refresh } });
    expect(staffRefresh.statusCode).toBe(403);
    // A portal refresh token is not a staff one, whatever the bearer.
    const asStaff = await t.request(undefined, { method: 'POST', url: '/api/v1/auth/refresh/', payload: { refresh: sessions.a1.refresh } });
    expect(asStaff.statusCode).toBe(401);
    for (const url of ['/api/v1/portal/encargos/', '/api/v1/portal/perfil/', '/api/v1/portal/preferencias/']) {
      const response = await get(staff, url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().detail).toBe('Esta función es del portal de estudios');
    }
    const staffLogin = await t.request(staff, { method: 'POST', url: '/api/v1/portal/auth/login/', payload: { email: 'ana@estudiouno.cl', password: PASSWORD } });
    expect(staffLogin.statusCode).toBe(403);
  });

  it('rotates the portal refresh token like the staff’s and ends sessions on deactivation', async () => {
    const session = await portalLogin('beto@estudiodos.cl');
    const renewed = await t.request(undefined, { method: 'POST', url: '/api/v1/portal/auth/refresh/', payload: { refresh: session.refresh } });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const reused = await t.request(undefined, { method: 'POST', url: '/api/v1/portal/auth/refresh/', payload: { refresh: session.refresh } });
    expect(reused.statusCode).toBe(401);
    // Reuse revoked the family: the renewed access dies with it.
    expect((await get(renewed.json().access, '/api/v1/portal/perfil/')).statusCode).toBe(401);

    const users = (await get(staff, `/api/v1/estudios/${estudioA2.id}/usuarios_portal/`)).json().results as Array<{ id: number }>;
    const off = await t.request(staff, { method: 'POST', url: `/api/v1/estudios/${estudioA2.id}/usuarios_portal/${users[0]!.id}/desactivar/` });
    expect(off.json().usuario.estado).toBe('desactivado');
    expect((await get(sessions.a2.access, '/api/v1/portal/encargos/')).statusCode).toBe(401);
    // Another firm's user id through this firm's path: 404.
    const cross = await t.request(staff, { method: 'POST', url: `/api/v1/estudios/${estudioA1.id}/usuarios_portal/${users[0]!.id}/activar/` });
    expect(cross.statusCode).toBe(404);
    const on = await t.request(staff, { method: 'POST', url: `/api/v1/estudios/${estudioA2.id}/usuarios_portal/${users[0]!.id}/activar/` });
    expect(on.json().usuario.estado).toBe('activo');
    sessions.a2 = await portalLogin('beto@estudiodos.cl');
  });
});

describe('requests', () => {
  const datos = () => {
    const { estudio_juridico: _firm, ...rest } = encargoPayload(estudioA1, lookups, { numero_rol: 'C-7777-2026', partes: 'Banco de Chile con Rojas' });
    return rest;
  };

  it('a request with PDFs is accepted into an assignment with those PDFs, and the firm is mailed', async () => {
    const demanda = await pdf('DEMANDA EJECUTIVA C-7777-2026');
    const resolucion = await pdf('RESOLUCION QUE DA CURSO');
    const noPdf = multipart({ datos: JSON.stringify(datos()) }, { demanda: { name: 'demanda.pdf', bytes: Buffer.from('no soy un pdf') } });
    const refused = await t.request(sessions.a1.access, { method: 'POST', url: '/api/v1/portal/solicitudes/', ...noPdf });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('El archivo demanda debe ser un PDF');
    const badDatos = multipart({ datos: JSON.stringify({ ...datos(), numero_rol: '' }) }, {});
    expect((await t.request(sessions.a1.access, { method: 'POST', url: '/api/v1/portal/solicitudes/', ...badDatos })).statusCode).toBe(400);
    const domicilio = { direccion: 'Gran Avenida 5000', comuna: 'Gotham', ciudad: 'Santiago', es_principal: true };
    const badComuna = multipart({ datos: JSON.stringify({ ...datos(), numero_rol: 'C-7778-2026', domicilios: [domicilio] }) }, {});
    const comunaRefused = await t.request(sessions.a1.access, { method: 'POST', url: '/api/v1/portal/solicitudes/', ...badComuna });
    expect(comunaRefused.statusCode).toBe(400);
    expect(comunaRefused.json().detail).toBe('La comuna "Gotham" no está en el listado de comunas de Chile');
    const catalogos = await get(sessions.a1.access, '/api/v1/portal/catalogos/');
    expect(catalogos.statusCode).toBe(200);
    expect(catalogos.json().comunas).toHaveLength(346);
    expect(catalogos.json().comunas).toContainEqual({ codigo: '13130', nombre: 'San Miguel', provincia: 'Santiago', region: 'Metropolitana de Santiago' });

    const body = multipart({ datos: JSON.stringify(datos()) }, { demanda: { name: 'demanda.pdf', bytes: demanda }, resolucion: { name: 'resolucion.pdf', bytes: resolucion } });
    const created = await t.request(sessions.a1.access, { method: 'POST', url: '/api/v1/portal/solicitudes/', ...body });
    expect(created.statusCode, created.body).toBe(201);
    const solicitud = created.json().solicitud as { id: number; estado: string; archivos: Array<{ campo: string; bytes: number }> };
    expect(solicitud.estado).toBe('pendiente');
    expect(solicitud.archivos.map((a) => [a.campo, a.bytes])).toEqual([['demanda', demanda.length], ['resolucion', resolucion.length]]);

    // Another firm does not see it; the office inbox does.
    expect((await get(sessions.a2.access, '/api/v1/portal/solicitudes/')).json().count).toBe(0);
    const inbox = await get(staff, '/api/v1/solicitudes/?estado=pendiente');
    expect(inbox.json().results.map((s: { id: number }) => s.id)).toContain(solicitud.id);
    expect((await get(staffB, `/api/v1/solicitudes/${solicitud.id}/`)).statusCode).toBe(404);

    const accepted = await t.request(staff, {
      method: 'POST',
      url: `/api/v1/solicitudes/${solicitud.id}/aceptar/`,
      payload: encargoPayload(estudioA1, lookups, { numero_rol: 'C-7777-2026', partes: 'Banco de Chile con Rojas' }),
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const encargoId = accepted.json().encargo_id as number;
    const twice = await t.request(staff, {
      method: 'POST',
      url: `/api/v1/solicitudes/${solicitud.id}/aceptar/`,
      payload: encargoPayload(estudioA1, lookups, { numero_rol: 'C-7777-2026' }),
    });
    expect(twice.statusCode).toBe(409);

    const adjuntos = await get(staff, `/api/v1/encargos/${encargoId}/adjuntos/`);
    expect(adjuntos.statusCode, adjuntos.body).toBe(200);
    const files = adjuntos.json().results as Array<{ origen: string; url: string }>;
    expect(files.map((f) => f.origen)).toEqual(['demanda', 'resolucion']);
    const download = await get(staff, files[0]!.url);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(download.rawPayload)).toContain('DEMANDA EJECUTIVA C-7777-2026');
    expect((await get(staffB, files[0]!.url)).statusCode).toBe(404);

    const [mail] = await mailsTo('ana@estudiouno.cl', /Solicitud aceptada/);
    expect(mail!.parsed.text).toContain('C-7777-2026');
    const mine = await get(sessions.a1.access, '/api/v1/portal/solicitudes/');
    expect(mine.json().results[0]).toMatchObject({ id: solicitud.id, estado: 'aceptada', encargo_id: encargoId });
    expect((await get(sessions.a1.access, '/api/v1/portal/encargos/?search=7777')).json().results.map((e: { id: number }) => e.id)).toEqual([encargoId]);
  });

  it('a rejected request mails the reason', async () => {
    const body = multipart({ datos: JSON.stringify({ ...datos(), numero_rol: 'C-8888-2026' }) }, {});
    const created = await t.request(sessions.a1.access, { method: 'POST', url: '/api/v1/portal/solicitudes/', ...body });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().solicitud.id as number;
    const empty = await t.request(staff, { method: 'POST', url: `/api/v1/solicitudes/${id}/rechazar/`, payload: { motivo: '' } });
    expect(empty.statusCode).toBe(400);
    const rejected = await t.request(staff, { method: 'POST', url: `/api/v1/solicitudes/${id}/rechazar/`, payload: { motivo: 'El rol ya fue notificado por otro receptor' } });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().solicitud.estado).toBe('rechazada');
    const [mail] = await mailsTo('ana@estudiouno.cl', /Solicitud rechazada/);
    expect(mail!.parsed.text).toContain('Motivo: El rol ya fue notificado por otro receptor');
  });
});

describe('news of the firm’s assignments', () => {
  it('mails each new certificate and deadline once, and the timeline offers the certificate’s PDF', async () => {
    const db: TenantDb = await t.tenantDbOf(t.mainTenantId);
    const encargoId = encargos.a1[0]!;
    const certificado = await pdf('CERTIFICADO DE NOTIFICACION C-1001-2026');
    await db.execute(sql`insert into estampados (encargo_id, numero_rol, titulo, archivo_pdf) values (${encargoId}, 'C-1001-2026', 'Notificación personal', ${certificado})`);
    await db.execute(sql`insert into plazos (encargo_id, tipo, desde, dias, vence, origen) values (${encargoId}, 'excepciones', '2026-03-02', 8, '2026-03-12', 'diligencia:1')`);
    // Firm two's news do not reach firm one.
    await db.execute(sql`insert into plazos (encargo_id, tipo, desde, dias, vence, origen) values (${encargos.a2[0]}, 'excepciones', '2026-03-02', 8, '2026-03-12', 'diligencia:2')`);
    await t.app.jobs!.send('portal-avisos', {});
    const [cert] = await mailsTo('ana@estudiouno.cl', /Nuevo certificado: rol C-1001-2026/);
    expect(cert!.parsed.text).toContain('Notificación personal');
    expect(cert!.parsed.text).toContain('Puede descargarlo desde el portal.');
    const [plazo] = await mailsTo('ana@estudiouno.cl', /Nuevo plazo: rol C-1001-2026/);
    expect(plazo!.parsed.text).toContain('Vence excepciones: 12-03-2026');
    // A second pass sends nothing again.
    await t.app.jobs!.send('portal-avisos', {});
    await mailsTo('beto@estudiodos.cl', /Nuevo plazo: rol C-2002-SECRETO/);
    expect(smtp.received.filter((m) => m.envelopeTo.includes('ana@estudiouno.cl') && /Nuevo/.test(m.parsed.subject ?? ''))).toHaveLength(2);

    const detail = (await get(sessions.a1.access, `/api/v1/portal/encargos/${encargoId}/`)).json() as {
      encargo: { proximo_plazo: { nombre: string; vence: string } };
      eventos: Array<{ tipo: string; url?: string | null }>;
    };
    expect(detail.encargo.proximo_plazo).toMatchObject({ nombre: 'Vence excepciones', vence: '2026-03-12' });
    const evento = detail.eventos.find((e) => e.tipo === 'certificado');
    const download = await get(sessions.a1.access, evento!.url!);
    expect(download.statusCode).toBe(200);
    expect(await pdfText(download.rawPayload)).toContain('CERTIFICADO DE NOTIFICACION C-1001-2026');
    expect((await get(sessions.a2.access, evento!.url!)).statusCode).toBe(404);

    // Once signed, the portal offers the signed PDF.
    const firmado = await pdf('CERTIFICADO FIRMADO C-1001-2026');
    await db.execute(sql`
      insert into estampado_firmas (estampado_id, archivo_pdf, sha256, codigo_verificacion, firmante_nombre, firmante_rut, emisor, certificado_serie, certificado_huella, firmado_por)
      select id, ${firmado}, repeat('b', 64), 'ABCDEFGHJKMNPQRSTVWXYZ2345', 'Receptor', '12345678-5', 'CA', '01', repeat('c', 64), 'admin'
      from estampados where encargo_id = ${encargoId}`);
    const signed = (await get(sessions.a1.access, `/api/v1/portal/encargos/${encargoId}/`)).json() as { eventos: Array<{ tipo: string; firmado?: boolean; url?: string }> };
    const signedEvento = signed.eventos.find((e) => e.tipo === 'certificado')!;
    expect(signedEvento.firmado).toBe(true);
    expect(await pdfText((await get(sessions.a1.access, signedEvento.url!)).rawPayload)).toContain('CERTIFICADO FIRMADO C-1001-2026');
  });

  it('shows visit photos only when the receiver shares them', async () => {
    const db: TenantDb = await t.tenantDbOf(t.mainTenantId);
    const encargoId = encargos.a1[1]!;
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const [visita] = (
      (await db.execute(sql`
        insert into visitas (uuid, encargo_id, domicilio_direccion, domicilio_comuna, fecha_hora, tipo, resultado, autor_id, autor_nombre)
        values (gen_random_uuid(), ${encargoId}, 'Los Aromos 123', 'Ñuñoa', '2026-03-04T14:30:00-03:00', 'busqueda', 'negativa_no_reside', 1, 'Receptor')
        returning id`)) as unknown as { rows: Array<{ id: number }> }
    ).rows;
    await db.execute(sql`insert into visita_fotos (visita_id, tipo_mime, bytes, sha256, contenido, subida_por) values (${visita!.id}, 'image/png', ${png.length}, repeat('a', 64), ${png}, 'admin')`);
    const visitaDe = async () =>
      ((await get(sessions.a1.access, `/api/v1/portal/encargos/${encargoId}/`)).json() as { eventos: Array<{ tipo: string; hora?: string; resultado_label?: string; fotos?: Array<{ url: string }> }> }).eventos.find(
        (e) => e.tipo === 'visita',
      )!;
    const hidden = await visitaDe();
    expect(hidden).toMatchObject({ hora: '14:30', resultado_label: 'No reside', fotos: [] });
    expect((await t.request(sessions.a1.access, { method: 'PUT', url: '/api/v1/portal_configuracion/', payload: { compartir_fotos_portal: true } })).statusCode).toBe(403);
    const on = await t.request(staff, { method: 'PUT', url: '/api/v1/portal_configuracion/', payload: { compartir_fotos_portal: true } });
    expect(on.json()).toEqual({ compartir_fotos_portal: true });
    const shown = await visitaDe();
    expect(shown.fotos).toHaveLength(1);
    const foto = await t.request(undefined, { method: 'GET', url: shown.fotos![0]!.url });
    expect(foto.statusCode).toBe(200);
    expect(foto.rawPayload.equals(png)).toBe(true);
    await t.request(staff, { method: 'PUT', url: '/api/v1/portal_configuracion/', payload: { compartir_fotos_portal: false } });
    expect((await visitaDe()).fotos).toEqual([]);
  });

  it('answers the firm’s receipts and account', async () => {
    const recibos = await get(sessions.a1.access, '/api/v1/portal/recibos/');
    expect(recibos.statusCode, recibos.body).toBe(200);
    expect(recibos.json()).toMatchObject({ count: 0, results: [] });
    const cuenta = await get(sessions.a1.access, '/api/v1/portal/estado_cuenta/');
    expect(cuenta.statusCode, cuenta.body).toBe(200);
    expect(cuenta.json()).toMatchObject({ estudio: { id: estudioA1.id }, saldo: 0 });
  });

  it('pages the firm’s account as the office’s statement does, and refuses a bad page in Spanish', async () => {
    const db: TenantDb = await t.tenantDbOf(t.mainTenantId);
    const hoy = todayIso();
    for (const [n, valor] of [30_000, 20_000, 10_000].entries()) {
      const { encargo } = await seedEncargo(db, { estudioId: estudioA1.id, numeroRol: `C-77${n}-2026`, estado: 'estampado', fechaEstampado: hoy });
      const d = await seedDiligencia(db, encargo.id, { fecha: `${hoy}T09:00:00-04:00`, valorFinal: valor });
      const recibo = await t.request(staff, { method: 'POST', url: '/api/v1/recibos/', payload: { estudio_id: estudioA1.id, diligencia_ids: [d.id], fecha: hoy } });
      expect(recibo.statusCode, recibo.body).toBe(201);
    }
    const leer = async (params: string) => {
      const portal = await get(sessions.a1.access, `/api/v1/portal/estado_cuenta/?${params}`);
      expect(portal.statusCode, portal.body).toBe(200);
      const oficina = await get(staff, `/api/v1/estudios/${estudioA1.id}/estado_cuenta/?${params}`);
      expect(portal.json()).toEqual(oficina.json());
      return EstadoCuentaSchema.parse(portal.json());
    };
    const todo = await leer('');
    expect(todo).toMatchObject({ saldo: 60_000, movimientos_total: 3, recibos_abiertos_total: 3 });
    expect(todo.movimientos).toHaveLength(3);
    const primera = await leer('movimientos_page_size=2&abiertos_page_size=2');
    expect(primera.movimientos).toEqual(todo.movimientos.slice(-2));
    expect(primera.recibos_abiertos).toEqual(todo.recibos_abiertos.slice(0, 2));
    expect(primera).toMatchObject({ saldo: 60_000, movimientos_total: 3, recibos_abiertos_total: 3 });
    expect((await leer('movimientos_page=2&movimientos_page_size=2')).movimientos).toEqual(todo.movimientos.slice(0, 1));
    expect((await leer('abiertos_page=2&abiertos_page_size=2')).recibos_abiertos).toEqual(todo.recibos_abiertos.slice(2));
    const tamano = await get(sessions.a1.access, '/api/v1/portal/estado_cuenta/?movimientos_page_size=1001');
    expect(tamano.statusCode).toBe(400);
    expect(tamano.json().detail).toContain(pagosMessages.tamanoPaginaInvalido(1000));
    const pagina = await get(sessions.a1.access, '/api/v1/portal/estado_cuenta/?abiertos_page=cero');
    expect(pagina.statusCode).toBe(400);
    expect(pagina.json().detail).toContain(pagosMessages.paginaInvalida);
  });

  it('stores the mail preferences and stops the mails turned off', async () => {
    const saved = await t.request(sessions.a1.access, { method: 'PUT', url: '/api/v1/portal/preferencias/', payload: { mail_plazos: false } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().preferencias).toEqual({ mail_solicitudes: true, mail_certificados: true, mail_plazos: false });
    expect((await t.request(sessions.a1.access, { method: 'PUT', url: '/api/v1/portal/preferencias/', payload: { otra: true } })).statusCode).toBe(400);
  });

  it('holds the firm’s writes while its receiver’s database moves, and every request while it is restored over: 503 with Retry-After, as the office’s', async () => {
    const setTenant = async (values: Partial<typeof controlSchema.tenants.$inferInsert>) => {
      await t.app.controlDb.update(controlSchema.tenants).set(values).where(eq(controlSchema.tenants.id, t.mainTenantId));
      t.app.sessionCache.clear();
    };
    try {
      await setTenant({ moviendoDesde: new Date() });
      const write = await t.request(sessions.a1.access, { method: 'PUT', url: '/api/v1/portal/preferencias/', payload: { mail_plazos: true } });
      expect(write.statusCode, write.body).toBe(503);
      expect(write.headers['retry-after']).toBe('5');
      expect(write.json().detail).toBe(servidoresMessages.trasladandose);
      expect((await get(sessions.a1.access, '/api/v1/portal/encargos/')).statusCode).toBe(200);

      await setTenant({ moviendoDesde: null, mantenimientoDesde: new Date() });
      const read = await get(sessions.a1.access, '/api/v1/portal/encargos/');
      expect(read.statusCode, read.body).toBe(503);
      expect(read.headers['retry-after']).toBe('60');
      expect(read.json().detail).toBe(commonMessages.receptorEnMantenimiento);
    } finally {
      await setTenant({ moviendoDesde: null, mantenimientoDesde: null });
    }
    const preferencias = await get(sessions.a1.access, '/api/v1/portal/preferencias/');
    expect(preferencias.statusCode).toBe(200);
    expect(preferencias.json().preferencias.mail_plazos).toBe(false);
  });
});

describe('the firm’s documents', () => {
  it('lists the firm’s certificates newest first, paged and by Santiago date, each with a signed link to its best file', async () => {
    const db: TenantDb = await t.tenantDbOf(t.mainTenantId);
    const encargoId = encargos.a1[1]!;
    const [tribunal] = ((await db.execute(sql`select id, nombre from tribunales order by id limit 1`)) as unknown as { rows: Array<{ id: number; nombre: string }> }).rows;
    await db.execute(sql`update encargos set tribunal_id = ${tribunal!.id} where id = ${encargoId}`);
    const docx = Buffer.from('PK\u0003\u0004 documento de prueba');
    const insert = async (encargo: number, rol: string, titulo: string, fecha: string, files: { pdf?: Buffer; docx?: Buffer }) => {
      const [row] = (
        (await db.execute(sql`
          insert into estampados (encargo_id, numero_rol, tipo_estampado_id, titulo, archivo_pdf, archivo_docx, fecha_creacion)
          values (${encargo}, ${rol}, (select id from tipos_estampado where codigo = 'busqueda_positiva'), ${titulo}, ${files.pdf ?? null}, ${files.docx ?? null}, ${fecha}::timestamptz)
          returning id`)) as unknown as { rows: Array<{ id: string }> }
      ).rows;
      // As the stamp service leaves it: the link's receiver is found by the document's id.
      await t.app.controlDb.execute(sql`insert into estampado_documentos (documento_id, tenant_id) values (${row!.id}, ${t.mainTenantId})`);
      return row!.id;
    };
    const enero = await insert(encargoId, 'C-1002-2026', 'Certificado enero', '2025-01-10T10:00:00-03:00', { pdf: await pdf('CERTIFICADO ENERO C-1002-2026'), docx });
    // 23:30 in Santiago on 15 February is already the 16th in UTC.
    const febrero = await insert(encargoId, 'C-1002-2026', 'Certificado febrero', '2025-02-15T23:30:00-03:00', { docx });
    const marzo = await insert(encargoId, 'C-1002-2026', 'Certificado marzo', '2025-03-01T09:00:00-03:00', { pdf: await pdf('CERTIFICADO MARZO SIN FIRMA') });
    await db.execute(sql`
      insert into estampado_firmas (estampado_id, archivo_pdf, sha256, codigo_verificacion, firmante_nombre, firmante_rut, emisor, certificado_serie, certificado_huella, firmado_por)
      values (${marzo}, ${await pdf('CERTIFICADO MARZO FIRMADO')}, repeat('d', 64), 'BCDEFGHJKMNPQRSTVWXYZ23456', 'Receptor', '12345678-5', 'CA', '02', repeat('e', 64), 'admin')`);
    const ajeno = await insert(encargos.a2[0]!, 'C-2002-SECRETO', 'Certificado ajeno', '2025-02-01T12:00:00-03:00', { pdf: await pdf('CERTIFICADO AJENO') });

    const list = async (token: string, query: string) => {
      const response = await get(token, `/api/v1/portal/documentos/?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return { body: response.body, ...PortalDocumentosListResponseSchema.parse(response.json()) };
    };
    const year = await list(sessions.a1.access, 'desde=2025-01-01&hasta=2025-12-31');
    expect(year.count).toBe(3);
    expect(year.results.map((d) => d.id)).toEqual([marzo, febrero, enero]);
    expect(year.results[0]).toMatchObject({ numero_rol: 'C-1002-2026', tribunal: tribunal!.nombre, tipo: 'Búsqueda positiva', fecha: '2025-03-01T09:00:00-03:00', firmado: true });
    expect(year.results.map((d) => d.firmado)).toEqual([true, false, false]);
    expect(year.body).not.toContain('C-2002-SECRETO');

    // The links open without the portal's token: signed PDF, else PDF, else the Word file.
    const open = (url: string) => t.request(undefined, { method: 'GET', url });
    const [linkMarzo, linkFebrero, linkEnero] = year.results.map((d) => d.url!);
    expect(linkMarzo).toContain('formato=pdf_firmado');
    expect(await pdfText((await open(linkMarzo!)).rawPayload)).toContain('CERTIFICADO MARZO FIRMADO');
    expect(await pdfText((await open(linkEnero!)).rawPayload)).toContain('CERTIFICADO ENERO C-1002-2026');
    const word = await open(linkFebrero!);
    expect(word.statusCode).toBe(200);
    expect(word.rawPayload.equals(docx)).toBe(true);
    // A link is good for its own certificate only: another firm's id under it is refused.
    expect((await open(linkEnero!.replace(enero, ajeno))).statusCode).toBe(404);

    const first = await list(sessions.a1.access, 'desde=2025-01-01&hasta=2025-12-31&page_size=2');
    const second = await list(sessions.a1.access, 'desde=2025-01-01&hasta=2025-12-31&page_size=2&page=2');
    expect([first.count, first.page_size, second.page]).toEqual([3, 2, 2]);
    expect([...first.results, ...second.results].map((d) => d.id)).toEqual([marzo, febrero, enero]);
    expect((await list(sessions.a1.access, 'desde=2025-02-15&hasta=2025-02-15')).results.map((d) => d.id)).toEqual([febrero]);
    expect((await list(sessions.a1.access, 'desde=2025-02-16&hasta=2025-12-31')).results.map((d) => d.id)).toEqual([marzo]);
    // Without dates: everything of the firm, the newest certificate first.
    const all = await list(sessions.a1.access, '');
    expect(all.results.map((d) => d.id)).toEqual(expect.arrayContaining([marzo, febrero, enero]));
    expect(all.results.map((d) => d.fecha)).toEqual([...all.results.map((d) => d.fecha)].sort().reverse());

    // Another firm and another receiver see none of them.
    const a2 = await list(sessions.a2.access, 'desde=2025-01-01&hasta=2025-12-31');
    expect(a2.results.map((d) => d.id)).toEqual([ajeno]);
    expect(a2.body).not.toContain('C-1002-2026');
    const b = await list(sessions.b.access, '');
    expect(b.count).toBe(0);

    for (const [query, detail] of [
      ['desde=2025-13-01', 'Fecha inválida (AAAA-MM-DD)'],
      ['desde=2025-03-01&hasta=2025-02-01', 'La fecha final no puede ser anterior a la inicial'],
      ['page_size=101', 'El tamaño de página debe estar entre 1 y 100'],
    ] as const) {
      const refused = await get(sessions.a1.access, `/api/v1/portal/documentos/?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().detail, query).toBe(detail);
    }
    expect((await get(staff, '/api/v1/portal/documentos/')).statusCode).toBe(403);
  });
});

describe('portal sign-in limits', () => {
  const wrong = (app: TestContext['app'], email: string, remoteAddress: string, password = 'clave-equivocada') =>
    app.inject({ method: 'POST', url: '/api/v1/portal/auth/login/', payload: { email, password }, remoteAddress });

  it('slows one portal account down after five wrong passwords, whatever the address: 429 with Retry-After, even for the right password', async () => {
    await invite(staff, estudioA1.id, 'olvidadiza@estudiouno.cl').then(({ token }) => activate(token));
    const codes: number[] = [];
    for (let i = 0; i < 7; i += 1) codes.push((await wrong(t.app, 'olvidadiza@estudiouno.cl', `192.0.2.${i + 1}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const blocked = await wrong(t.app, 'Olvidadiza@EstudioUno.cl', '192.0.2.50', PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: authMessages.tooManyAttempts });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.body).not.toContain('access');
    // Another portal user, and a staff user, sign in as before.
    expect((await wrong(t.app, 'ana@estudiouno.cl', '192.0.2.51', PASSWORD)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'admin', password: ADMIN_PASSWORD }, remoteAddress: '192.0.2.52' })).statusCode).toBe(200);
  });

  it('limits many portal e-mails from one address, and that address’s staff sign-in with them', async () => {
    const limited = await createTestContext({ loginRateMax: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i += 1) codes.push((await wrong(limited.app, `persona${i}@estudio.cl`, '203.0.113.7')).statusCode);
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      const blocked = await wrong(limited.app, 'otra@estudio.cl', '203.0.113.7');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ detail: authMessages.tooManyAttempts });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      const staffLogin = await limited.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'admin', password: 'otra-mala' }, remoteAddress: '203.0.113.7' });
      expect(staffLogin.statusCode).toBe(429);
      // Another address is not affected.
      expect((await wrong(limited.app, 'persona0@estudio.cl', '203.0.113.8')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
