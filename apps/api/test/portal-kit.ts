import type { TenantDb } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { expect } from 'vitest';
import { createPdf } from '../src/documents/pdf';
import { registerEstudio } from '../src/modules/encargos/encargos.fixtures';
import { seedEncargo } from '../src/modules/rutas/rutas.fixtures';
import { ADMIN_PASSWORD, type TestContext } from './helper';
import type { ReceivedMail, TestSmtpServer } from './smtp';

/**
 * What the portal's tests share, on PostgreSQL and on the embedded database: PDFs to send and to read
 * back, a multipart body as the portal's request form sends it, the mails of one address, and a firm's
 * user onboarded the way a firm is (invitation mailed, link activated, sign-in).
 */

export const PORTAL_PASSWORD = 'portal-clave-2026';

/** A one-page PDF holding `text`. */
export async function pdf(text: string): Promise<Buffer> {
  const { doc, done } = createPdf(text, 'Estudio');
  doc.text(text);
  doc.end();
  return done;
}

export async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** A multipart/form-data body: text fields, then files (PDF unless `type` says otherwise). */
export function multipart(fields: Record<string, string>, files: Record<string, { name: string; bytes: Buffer; type?: string }>) {
  const boundary = `----portal${Date.now().toString(16)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(files)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Mails to one address whose subject matches, waiting until `count` of them have arrived. */
export async function mailsTo(smtp: TestSmtpServer, email: string, subject: RegExp, count = 1, timeoutMs = 30_000): Promise<ReceivedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = smtp.received.filter((mail) => mail.envelopeTo.includes(email) && subject.test(mail.parsed.subject ?? ''));
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${email} matching ${subject}: ${smtp.received.map((m) => m.parsed.subject).join(' | ')}`);
    await smtp.waitFor(smtp.received.length + 1, Math.max(1, deadline - Date.now())).catch(() => undefined);
  }
}

/** Invites `email` to the firm, reads the link from the mail, activates it with PORTAL_PASSWORD and signs in. */
export async function onboardPortalUser(
  t: TestContext,
  smtp: TestSmtpServer,
  staffToken: string,
  estudioId: number,
  email: string,
  nombre = 'Abogada Portal',
): Promise<{ usuarioId: number; access: string; refresh: string }> {
  const invited = await t.request(staffToken, { method: 'POST', url: `/api/v1/estudios/${estudioId}/usuarios_portal/`, payload: { nombre, email } });
  expect(invited.statusCode, invited.body).toBe(201);
  const [mail] = await mailsTo(smtp, email, /Invitación al portal/);
  const link = /\/portal\/activar\/([A-Za-z0-9_-]{20,})/.exec(mail!.parsed.text ?? '');
  expect(link, mail!.parsed.text).not.toBeNull();
  const activated = await t.request(undefined, { method: 'POST', url: '/api/v1/portal/auth/activar/', payload: { token: link![1], password: PORTAL_PASSWORD } });
  expect(activated.statusCode, activated.body).toBe(200);
  const login = await t.request(undefined, { method: 'POST', url: '/api/v1/portal/auth/login/', payload: { email, password: PORTAL_PASSWORD } });
  expect(login.statusCode, login.body).toBe(200);
  const body = login.json() as { access: string; refresh: string; user: { kind: string; estudio: { id: number } } };
  expect(body.user).toMatchObject({ kind: 'portal', estudio: { id: estudioId } });
  return { usuarioId: (invited.json() as { usuario: { id: number } }).usuario.id, access: body.access, refresh: body.refresh };
}

/**
 * The firm-isolation world of the portal's tests: the main receiver (signed in as admin) with two firms and
 * their assignments, and a second receiver with its own staff user, firm and assignment, whose assignment
 * ids start at 500000 so a leak could not pass as a coincidence.
 */
export async function seedTwoReceivers(
  t: TestContext,
  o: { estudiosA: [string, string]; receptorB: string; staffB: string; estudioB: string; rolesA1: string[]; rolA2: string; rolB: string },
) {
  const staff = await t.login('admin', ADMIN_PASSWORD);
  const estudioA1 = await registerEstudio(t, staff, { nombre: o.estudiosA[0] });
  const estudioA2 = await registerEstudio(t, staff, { nombre: o.estudiosA[1] });
  const tenantB = (await t.createTenant({ nombre: o.receptorB })).id;
  await t.createUser({ tenantId: tenantB, username: o.staffB });
  const staffB = await t.login(o.staffB);
  const estudioB = await registerEstudio(t, staffB, { nombre: o.estudioB });
  const dbA: TenantDb = await t.tenantDbOf(t.mainTenantId);
  const dbB: TenantDb = await t.tenantDbOf(tenantB);
  const encargos = { a1: [] as number[], a2: [] as number[], b: [] as number[] };
  for (const rol of o.rolesA1) encargos.a1.push((await seedEncargo(dbA, { estudioId: estudioA1.id, numeroRol: rol })).encargo.id);
  encargos.a2.push((await seedEncargo(dbA, { estudioId: estudioA2.id, numeroRol: o.rolA2 })).encargo.id);
  await dbB.execute(sql`select setval('encargos_id_seq', 500000)`);
  encargos.b.push((await seedEncargo(dbB, { estudioId: estudioB.id, numeroRol: o.rolB })).encargo.id);
  return { staff, staffB, tenantB, estudioA1, estudioA2, estudioB, dbB, encargos };
}
