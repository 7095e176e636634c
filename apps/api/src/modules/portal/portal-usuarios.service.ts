import { randomBytes, randomUUID } from 'node:crypto';
import {
  type CorreoResultado,
  PORTAL_INVITACION_HORAS,
  PORTAL_PREFERENCIAS_DEFAULT,
  type PortalActivarResponse,
  type PortalInvitacionValue,
  type PortalLoginResponse,
  type PortalPreferencias,
  type PortalPreferenciasInput,
  type PortalSessionUser,
  type PortalUsuario,
  portalMessages as m,
} from '@receptoria/contracts';
import { type ControlDb, controlSchema, type TenantDb, tenantSchema } from '@receptoria/db';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { MailTransport } from '../../integrations/mail/mail-transport';
import { AppError } from '../../lib/app-error';
import type { AuditActor } from '../auditoria/audit-actor';
import { enviarCorreo } from '../correo-saliente/correo-saliente.service';
import { recordControlAudit } from '../auditoria/auditoria.service';
import { hashToken, issueRefreshToken, type SessionSubject, type TokenIssuer } from '../auth/auth.service';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/passwords';
import { assertPortalCanSignIn } from './portal-auth.plugin';
import { findPortalUsuario } from './portal-sesion.repository';

const { portalUsuarios, refreshTokens, tenants } = controlSchema;
type PortalUsuarioRow = typeof portalUsuarios.$inferSelect;
type TenantRow = typeof tenants.$inferSelect;

/** How many accounts one e-mail may have across receivers that a sign-in tries (each one argon2 check). */
const MAX_CUENTAS_POR_EMAIL = 5;
const HORA = 3_600_000;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function portalUsuarioOf(row: PortalUsuarioRow): PortalUsuario {
  const estado = !row.isActive ? 'desactivado' : row.passwordHash ? 'activo' : 'invitado';
  return {
    id: row.id,
    nombre: row.nombre,
    email: row.email,
    estudio_id: row.estudioId,
    estado,
    activo: row.isActive,
    invitado_en: row.invitadoEn.toISOString(),
    invitacion_vence: row.invitacionHash ? iso(row.invitacionVence) : null,
    activado_en: iso(row.activadoEn),
    ultimo_acceso: iso(row.ultimoAcceso),
    administra_api: row.administraApi,
  };
}

export function preferenciasOf(row: Pick<PortalUsuarioRow, 'preferencias'>): PortalPreferencias {
  const stored = (row.preferencias ?? {}) as Partial<PortalPreferencias>;
  return {
    mail_solicitudes: stored.mail_solicitudes ?? PORTAL_PREFERENCIAS_DEFAULT.mail_solicitudes,
    mail_certificados: stored.mail_certificados ?? PORTAL_PREFERENCIAS_DEFAULT.mail_certificados,
    mail_plazos: stored.mail_plazos ?? PORTAL_PREFERENCIAS_DEFAULT.mail_plazos,
  };
}

/** The firm of this receiver, or 404 (another receiver's firm id is unknown here). */
export async function requireEstudio(db: TenantDb, estudioId: number) {
  const [row] = await db
    .select({ id: tenantSchema.estudios.id, nombre: tenantSchema.estudios.nombre })
    .from(tenantSchema.estudios)
    .where(eq(tenantSchema.estudios.id, estudioId));
  if (!row) throw new AppError('NOT_FOUND', 'Estudio jurídico no encontrado');
  return row;
}

export async function listPortalUsuarios(db: ControlDb, tenantId: number, estudioId: number): Promise<PortalUsuario[]> {
  const rows = await db
    .select()
    .from(portalUsuarios)
    .where(and(eq(portalUsuarios.tenantId, tenantId), eq(portalUsuarios.estudioId, estudioId)))
    .orderBy(asc(portalUsuarios.nombre), asc(portalUsuarios.id));
  return rows.map(portalUsuarioOf);
}

export interface InvitationMail {
  mail: MailTransport;
  /** The receiver's database: the mail is written to its outbox (Correo saliente). */
  tenantDb: TenantDb;
  /** The web app's origin the link opens (scheme and host). */
  origin: string;
  receptor: string;
  estudio: string;
}

/** The invitation mail, in the product's voice (usted). */
export function invitacionTexto(nombre: string, receptor: string, estudio: string, link: string) {
  return {
    subject: `Invitación al portal de ${receptor}`,
    text: [
      `Hola ${nombre}:`,
      '',
      `${receptor} le invita a seguir los encargos de ${estudio} en su portal.`,
      `Para elegir su contraseña abra este enlace (válido por ${PORTAL_INVITACION_HORAS} horas y una sola vez):`,
      link,
      '',
      receptor,
    ].join('\n'),
  };
}

/**
 * Invites a person of a firm: a new user, or a new link for one that has not activated yet. Only the
 * token's SHA-256 is kept on the user; the mail goes through the receiver's outbox, so with no mail
 * transport it waits in Correo saliente, and the answer gives the link to the staff who invited
 * unless the mail went out. The link works once within 48 hours.
 */
export async function invitePortalUsuario(
  db: ControlDb,
  tenantId: number,
  estudioId: number,
  input: PortalInvitacionValue,
  actor: AuditActor,
  mail: InvitationMail,
  now = new Date(),
): Promise<{ usuario: PortalUsuario; correo: CorreoResultado }> {
  const token = randomBytes(32).toString('base64url');
  const vence = new Date(now.getTime() + PORTAL_INVITACION_HORAS * HORA);
  const row = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(portalUsuarios)
      .where(and(eq(portalUsuarios.tenantId, tenantId), sql`lower(${portalUsuarios.email}) = ${input.email}`))
      .for('update');
    if (existing && (existing.estudioId !== estudioId || existing.passwordHash)) throw new AppError('BAD_REQUEST', m.emailYaInvitado);
    const values = { nombre: input.nombre, invitacionHash: hashToken(token), invitacionVence: vence, invitadoEn: now, isActive: true };
    const [saved] = existing
      ? await tx.update(portalUsuarios).set(values).where(eq(portalUsuarios.id, existing.id)).returning()
      : await tx
          .insert(portalUsuarios)
          .values({ ...values, tenantId, estudioId, email: input.email, creadoPor: actor.username })
          .returning();
    await recordControlAudit(tx, tenantId, actor, {
      entidad: 'usuario_portal',
      entidadId: saved!.id,
      accion: existing ? 'reinvitar' : 'crear',
      cambios: { email: { antes: null, despues: input.email }, estudio_id: { antes: null, despues: estudioId } },
    });
    return saved!;
  });
  const link = `${mail.origin}/portal/activar/${token}`;
  const sent = await enviarCorreo(
    mail.mail,
    mail.tenantDb,
    { tipo: 'invitacion_portal', to: row.email, ...invitacionTexto(row.nombre, mail.receptor, mail.estudio, link) },
    { throwOnFailure: false },
  );
  return {
    usuario: portalUsuarioOf(row),
    correo: { estado: sent.estado, enlace_activacion: sent.estado === 'enviado' ? null : link },
  };
}

export async function setPortalUsuarioActivo(
  db: ControlDb,
  tenantId: number,
  estudioId: number,
  id: number,
  activo: boolean,
  actor: AuditActor,
  onFamilyRevoked: (family: string) => void,
): Promise<PortalUsuario> {
  const { row, families } = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(portalUsuarios)
      .where(and(eq(portalUsuarios.id, id), eq(portalUsuarios.tenantId, tenantId), eq(portalUsuarios.estudioId, estudioId)))
      .for('update');
    if (!current) throw new AppError('NOT_FOUND', 'Usuario del portal no encontrado');
    const [saved] = await tx.update(portalUsuarios).set({ isActive: activo }).where(eq(portalUsuarios.id, id)).returning();
    let revoked: string[] = [];
    if (!activo) {
      const rows = await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.portalUsuarioId, id), isNull(refreshTokens.revokedAt)))
        .returning({ family: refreshTokens.family });
      revoked = [...new Set(rows.map((r) => r.family))];
    }
    await recordControlAudit(tx, tenantId, actor, {
      entidad: 'usuario_portal',
      entidadId: id,
      accion: 'modificar',
      cambios: current.isActive === activo ? {} : { activo: { antes: current.isActive, despues: activo } },
    });
    return { row: saved!, families: revoked };
  });
  for (const family of families) onFamilyRevoked(family);
  return portalUsuarioOf(row);
}

/** Sets the password through the invitation link: once, within its 48 hours. */
export async function activatePortalUsuario(db: ControlDb, token: string, password: string, now = new Date()): Promise<PortalActivarResponse> {
  const passwordHash = await hashPassword(password);
  const email = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(portalUsuarios).where(eq(portalUsuarios.invitacionHash, hashToken(token))).for('update');
    if (!row || !row.invitacionVence || row.invitacionVence.getTime() <= now.getTime() || !row.isActive) {
      throw new AppError('BAD_REQUEST', m.tokenInvalido);
    }
    await tx
      .update(portalUsuarios)
      .set({ passwordHash, invitacionHash: null, invitacionVence: null, activadoEn: now })
      .where(eq(portalUsuarios.id, row.id));
    await recordControlAudit(tx, row.tenantId, { userId: null, username: `portal:${row.email}`, ip: '', userAgent: '' }, {
      entidad: 'usuario_portal',
      entidadId: row.id,
      accion: 'activar',
      cambios: { activado: { antes: false, despues: true } },
    });
    return row.email;
  });
  return { success: true, detail: m.activada, email };
}

export type WithTenantDb = <T>(tenant: TenantRow, work: (db: TenantDb) => Promise<T>) => Promise<T>;

async function sessionUserOf(withTenantDb: WithTenantDb, usuario: PortalUsuarioRow, tenant: TenantRow): Promise<PortalSessionUser> {
  const [estudio] = await withTenantDb(tenant, (db) => db
    .select({ nombre: tenantSchema.estudios.nombre })
    .from(tenantSchema.estudios)
    .where(eq(tenantSchema.estudios.id, usuario.estudioId)));
  return {
    id: usuario.id,
    kind: 'portal',
    nombre: usuario.nombre,
    email: usuario.email,
    estudio: { id: usuario.estudioId, nombre: estudio?.nombre ?? '' },
    receptor: { id: tenant.id, nombre: tenant.nombre },
  };
}

function portalAccess(issuer: TokenIssuer, usuario: PortalUsuarioRow, family: string): string {
  return issuer.signAccess({
    sub: String(usuario.id),
    tid: usuario.tenantId,
    username: usuario.email,
    sid: family,
    kind: 'portal',
    est: usuario.estudioId,
  } as Parameters<TokenIssuer['signAccess']>[0]);
}

/** Sign-in with e-mail and password; an e-mail invited by several receivers opens the account whose password matches. */
export async function portalLogin(
  db: ControlDb,
  issuer: TokenIssuer,
  email: string,
  password: string,
  withTenantDb: WithTenantDb,
): Promise<PortalLoginResponse> {
  const candidates = await db
    .select({ usuario: portalUsuarios, tenant: tenants })
    .from(portalUsuarios)
    .innerJoin(tenants, eq(tenants.id, portalUsuarios.tenantId))
    .where(sql`lower(${portalUsuarios.email}) = ${email} and ${portalUsuarios.passwordHash} is not null`)
    .orderBy(asc(portalUsuarios.id))
    .limit(MAX_CUENTAS_POR_EMAIL);
  let found: (typeof candidates)[number] | undefined;
  for (const candidate of candidates) {
    if (await verifyPassword(candidate.usuario.passwordHash!, password)) {
      found = candidate;
      break;
    }
  }
  if (!found) {
    if (candidates.length === 0) await burnPasswordCheck(password);
    throw new AppError('UNAUTHORIZED', m.credencialesInvalidas);
  }
  assertPortalCanSignIn(found.usuario, found.tenant);
  const family = randomUUID();
  const refresh = await issueRefreshToken(db, issuer, { portalUsuarioId: found.usuario.id }, family);
  await db.update(portalUsuarios).set({ ultimoAcceso: new Date() }).where(eq(portalUsuarios.id, found.usuario.id));
  return {
    access: portalAccess(issuer, found.usuario, family),
    refresh,
    user: await sessionUserOf(withTenantDb, found.usuario, found.tenant),
  };
}

/** Refresh rotation of portal sessions (the staff's rotateSession with the portal user as owner). */
export function portalSubject(issuer: TokenIssuer): SessionSubject<{ usuario: PortalUsuarioRow; tenant: TenantRow }> {
  return {
    ownerOf: (stored) => (stored.portalUsuarioId === null ? null : { portalUsuarioId: stored.portalUsuarioId }),
    load: (db, owner) => ('portalUsuarioId' in owner ? findPortalUsuario(db, owner.portalUsuarioId) : Promise.resolve(undefined)),
    check: (found) => assertPortalCanSignIn(found.usuario, found.tenant),
    access: (found, family) => portalAccess(issuer, found.usuario, family),
  };
}

export async function getPortalPerfil(db: ControlDb, id: number, tenantDb: TenantDb): Promise<PortalSessionUser> {
  const found = await findPortalUsuario(db, id);
  if (!found) throw new AppError('UNAUTHORIZED', m.usuarioInactivo);
  return sessionUserOf((_tenant, work) => work(tenantDb), found.usuario, found.tenant);
}

export async function getPreferencias(db: ControlDb, id: number): Promise<PortalPreferencias> {
  const [row] = await db.select({ preferencias: portalUsuarios.preferencias }).from(portalUsuarios).where(eq(portalUsuarios.id, id));
  return preferenciasOf(row ?? { preferencias: {} });
}

export async function savePreferencias(db: ControlDb, tenantId: number, id: number, input: PortalPreferenciasInput, actor: AuditActor): Promise<PortalPreferencias> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(portalUsuarios).where(eq(portalUsuarios.id, id)).for('update');
    if (!row) throw new AppError('UNAUTHORIZED', m.usuarioInactivo);
    const antes = preferenciasOf(row);
    const despues = { ...antes, ...input };
    await tx.update(portalUsuarios).set({ preferencias: despues }).where(eq(portalUsuarios.id, id));
    const cambios = Object.fromEntries(
      (Object.keys(despues) as (keyof PortalPreferencias)[]).filter((k) => antes[k] !== despues[k]).map((k) => [k, { antes: antes[k], despues: despues[k] }]),
    );
    await recordControlAudit(tx, tenantId, actor, { entidad: 'usuario_portal', entidadId: id, accion: 'modificar', cambios });
    return despues;
  });
}
