import { type EstudioPortalConfiguracion, type EstudioPortalConfiguracionInput, LIMITE_API_POR_MINUTO_DEFECTO } from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { eq } from 'drizzle-orm';
import type { AuditActor } from '../auditoria/audit-actor';
import { recordAudit } from '../auditoria/auditoria.service';

const { estudioPortalConfiguracion } = tenantSchema;

/** A firm's API settings; the defaults (600 a minute, no automatic acceptance) until the receiver saves them. */
export async function getEstudioPortalConfiguracion(db: TenantDb, estudioId: number): Promise<EstudioPortalConfiguracion> {
  const [row] = await db
    .select({ limite: estudioPortalConfiguracion.limiteApiPorMinuto, aceptar: estudioPortalConfiguracion.aceptarApiAutomaticamente })
    .from(estudioPortalConfiguracion)
    .where(eq(estudioPortalConfiguracion.estudioId, estudioId));
  return { limite_api_por_minuto: row?.limite ?? LIMITE_API_POR_MINUTO_DEFECTO, aceptar_api_automaticamente: row?.aceptar ?? false };
}

/** Saves a firm's API settings, audited on the firm. */
export async function saveEstudioPortalConfiguracion(
  db: TenantDb,
  estudioId: number,
  input: EstudioPortalConfiguracionInput,
  actor: AuditActor,
): Promise<EstudioPortalConfiguracion> {
  return db.transaction(async (tx) => {
    const antes = await getEstudioPortalConfiguracion(tx, estudioId);
    const values = { limiteApiPorMinuto: input.limite_api_por_minuto, aceptarApiAutomaticamente: input.aceptar_api_automaticamente, actualizadoEn: new Date() };
    await tx
      .insert(estudioPortalConfiguracion)
      .values({ estudioId, ...values })
      .onConflictDoUpdate({ target: estudioPortalConfiguracion.estudioId, set: values });
    const cambios: Record<string, { antes: unknown; despues: unknown }> = {};
    for (const campo of ['limite_api_por_minuto', 'aceptar_api_automaticamente'] as const) {
      if (antes[campo] !== input[campo]) cambios[campo] = { antes: antes[campo], despues: input[campo] };
    }
    await recordAudit(tx, actor, { entidad: 'estudio', entidadId: estudioId, accion: 'modificar', cambios });
    return { ...input };
  });
}

/** How long an instance keeps a firm's limit before reading it again (a change on another instance rules within this). */
export const LIMITE_CACHE_MS = 5_000;
const limites = new Map<string, { limite: number; hasta: number }>();

/** The firm's requests per key a minute, read at most every few seconds per instance (it is checked on every key request). */
export async function limiteApiDe(db: TenantDb, tenantId: number, estudioId: number, now = Date.now()): Promise<number> {
  const key = `${tenantId}:${estudioId}`;
  const kept = limites.get(key);
  if (kept && kept.hasta > now) return kept.limite;
  const { limite_api_por_minuto: limite } = await getEstudioPortalConfiguracion(db, estudioId);
  if (limites.size > 10_000) limites.clear();
  limites.set(key, { limite, hasta: now + LIMITE_CACHE_MS });
  return limite;
}

/** After a change on this instance: its next key request reads the new limit. */
export function olvidarLimiteApi(tenantId: number, estudioId: number): void {
  limites.delete(`${tenantId}:${estudioId}`);
}
