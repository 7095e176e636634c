import { authMessages, clavesApiMessages, commonMessages, portalMessages as m } from '@receptoria/contracts';
import { controlSchema } from '@receptoria/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error';
import { TtlCache } from '../../lib/ttl-cache';
import type { AuditActor } from '../auditoria/audit-actor';
import { authenticateClave, bearerClave, claveEnVigor } from './claves-api.auth';

type TenantRow = typeof controlSchema.tenants.$inferSelect;
type PortalUsuarioRow = typeof controlSchema.portalUsuarios.$inferSelect;

export const PORTAL_API_PREFIX = '/api/v1/portal/';

export interface PortalSession {
  usuarioId: number;
  tenantId: number;
  estudioId: number;
  nombre: string;
  email: string;
  sessionId: string;
  /** Set when a firm's system calls with an API key (usuarioId is then 0: no portal user). */
  claveApi?: { id: number; prefijo: string };
  /** May manage the firm's API keys (never through a key). */
  administraApi: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The portal's session check: a valid access token of kind 'portal' (staff tokens → 403). */
    authenticatePortal: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    portal: PortalSession;
  }
}

/** The actor of a portal user's change in the audit trail. */
export function portalActorOf(request: FastifyRequest): AuditActor {
  const agent = request.headers['user-agent'];
  return {
    userId: null,
    username: (request.portal.claveApi ? `api:${request.portal.claveApi.prefijo}` : `portal:${request.portal.email}`).slice(0, 150),
    ip: (request.ip ?? '').slice(0, 64),
    userAgent: (Array.isArray(agent) ? agent.join(' ') : (agent ?? '')).slice(0, 500),
  };
}

/**
 * The claims' kind of a bearer token, read without checking it (only to tell portal tokens apart); a
 * token's text always says the same, so each is decoded once (every staff request asks).
 */
function peekKind(header: string | undefined): string | undefined {
  if (!header?.startsWith('Bearer ')) return undefined;
  const known = kindOfToken.get(header);
  if (known !== undefined) return known || undefined;
  const kind = decodeKind(header);
  // Our tokens are well under 2 KB: longer texts are decoded each time, never kept. '' keeps "no kind".
  if (header.length <= 2048) kindOfToken.set(header, kind ?? '');
  return kind;
}

/** A token's kind by its text, kept 15 minutes (a token's text never changes its kind). */
const kindOfToken = new TtlCache<string, string>({ max: 5_000, ttlMs: 15 * 60_000 });

function decodeKind(header: string): string | undefined {
  const middle = header.slice(7).split('.')[1];
  if (!middle || middle.length > 4096) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(middle, 'base64url').toString('utf8')) as { kind?: unknown };
    return typeof claims?.kind === 'string' ? claims.kind : undefined;
  } catch {
    return undefined;
  }
}

/** Throws when the portal user may not sign in (not activated, turned off, receiver off). */
export function assertPortalCanSignIn(usuario: PortalUsuarioRow, tenant: TenantRow) {
  if (!usuario.isActive || !usuario.passwordHash) throw new AppError('UNAUTHORIZED', m.usuarioInactivo);
  if (!tenant.activo) throw new AppError('UNAUTHORIZED', authMessages.inactiveTenant);
}

/**
 * Portal sessions (issue 27). Tokens are the staff's (same signing, expiry, refresh families and
 * revocation) with kind 'portal' and the firm: they open /api/v1/portal/* and nothing else (403), and a
 * staff token there gets 403 too. The receiver's database is leased per request as for staff.
 */
export const portalAuthPlugin = fp(
  async (app) => {
    app.decorateRequest('portal', undefined as unknown as PortalSession);

    // A portal token anywhere outside the portal API (the staff's /auth/* included): 403 once it is genuine.
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith(PORTAL_API_PREFIX)) return;
      const clave = bearerClave(request.headers.authorization);
      if (clave !== undefined) {
        if (await claveEnVigor(app, clave)) throw new AppError('FORBIDDEN', clavesApiMessages.soloPortalConClave);
        return;
      }
      if (peekKind(request.headers.authorization) === undefined) return;
      try {
        await app.verifyAccessToken(request);
      } catch {
        return; // Not a genuine token: the route answers it as it answers any bad token.
      }
      throw new AppError('FORBIDDEN', m.soloPortal);
    });

    app.decorate('authenticatePortal', async (request: FastifyRequest) => {
      const clave = bearerClave(request.headers.authorization);
      if (clave !== undefined) return authenticateClave(app, request, clave);
      const payload = await app.verifyAccessToken(request);
      if (payload.kind !== 'portal' || typeof payload.est !== 'number') throw new AppError('FORBIDDEN', m.soloOficina);
      const id = Number(payload.sub);
      const [found, sessionActive] = await Promise.all([app.sessionCache.portalAccount(id), app.sessionCache.familyActive(payload.sid)]);
      if (!found || found.tenant.id !== payload.tid || found.usuario.estudioId !== payload.est || !sessionActive) {
        throw new AppError('UNAUTHORIZED', commonMessages.unauthorized);
      }
      assertPortalCanSignIn(found.usuario, found.tenant);
      request.portal = {
        usuarioId: id,
        tenantId: found.tenant.id,
        estudioId: found.usuario.estudioId,
        nombre: found.usuario.nombre,
        email: found.usuario.email,
        sessionId: payload.sid,
        administraApi: found.usuario.administraApi,
      };
      request.tenant = found.tenant;
      // Maintenance, a move and an unreadable server answer 503 here as on the office's routes.
      await app.leaseTenantDb(request, found.tenant);
    });
  },
  { name: 'portal-auth', dependencies: ['auth'] },
);
