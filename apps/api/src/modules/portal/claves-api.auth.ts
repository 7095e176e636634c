import { type ClaveApiAlcance, clavesApiMessages as m, commonMessages } from '@receptoria/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { hashToken } from '../auth/auth.service';
import { limiteApiDe } from './claves-api.configuracion';
import { claveVigente, looksLikeClave, touchClaveApi } from './claves-api.service';

/**
 * The portal routes an API key may open, by method and route, with the scope each needs. A portal
 * route missing here (profile, preferences, sign-out) is closed to every key (403).
 */
const ALCANCE_POR_RUTA: Record<string, ClaveApiAlcance> = {
  'GET /api/v1/portal/encargos/': 'encargos:leer',
  'GET /api/v1/portal/encargos/:id/': 'encargos:leer',
  'GET /api/v1/portal/encargos/:id/certificados/:doc/pdf/': 'documentos:leer',
  'GET /api/v1/portal/documentos/': 'documentos:leer',
  'GET /api/v1/portal/catalogos/': 'encargos:crear',
  'GET /api/v1/portal/solicitudes/': 'encargos:crear',
  'POST /api/v1/portal/solicitudes/': 'encargos:crear',
  'GET /api/v1/portal/recibos/': 'cuenta:leer',
  'GET /api/v1/portal/recibos/:id/pdf/': 'cuenta:leer',
  'GET /api/v1/portal/estado_cuenta/': 'cuenta:leer',
  'GET /api/v1/portal/webhooks/': 'webhooks:administrar',
  'POST /api/v1/portal/webhooks/': 'webhooks:administrar',
  'PATCH /api/v1/portal/webhooks/:endpoint_id/': 'webhooks:administrar',
  'DELETE /api/v1/portal/webhooks/:endpoint_id/': 'webhooks:administrar',
  'POST /api/v1/portal/webhooks/:endpoint_id/rotar_secreto/': 'webhooks:administrar',
  'POST /api/v1/portal/webhooks/:endpoint_id/probar/': 'webhooks:administrar',
  'GET /api/v1/portal/webhooks/:endpoint_id/entregas/': 'webhooks:administrar',
  'POST /api/v1/portal/webhooks/:endpoint_id/entregas/:entrega_id/reenviar/': 'webhooks:administrar',
};

/** Every route a key may open ('METHOD /url' as Fastify registers it) with the scope it needs. */
export function rutasClaveApi(): Array<{ method: string; url: string; alcance: ClaveApiAlcance }> {
  return Object.entries(ALCANCE_POR_RUTA).map(([key, alcance]) => {
    const [method, url] = key.split(' ') as [string, string];
    return { method, url, alcance };
  });
}

/** The scope a route needs from a key, undefined when no key may open it. */
export function alcanceDeRuta(method: string, url: string | undefined): ClaveApiAlcance | undefined {
  return url ? ALCANCE_POR_RUTA[`${method} ${url}`] : undefined;
}

/** The key in `Authorization: Bearer rk_…`, undefined for any other header. */
export function bearerClave(header: string | undefined): string | undefined {
  if (!header?.startsWith('Bearer rk_')) return undefined;
  return header.slice(7);
}

/** A key genuine and in force, with its receiver active; undefined otherwise. */
export async function claveEnVigor(app: FastifyInstance, secreto: string) {
  if (!looksLikeClave(secreto)) return undefined;
  const found = await app.sessionCache.claveApi(hashToken(secreto));
  if (!found || !claveVigente(found.clave) || !found.tenant.activo) return undefined;
  return found;
}

/** The window a key's limit is counted over: any 60 seconds (a sliding minute). */
export const CLAVE_API_VENTANA_MS = 60_000;

/**
 * Takes the key's request from its sliding minute, shared by every instance (the control database, or
 * Redis when set): past the firm's `limite_api_por_minuto`, 429 with Retry-After (seconds until one more fits).
 */
async function withinLimit(app: FastifyInstance, claveId: number, limite: number): Promise<void> {
  let counted: Awaited<ReturnType<typeof app.rateLimitHits.slide>>;
  try {
    counted = await app.rateLimitHits.slide(`clave_api:${claveId}`, CLAVE_API_VENTANA_MS, limite);
  } catch {
    throw new AppError('UNAVAILABLE', commonMessages.unavailable, { retryAfterSeconds: 5 });
  }
  if (!counted.allowed) {
    const seconds = Math.max(1, Math.ceil(counted.retryAfterMs / 1000));
    throw new AppError('RATE_LIMITED', m.limiteApi(seconds), { retryAfterSeconds: seconds });
  }
}

/** Opens a portal route to a key: unknown, expired or revoked → 401; outside its scopes → 403. */
export async function authenticateClave(app: FastifyInstance, request: FastifyRequest, secreto: string): Promise<void> {
  const found = await claveEnVigor(app, secreto);
  if (!found) throw new AppError('UNAUTHORIZED', commonMessages.unauthorized);
  const { clave, tenant } = found;
  await app.leaseTenantDb(request, tenant);
  const limite = await limiteApiDe(request.tenantDb, tenant.id, clave.estudioId);
  await withinLimit(app, clave.id, limite);
  const alcance = alcanceDeRuta(request.method, request.routeOptions.url);
  if (!alcance || !clave.alcances.includes(alcance)) throw new AppError('FORBIDDEN', m.fueraDeAlcance);
  request.portal = {
    usuarioId: 0,
    tenantId: tenant.id,
    estudioId: clave.estudioId,
    nombre: `Clave API ${clave.nombre}`.slice(0, 150),
    email: '',
    sessionId: '',
    claveApi: { id: clave.id, prefijo: clave.prefijo },
    administraApi: false,
  };
  request.tenant = tenant;
  touchClaveApi(app.controlDb, clave.id, (error) => request.log.warn({ event: 'clave_api_uso', err: (error as Error).message, prefijo: clave.prefijo }, 'could not record an API key use'));
}
