import { randomBytes } from 'node:crypto';
import {
  CLAVE_API_PREFIJO,
  CLAVE_API_PREFIJO_LARGO,
  type ClaveApi,
  type ClaveApiAlcance,
  type ClaveApiCreada,
  type ClaveApiCreateValue,
  clavesApiMessages as m,
  type PortalUsuario,
  todayIso,
  toSantiagoIso,
} from '@receptoria/contracts';
import { type ControlDb, controlSchema } from '@receptoria/db';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { prepared } from '../../lib/prepared';
import type { AuditActor } from '../auditoria/audit-actor';
import { recordControlAudit } from '../auditoria/auditoria.service';
import { hashToken } from '../auth/auth.service';
import { portalUsuarioOf } from './portal-usuarios.service';

const { portalClavesApi, portalUsuarios, tenants } = controlSchema;
type ClaveRow = typeof portalClavesApi.$inferSelect;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 62^43 > 2^256: every 32-byte value fits in 43 characters. */
const SECRET_CHARS = 43;

/** `rk_` + 32 random bytes in base62. */
export function newClaveSecreta(): string {
  let value = BigInt(`0x${randomBytes(32).toString('hex')}`);
  let out = '';
  for (let i = 0; i < SECRET_CHARS; i++) {
    out = BASE62[Number(value % 62n)] + out;
    value /= 62n;
  }
  return CLAVE_API_PREFIJO + out;
}

/** What an `Authorization` header may carry as a key: `rk_` and base62 (anything else is no key). */
export function looksLikeClave(token: string): boolean {
  return token.length === CLAVE_API_PREFIJO.length + SECRET_CHARS && /^rk_[0-9A-Za-z]+$/.test(token);
}

function claveOf(row: ClaveRow): ClaveApi {
  return {
    id: row.id,
    nombre: row.nombre,
    prefijo: row.prefijo,
    alcances: row.alcances as ClaveApiAlcance[],
    creada: toSantiagoIso(row.creada),
    ultimo_uso: row.ultimoUso ? toSantiagoIso(row.ultimoUso) : null,
    expira: row.expira,
  };
}

/** A firm's keys still in force or expired (revoked keys leave the list), newest first. */
export async function listClavesApi(db: ControlDb, tenantId: number, estudioId: number): Promise<ClaveApi[]> {
  const rows = await db
    .select()
    .from(portalClavesApi)
    .where(and(eq(portalClavesApi.tenantId, tenantId), eq(portalClavesApi.estudioId, estudioId), isNull(portalClavesApi.revocadaEn)))
    .orderBy(desc(portalClavesApi.id));
  return rows.map(claveOf);
}

export async function createClaveApi(db: ControlDb, tenantId: number, estudioId: number, input: ClaveApiCreateValue, actor: AuditActor): Promise<ClaveApiCreada> {
  const secreto = newClaveSecreta();
  const prefijo = secreto.slice(0, CLAVE_API_PREFIJO_LARGO);
  const row = await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(portalClavesApi)
      .values({ tenantId, estudioId, nombre: input.nombre, prefijo, hash: hashToken(secreto), alcances: input.alcances, expira: input.expira, creadaPor: actor.username })
      .returning();
    await recordControlAudit(tx, tenantId, actor, {
      entidad: 'clave_api',
      entidadId: saved!.id,
      accion: 'crear',
      cambios: {
        estudio_id: { antes: null, despues: estudioId },
        nombre: { antes: null, despues: input.nombre },
        prefijo: { antes: null, despues: prefijo },
        alcances: { antes: null, despues: input.alcances.join(', ') },
        expira: { antes: null, despues: input.expira },
      },
    });
    return saved!;
  });
  return { clave: claveOf(row), secreto };
}

/** Revokes a firm's key (404 for another firm's or a revoked one); the caller drops it from every instance's cache. */
export async function revokeClaveApi(db: ControlDb, tenantId: number, estudioId: number, claveId: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(portalClavesApi)
      .set({ revocadaEn: new Date() })
      .where(
        and(eq(portalClavesApi.id, claveId), eq(portalClavesApi.tenantId, tenantId), eq(portalClavesApi.estudioId, estudioId), isNull(portalClavesApi.revocadaEn)),
      )
      .returning();
    if (!row) throw new AppError('NOT_FOUND', m.claveNoEncontrada);
    await recordControlAudit(tx, tenantId, actor, {
      entidad: 'clave_api',
      entidadId: row.id,
      accion: 'revocar',
      cambios: { prefijo: { antes: row.prefijo, despues: row.prefijo }, revocada: { antes: false, despues: true } },
    });
  });
}

/** A key by the hash of its secret, with its receiver: one prepared statement (the check of every key request). */
export async function findClaveApi(db: ControlDb, hash: string) {
  const [row] = await prepared(db, 'portal_clave_api_sesion', () =>
    db
      .select({ clave: portalClavesApi, tenant: tenants })
      .from(portalClavesApi)
      .innerJoin(tenants, eq(tenants.id, portalClavesApi.tenantId))
      .where(eq(portalClavesApi.hash, sql.placeholder('hash')))
      .prepare('portal_clave_api_sesion'),
  ).execute({ hash });
  return row;
}
export type ClaveApiAccount = NonNullable<Awaited<ReturnType<typeof findClaveApi>>>;

/** In force: not revoked and, with an expiry, not past its last day (America/Santiago). */
export function claveVigente(clave: ClaveRow, now = new Date()): boolean {
  return !clave.revocadaEn && (!clave.expira || clave.expira >= todayIso(now));
}

const USO_CADA_MS = 60_000;
const lastUseWritten = new Map<number, number>();

/** Records a key's use at most once a minute per instance, off the request's path. */
export function touchClaveApi(db: ControlDb, id: number, onError: (error: unknown) => void, now = Date.now()): void {
  if (now - (lastUseWritten.get(id) ?? 0) < USO_CADA_MS) return;
  lastUseWritten.set(id, now);
  if (lastUseWritten.size > 100_000) lastUseWritten.clear();
  db.update(portalClavesApi).set({ ultimoUso: new Date(now) }).where(eq(portalClavesApi.id, id)).then(() => undefined, onError);
}

/** Grants or withdraws a firm's portal user the right to manage the firm's API keys. */
export async function setAdministraApi(db: ControlDb, tenantId: number, estudioId: number, id: number, administra: boolean, actor: AuditActor): Promise<PortalUsuario> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(portalUsuarios)
      .where(and(eq(portalUsuarios.id, id), eq(portalUsuarios.tenantId, tenantId), eq(portalUsuarios.estudioId, estudioId)))
      .for('update');
    if (!current) throw new AppError('NOT_FOUND', m.usuarioNoEncontrado);
    const [saved] = await tx.update(portalUsuarios).set({ administraApi: administra }).where(eq(portalUsuarios.id, id)).returning();
    await recordControlAudit(tx, tenantId, actor, {
      entidad: 'usuario_portal',
      entidadId: id,
      accion: 'modificar',
      cambios: current.administraApi === administra ? {} : { administra_api: { antes: current.administraApi, despues: administra } },
    });
    return portalUsuarioOf(saved!);
  });
}
