import type { Estudio } from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { mailsTo as mailsOf, multipart, onboardPortalUser, pdf, pdfText, seedTwoReceivers } from '../../../test/portal-kit';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { QUEUES } from '../../jobs/jobs.plugin';
import { encargoPayload, loadLookups, type Lookups } from '../encargos/encargos.fixtures';

/**
 * The firms' requests and the portal's mails on the embedded default database (PGlite), with the job
 * queue as a start with no configuration runs it: pg-boss over the in-process control database. A firm
 * sends requests with PDFs, the office accepts one into an assignment (the PDFs become its attachments)
 * and rejects another with a reason, each outcome mailed through the outbox by a job; then the news of
 * the firms' assignments (certificates, deadlines) are mailed by the portal's job, once, to the firm
 * whose they are.
 */

const JOBS = { enabled: true, schedule: false, retryDelaySeconds: 1, retryLimit: 4, pollingIntervalSeconds: 0.5 };

let smtp: TestSmtpServer;
let t: TestContext;
let staff: string;
let staffB: string;
let lookups: Lookups;
let lookupsB: Lookups;
let estudioA1: Estudio;
let estudioA2: Estudio;
let estudioB: Estudio;
let tenantB: number;
const encargos = { a1: 0, a2: 0, b: 0 };
const sessions: Record<'a1' | 'a2' | 'b', { access: string }> = {} as never;
/** The first request, accepted, and its assignment. */
const aceptada = { id: 0, encargoId: 0 };

const get = (token: string | undefined, url: string) => t.request(token, { method: 'GET', url });
/** Mails to one address whose subject matches; the job queue on PGlite may take a while under load. */
const mailsTo = (email: string, subject: RegExp, count = 1) => mailsOf(smtp, email, subject, count, 40_000);
const onboard = (token: string, estudioId: number, email: string, nombre: string) => onboardPortalUser(t, smtp, token, estudioId, email, nombre);

/** Every job of the portal's queue done (none created, retrying or active). */
async function portalJobsDone(): Promise<void> {
  const deadline = Date.now() + 40_000;
  for (;;) {
    const jobs = await t.app.jobs!.findJobs(QUEUES.portalAvisos);
    const open = jobs.filter((job) => !['completed', 'failed', 'cancelled'].includes(job.state));
    if (open.length === 0) {
      expect(jobs.filter((job) => job.state !== 'completed').map((job) => job.state)).toEqual([]);
      return;
    }
    if (Date.now() > deadline) throw new Error(`portal jobs still open: ${open.map((job) => job.state).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Nuevo Encargo's body without the firm, as the portal's form sends it. */
function datos(estudio: Estudio, of: Lookups, numeroRol: string) {
  const { estudio_juridico: _firm, ...rest } = encargoPayload(estudio, of, { numero_rol: numeroRol, partes: 'Banco de Chile con Rojas Embebido' });
  return rest;
}

async function enviarSolicitud(token: string, body: ReturnType<typeof multipart>) {
  return t.request(token, { method: 'POST', url: '/api/v1/portal/solicitudes/', ...body });
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestContext({ mail: { smtpUrl: smtp.url }, jobs: JOBS }, { embedded: true });
  const world = await seedTwoReceivers(t, {
    estudiosA: ['Estudio Uno Solicitudes', 'Estudio Dos Solicitudes'],
    receptorB: 'Receptora Embebida de Solicitudes',
    staffB: 'solicitudes_staff_b',
    estudioB: 'Estudio de la Otra Receptora',
    rolesA1: ['C-5101-2026'],
    rolA2: 'C-5202-SECRETO',
    rolB: 'C-5303-AJENO',
  });
  ({ staff, staffB, tenantB, estudioA1, estudioA2, estudioB } = world);
  encargos.a1 = world.encargos.a1[0]!;
  encargos.a2 = world.encargos.a2[0]!;
  encargos.b = world.encargos.b[0]!;
  lookups = await loadLookups(t, staff);
  lookupsB = await loadLookups(t, staffB);
  // The other receiver's requests too: a leak of one could not pass as a coincidence.
  await world.dbB.execute(sql`select setval('solicitudes_id_seq', 500000)`);
  sessions.a1 = await onboard(staff, estudioA1.id, 'ana@solicitudes-uno.cl', 'Ana Uno');
  sessions.a2 = await onboard(staff, estudioA2.id, 'beto@solicitudes-dos.cl', 'Beto Dos');
  sessions.b = await onboard(staffB, estudioB.id, 'carla@solicitudes-otra.cl', 'Carla Otra');
}, 180_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the firms’ requests on the embedded database', () => {
  it('runs on PGlite with pg-boss over the in-process control database', () => {
    expect(t.config.database).not.toHaveProperty('controlUrl');
    expect(t.app.jobs).toBeDefined();
  });

  it('a request with PDFs is accepted into an assignment that keeps those PDFs, and the firm is mailed by a job', async () => {
    const demanda = await pdf('DEMANDA EJECUTIVA EMBEBIDA C-5777-2026');
    const resolucion = await pdf('RESOLUCION EMBEBIDA QUE DA CURSO');
    const noPdf = multipart({ datos: JSON.stringify(datos(estudioA1, lookups, 'C-5777-2026')) }, { demanda: { name: 'demanda.pdf', bytes: Buffer.from('no soy un pdf') } });
    const refused = await enviarSolicitud(sessions.a1.access, noPdf);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('El archivo demanda debe ser un PDF');

    const created = await enviarSolicitud(
      sessions.a1.access,
      multipart(
        { datos: JSON.stringify(datos(estudioA1, lookups, 'C-5777-2026')) },
        { demanda: { name: 'demanda.pdf', bytes: demanda }, resolucion: { name: 'resolucion.pdf', bytes: resolucion } },
      ),
    );
    expect(created.statusCode, created.body).toBe(201);
    const solicitud = created.json().solicitud as { id: number; estado: string; estudio: { id: number }; archivos: Array<{ campo: string; nombre: string; bytes: number }> };
    expect(solicitud).toMatchObject({ estado: 'pendiente', estudio: { id: estudioA1.id } });
    expect(solicitud.archivos).toEqual([
      { campo: 'demanda', nombre: 'demanda.pdf', bytes: demanda.length },
      { campo: 'resolucion', nombre: 'resolucion.pdf', bytes: resolucion.length },
    ]);
    aceptada.id = solicitud.id;

    // The office reads the request's PDFs byte for byte before accepting it.
    const inbox = await get(staff, '/api/v1/solicitudes/?estado=pendiente');
    expect(inbox.statusCode, inbox.body).toBe(200);
    expect(inbox.json()).toMatchObject({ pendientes: 1, results: [{ id: solicitud.id, numero_rol: 'C-5777-2026' }] });
    const original = await get(staff, `/api/v1/solicitudes/${solicitud.id}/archivos/resolucion/`);
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(resolucion)).toBe(true);

    const accepted = await t.request(staff, {
      method: 'POST',
      url: `/api/v1/solicitudes/${solicitud.id}/aceptar/`,
      payload: encargoPayload(estudioA1, lookups, { numero_rol: 'C-5777-2026', partes: 'Banco de Chile con Rojas Embebido' }),
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    aceptada.encargoId = accepted.json().encargo_id as number;
    expect(accepted.json().solicitud).toMatchObject({ estado: 'aceptada', encargo_id: aceptada.encargoId });
    const twice = await t.request(staff, {
      method: 'POST',
      url: `/api/v1/solicitudes/${solicitud.id}/aceptar/`,
      payload: encargoPayload(estudioA1, lookups, { numero_rol: 'C-5777-2026' }),
    });
    expect(twice.statusCode).toBe(409);

    const adjuntos = await get(staff, `/api/v1/encargos/${aceptada.encargoId}/adjuntos/`);
    expect(adjuntos.statusCode, adjuntos.body).toBe(200);
    const files = adjuntos.json().results as Array<{ origen: string; nombre: string; bytes: number; url: string }>;
    expect(files.map((f) => [f.origen, f.nombre, f.bytes])).toEqual([
      ['demanda', 'demanda.pdf', demanda.length],
      ['resolucion', 'resolucion.pdf', resolucion.length],
    ]);
    const download = await get(staff, files[0]!.url);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(demanda)).toBe(true);
    expect(await pdfText(download.rawPayload)).toContain('DEMANDA EJECUTIVA EMBEBIDA C-5777-2026');
    expect(await pdfText((await get(staff, files[1]!.url)).rawPayload)).toContain('RESOLUCION EMBEBIDA QUE DA CURSO');

    const [mail] = await mailsTo('ana@solicitudes-uno.cl', /Solicitud aceptada/);
    expect(mail!.envelopeTo).toEqual(['ana@solicitudes-uno.cl']);
    expect(mail!.parsed.subject).toBe('Solicitud aceptada: rol C-5777-2026');
    expect(mail!.parsed.text).toContain('Hola Ana Uno:');
    expect(mail!.parsed.text).toContain('Su solicitud del rol C-5777-2026 (Banco de Chile con Rojas Embebido) fue aceptada y ya es un encargo.');
    expect(mail!.parsed.text).toContain('Puede seguir cada visita, certificado y plazo en el portal.');
    await portalJobsDone();

    // The firm sees the outcome, and the assignment among its own.
    const mine = await get(sessions.a1.access, '/api/v1/portal/solicitudes/');
    expect(mine.json()).toMatchObject({ count: 1, pendientes: 0, results: [{ id: solicitud.id, estado: 'aceptada', encargo_id: aceptada.encargoId }] });
    const own = await get(sessions.a1.access, '/api/v1/portal/encargos/?search=5777');
    expect(own.json().results.map((e: { id: number }) => e.id)).toEqual([aceptada.encargoId]);
    expect((await get(sessions.a1.access, `/api/v1/portal/encargos/${aceptada.encargoId}/`)).statusCode).toBe(200);
  });

  it('a rejected request keeps its reason, and the firm is mailed it by a job', async () => {
    const created = await enviarSolicitud(sessions.a1.access, multipart({ datos: JSON.stringify(datos(estudioA1, lookups, 'C-5888-2026')) }, {}));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().solicitud.id as number;
    const empty = await t.request(staff, { method: 'POST', url: `/api/v1/solicitudes/${id}/rechazar/`, payload: { motivo: '' } });
    expect(empty.statusCode).toBe(400);
    const rejected = await t.request(staff, { method: 'POST', url: `/api/v1/solicitudes/${id}/rechazar/`, payload: { motivo: 'El rol ya fue notificado por otro receptor' } });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().solicitud).toMatchObject({ estado: 'rechazada', motivo_rechazo: 'El rol ya fue notificado por otro receptor', encargo_id: null });
    // A rejected request is not accepted afterwards.
    const late = await t.request(staff, { method: 'POST', url: `/api/v1/solicitudes/${id}/aceptar/`, payload: encargoPayload(estudioA1, lookups, { numero_rol: 'C-5888-2026' }) });
    expect(late.statusCode).toBe(409);

    const [mail] = await mailsTo('ana@solicitudes-uno.cl', /Solicitud rechazada/);
    expect(mail!.envelopeTo).toEqual(['ana@solicitudes-uno.cl']);
    expect(mail!.parsed.subject).toBe('Solicitud rechazada: rol C-5888-2026');
    expect(mail!.parsed.text).toContain('Motivo: El rol ya fue notificado por otro receptor');
    await portalJobsDone();

    const mine = (await get(sessions.a1.access, '/api/v1/portal/solicitudes/')).json() as { count: number; results: Array<{ id: number; estado: string; motivo_rechazo: string | null }> };
    expect(mine.count).toBe(2);
    expect(mine.results.map((s) => [s.id, s.estado, s.motivo_rechazo])).toEqual([
      [id, 'rechazada', 'El rol ya fue notificado por otro receptor'],
      [aceptada.id, 'aceptada', null],
    ]);
    expect((await get(sessions.a1.access, '/api/v1/portal/encargos/?search=5888')).json().results).toEqual([]);
    // One mail per outcome, none to anyone else.
    expect(smtp.received.filter((m) => /^Solicitud /.test(m.parsed.subject ?? '')).map((m) => [m.envelopeTo, m.parsed.subject])).toEqual([
      [['ana@solicitudes-uno.cl'], 'Solicitud aceptada: rol C-5777-2026'],
      [['ana@solicitudes-uno.cl'], 'Solicitud rechazada: rol C-5888-2026'],
    ]);
  });

  it('another firm or receiver neither sees nor resolves them', async () => {
    // Firm B (the other receiver) sends its own, so each side has something to leak.
    const ajena = await enviarSolicitud(
      sessions.b.access,
      multipart({ datos: JSON.stringify(datos(estudioB, lookupsB, 'C-5999-2026')) }, { demanda: { name: 'ajena.pdf', bytes: await pdf('DEMANDA AJENA') } }),
    );
    expect(ajena.statusCode, ajena.body).toBe(201);
    const ajenaId = ajena.json().solicitud.id as number;
    expect(ajenaId).toBeGreaterThan(500000);

    const a2 = await get(sessions.a2.access, '/api/v1/portal/solicitudes/');
    expect(a2.json()).toMatchObject({ count: 0, results: [] });
    const b = await get(sessions.b.access, '/api/v1/portal/solicitudes/');
    expect(b.json().results.map((s: { id: number }) => s.id)).toEqual([ajenaId]);
    expect(b.body).not.toContain('C-5777-2026');
    expect((await get(staff, '/api/v1/solicitudes/')).body).not.toContain('C-5999-2026');
    expect((await get(staffB, '/api/v1/solicitudes/')).json().results.map((s: { id: number }) => s.id)).toEqual([ajenaId]);

    // The other receiver's office: its ids are unknown here, both ways, for reading and resolving.
    for (const [token, id, of] of [
      [staffB, aceptada.id, lookupsB],
      [staff, ajenaId, lookups],
    ] as const) {
      expect((await get(token, `/api/v1/solicitudes/${id}/`)).statusCode).toBe(404);
      expect((await get(token, `/api/v1/solicitudes/${id}/archivos/demanda/`)).statusCode).toBe(404);
      const rechazo = await t.request(token, { method: 'POST', url: `/api/v1/solicitudes/${id}/rechazar/`, payload: { motivo: 'intento ajeno' } });
      expect(rechazo.statusCode, rechazo.body).toBe(404);
      const acepta = await t.request(token, { method: 'POST', url: `/api/v1/solicitudes/${id}/aceptar/`, payload: encargoPayload(token === staff ? estudioA1 : estudioB, of, { numero_rol: 'C-5000-2026' }) });
      expect(acepta.statusCode, acepta.body).toBe(404);
    }
    expect((await get(staffB, `/api/v1/encargos/${aceptada.encargoId}/adjuntos/`)).statusCode).toBe(404);
    // The firm's own office cannot make another firm's assignment out of a request.
    const otraFirma = await t.request(staffB, { method: 'POST', url: `/api/v1/solicitudes/${ajenaId}/aceptar/`, payload: encargoPayload(estudioB, lookupsB, { numero_rol: 'C-5999-2026', estudio_juridico: estudioB.id + 1 }) });
    expect(otraFirma.statusCode).toBe(400);
    expect(otraFirma.json().detail).toBe('El encargo debe ser del estudio que envió la solicitud');

    // A portal token reaches no office route: a firm resolves nothing.
    for (const [method, url] of [
      ['GET', '/api/v1/solicitudes/'],
      ['GET', `/api/v1/solicitudes/${ajenaId}/`],
      ['POST', `/api/v1/solicitudes/${ajenaId}/rechazar/`],
    ] as const) {
      const response = await t.request(sessions.b.access, { method, url, ...(method === 'POST' ? { payload: { motivo: 'yo misma' } } : {}) });
      expect(response.statusCode, url).toBe(403);
    }
    expect((await get(staffB, `/api/v1/solicitudes/${ajenaId}/`)).json().solicitud.estado).toBe('pendiente');
    expect((await get(staff, `/api/v1/solicitudes/${aceptada.id}/`)).json().solicitud.estado).toBe('aceptada');
  });
  it('resolves a request once when the office accepts and rejects it at the same time, beside the job worker', async () => {
    const created = await enviarSolicitud(
      sessions.a1.access,
      multipart({ datos: JSON.stringify(datos(estudioA1, lookups, 'C-5666-2026')) }, { demanda: { name: 'demanda.pdf', bytes: await pdf('DEMANDA EN CARRERA') } }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().solicitud.id as number;
    const aceptar = () =>
      t.request(staff, { method: 'POST', url: `/api/v1/solicitudes/${id}/aceptar/`, payload: encargoPayload(estudioA1, lookups, { numero_rol: 'C-5666-2026', partes: 'Banco de Chile con Rojas Embebido' }) });
    const rechazar = () => t.request(staff, { method: 'POST', url: `/api/v1/solicitudes/${id}/rechazar/`, payload: { motivo: 'Duplicada' } });
    const answers = await Promise.all([aceptar(), rechazar(), aceptar(), rechazar()]);
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 409), codes.join(',')).toHaveLength(3);
    expect(codes.filter((c) => c === 200 || c === 201), codes.join(',')).toHaveLength(1);
    const estado = (await get(staff, `/api/v1/solicitudes/${id}/`)).json().solicitud as { estado: string; encargo_id: number | null };
    // One outcome stored, one mail sent, and an assignment only when accepted.
    const asunto = estado.estado === 'aceptada' ? 'Solicitud aceptada: rol C-5666-2026' : 'Solicitud rechazada: rol C-5666-2026';
    await mailsTo('ana@solicitudes-uno.cl', /C-5666-2026/);
    await portalJobsDone();
    expect(smtp.received.filter((m) => /C-5666-2026/.test(m.parsed.subject ?? '')).map((m) => m.parsed.subject)).toEqual([asunto]);
    const db: TenantDb = await t.tenantDbOf(t.mainTenantId);
    const rows = (await db.execute(sql`select id from encargos where numero_rol = 'C-5666-2026'`)) as unknown as { rows: Array<{ id: number }> };
    expect(rows.rows.map((r) => r.id)).toEqual(estado.estado === 'aceptada' ? [estado.encargo_id] : []);
  });
});

describe('the portal’s mails from jobs on the embedded database', () => {
  it('mails each new certificate and deadline once, to the firm whose assignment it is, per its preferences', async () => {
    const dbA: TenantDb = await t.tenantDbOf(t.mainTenantId);
    const dbB: TenantDb = await t.tenantDbOf(tenantB);
    // Firm two wants no certificate mails.
    const off = await t.request(sessions.a2.access, { method: 'PUT', url: '/api/v1/portal/preferencias/', payload: { mail_certificados: false } });
    expect(off.statusCode, off.body).toBe(200);
    const certificado = await pdf('CERTIFICADO EMBEBIDO C-5101-2026');
    await dbA.execute(sql`insert into estampados (encargo_id, numero_rol, titulo, archivo_pdf) values (${encargos.a1}, 'C-5101-2026', 'Notificación personal embebida', ${certificado})`);
    await dbA.execute(sql`insert into plazos (encargo_id, tipo, desde, dias, vence, origen) values (${encargos.a1}, 'excepciones', '2026-03-02', 8, '2026-03-12', 'diligencia:1')`);
    await dbA.execute(sql`insert into estampados (encargo_id, numero_rol, titulo) values (${encargos.a2}, 'C-5202-SECRETO', 'Certificado que no se avisa')`);
    await dbA.execute(sql`insert into plazos (encargo_id, tipo, desde, dias, vence, origen) values (${encargos.a2}, 'excepciones', '2026-03-02', 8, '2026-03-12', 'diligencia:2')`);
    await dbB.execute(sql`insert into estampados (encargo_id, numero_rol, titulo) values (${encargos.b}, 'C-5303-AJENO', 'Certificado de la otra receptora')`);
    const before = smtp.received.length;

    await t.app.jobs!.send(QUEUES.portalAvisos, {});
    const [cert] = await mailsTo('ana@solicitudes-uno.cl', /^Nuevo certificado/);
    expect(cert!.envelopeTo).toEqual(['ana@solicitudes-uno.cl']);
    expect(cert!.parsed.subject).toBe('Nuevo certificado: rol C-5101-2026');
    expect(cert!.parsed.text).toContain('Hay un nuevo certificado del rol C-5101-2026');
    expect(cert!.parsed.text).toContain('Notificación personal embebida');
    expect(cert!.parsed.messageId).toMatch(new RegExp(`^<portal-aviso-${t.mainTenantId}-\\d+@receptoria>$`));
    const [plazo] = await mailsTo('ana@solicitudes-uno.cl', /^Nuevo plazo/);
    expect(plazo!.parsed.subject).toBe('Nuevo plazo: rol C-5101-2026');
    expect(plazo!.parsed.text).toContain('Vence excepciones: 12-03-2026');
    const [plazoA2] = await mailsTo('beto@solicitudes-dos.cl', /^Nuevo plazo/);
    expect(plazoA2!.parsed.subject).toBe('Nuevo plazo: rol C-5202-SECRETO');
    const [certB] = await mailsTo('carla@solicitudes-otra.cl', /^Nuevo certificado/);
    expect(certB!.parsed.subject).toBe('Nuevo certificado: rol C-5303-AJENO');
    expect(certB!.parsed.messageId).toMatch(new RegExp(`^<portal-aviso-${tenantB}-\\d+@receptoria>$`));
    await portalJobsDone();

    // A second pass, and one for receiver A alone, send nothing again.
    await t.app.jobs!.send(QUEUES.portalAvisos, {});
    await t.app.jobs!.send(QUEUES.portalAvisos, { tenantId: t.mainTenantId });
    await portalJobsDone();
    const news = smtp.received.slice(before).map((m) => [m.envelopeTo.join(','), m.parsed.subject]);
    expect(news.sort()).toEqual(
      [
        ['ana@solicitudes-uno.cl', 'Nuevo certificado: rol C-5101-2026'],
        ['ana@solicitudes-uno.cl', 'Nuevo plazo: rol C-5101-2026'],
        ['beto@solicitudes-dos.cl', 'Nuevo plazo: rol C-5202-SECRETO'],
        ['carla@solicitudes-otra.cl', 'Nuevo certificado: rol C-5303-AJENO'],
      ].sort(),
    );
    // The outbox holds them as sent, nothing pending, and no certificate row for the firm that said no.
    const outbox = (await dbA.execute(sql`select destinatario, asunto, estado from portal_avisos where clave not like 'solicitud:%' order by destinatario, asunto`)) as unknown as {
      rows: Array<{ destinatario: string; asunto: string; estado: string }>;
    };
    expect(outbox.rows).toEqual([
      { destinatario: 'ana@solicitudes-uno.cl', asunto: 'Nuevo certificado: rol C-5101-2026', estado: 'enviado' },
      { destinatario: 'ana@solicitudes-uno.cl', asunto: 'Nuevo plazo: rol C-5101-2026', estado: 'enviado' },
      { destinatario: 'beto@solicitudes-dos.cl', asunto: 'Nuevo plazo: rol C-5202-SECRETO', estado: 'enviado' },
    ]);

    // The mailed certificate is the one the firm downloads from its timeline.
    const detail = (await get(sessions.a1.access, `/api/v1/portal/encargos/${encargos.a1}/`)).json() as { eventos: Array<{ tipo: string; url?: string | null }> };
    const evento = detail.eventos.find((e) => e.tipo === 'certificado');
    const download = await get(sessions.a1.access, evento!.url!);
    expect(download.statusCode).toBe(200);
    expect(await pdfText(download.rawPayload)).toContain('CERTIFICADO EMBEBIDO C-5101-2026');
    expect((await get(sessions.a2.access, evento!.url!)).statusCode).toBe(404);
  });
});
