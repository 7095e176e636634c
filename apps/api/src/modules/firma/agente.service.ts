import { randomBytes } from 'node:crypto';
import {
  AGENTE_CODIGO_MINUTOS,
  type AgenteCodigo,
  type AgenteEmparejarValue,
  type AgenteEstado,
  authMessages,
  commonMessages,
  firmaTokenMessages as m,
  toSantiagoIso,
} from '@receptoria/contracts';
import { type ControlDb, controlSchema } from '@receptoria/db';
import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { AuditActor } from '../auditoria/audit-actor';
import { recordControlAudit } from '../auditoria/auditoria.service';
import { hashToken } from '../auth/auth.service';

const { firmaAgenteCodigos, firmaAgentes, tenants } = controlSchema;

/** 32 symbols without 0/O and 1/I, so a code read aloud or typed is not mistaken. */
const ALFABETO = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** The prefix of an agent's token in `Authorization: Bearer fa_…`. */
export const PREFIJO_TOKEN_AGENTE = 'fa_';

function codigoNuevo(): string {
  return [...randomBytes(8)].map((b) => ALFABETO[b & 31]).join('');
}

/** POST /firma/agente/codigo/: a pairing code for the user, single use, AGENTE_CODIGO_MINUTOS long. */
export async function crearCodigo(db: ControlDb, tenantId: number, usuarioId: number, now = new Date()): Promise<AgenteCodigo> {
  await db.delete(firmaAgenteCodigos).where(lt(firmaAgenteCodigos.venceEn, now));
  // One code at a time per user: a new one replaces the previous.
  await db.delete(firmaAgenteCodigos).where(and(eq(firmaAgenteCodigos.tenantId, tenantId), eq(firmaAgenteCodigos.usuarioId, usuarioId)));
  const codigo = codigoNuevo();
  const vence = new Date(now.getTime() + AGENTE_CODIGO_MINUTOS * 60_000);
  await db.insert(firmaAgenteCodigos).values({ codigoHash: hashToken(codigo), tenantId, usuarioId, venceEn: vence });
  return { codigo: `${codigo.slice(0, 4)}-${codigo.slice(4)}`, vence: toSantiagoIso(vence) };
}

/** POST /firma/agente/emparejar/: the code (used once) exchanged for the agent's token, bound to its user. */
export async function emparejar(app: FastifyInstance, input: AgenteEmparejarValue, actor: AuditActor, now = new Date()) {
  const [codigo] = await app.controlDb
    .delete(firmaAgenteCodigos)
    .where(and(eq(firmaAgenteCodigos.codigoHash, hashToken(input.codigo)), gt(firmaAgenteCodigos.venceEn, now)))
    .returning();
  if (!codigo) throw new AppError('BAD_REQUEST', m.codigoInvalido, { errors: { codigo: [m.codigoInvalido] } });
  const cuenta = await app.sessionCache.account(codigo.usuarioId);
  if (!cuenta || cuenta.tenant.id !== codigo.tenantId || !cuenta.user.isActive || !cuenta.tenant.activo) throw new AppError('BAD_REQUEST', m.codigoInvalido);
  const token = `${PREFIJO_TOKEN_AGENTE}${randomBytes(32).toString('base64url')}`;
  const [agente] = await app.controlDb
    .insert(firmaAgentes)
    .values({ tenantId: codigo.tenantId, usuarioId: codigo.usuarioId, tokenHash: hashToken(token), equipo: input.equipo })
    .returning({ id: firmaAgentes.id });
  await recordControlAudit(app.controlDb, codigo.tenantId, { ...actor, userId: codigo.usuarioId, username: cuenta.user.username }, {
    entidad: 'usuario',
    entidadId: codigo.usuarioId,
    accion: 'firmador_emparejado',
    cambios: { firmador: { antes: null, despues: { id: agente?.id, equipo: input.equipo } } },
  });
  const [tenant] = await app.controlDb.select({ nombre: tenants.nombre }).from(tenants).where(eq(tenants.id, codigo.tenantId));
  return { token, usuario: cuenta.user.username, receptor: tenant?.nombre ?? '' };
}

export async function estadoAgentes(db: ControlDb, tenantId: number, usuarioId: number): Promise<AgenteEstado> {
  const rows = await db
    .select()
    .from(firmaAgentes)
    .where(and(eq(firmaAgentes.tenantId, tenantId), eq(firmaAgentes.usuarioId, usuarioId), isNull(firmaAgentes.revocadoEn)))
    .orderBy(asc(firmaAgentes.id));
  return {
    agentes: rows.map((r) => ({ id: r.id, equipo: r.equipo, emparejado: toSantiagoIso(r.creadoEn), visto: r.vistoEn ? toSantiagoIso(r.vistoEn) : null })),
  };
}

/** DELETE /firma/agente/: every agent of the user unpaired (their tokens stop working at once). */
export async function desemparejar(db: ControlDb, tenantId: number, usuarioId: number, actor: AuditActor, now = new Date()): Promise<AgenteEstado> {
  const rows = await db
    .update(firmaAgentes)
    .set({ revocadoEn: now })
    .where(and(eq(firmaAgentes.tenantId, tenantId), eq(firmaAgentes.usuarioId, usuarioId), isNull(firmaAgentes.revocadoEn)))
    .returning({ id: firmaAgentes.id });
  if (rows.length === 0) throw new AppError('NOT_FOUND', m.agenteNoEmparejado);
  await recordControlAudit(db, tenantId, actor, {
    entidad: 'usuario',
    entidadId: usuarioId,
    accion: 'firmador_desemparejado',
    cambios: { firmador: { antes: rows.map((r) => r.id), despues: null } },
  });
  return estadoAgentes(db, tenantId, usuarioId);
}

/**
 * The routes the agent may call open with its token (`Bearer fa_…`) as its user would with a session:
 * the account and the receiver must be active; an unknown or unpaired token → 401.
 */
export async function autenticarAgente(app: FastifyInstance, request: FastifyRequest, token: string): Promise<void> {
  const [agente] = await app.controlDb
    .select()
    .from(firmaAgentes)
    .where(and(eq(firmaAgentes.tokenHash, hashToken(token)), isNull(firmaAgentes.revocadoEn)));
  if (!agente) throw new AppError('UNAUTHORIZED', commonMessages.unauthorized);
  const found = await app.sessionCache.account(agente.usuarioId);
  if (!found || found.tenant.id !== agente.tenantId) throw new AppError('UNAUTHORIZED', commonMessages.unauthorized);
  if (!found.user.isActive) throw new AppError('UNAUTHORIZED', authMessages.inactiveUser);
  if (!found.tenant.activo) throw new AppError('UNAUTHORIZED', authMessages.inactiveTenant);
  request.auth = { userId: agente.usuarioId, tenantId: found.tenant.id, username: found.user.username, sessionId: `firmador:${agente.id}` };
  request.account = found.user;
  request.tenant = found.tenant;
  request.permissionCodes = found.codes;
  await app.leaseTenantDb(request, found.tenant);
  void app.controlDb
    .update(firmaAgentes)
    .set({ vistoEn: new Date() })
    .where(eq(firmaAgentes.id, agente.id))
    .catch((error: unknown) => request.log.warn({ event: 'firmador_visto', err: (error as Error).message }, 'could not record an agent contact'));
}
