import {
  type CartaArt46,
  type CartaArt46Value,
  todayIso,
  toSantiagoIso,
  visitaMessages as m,
} from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { and, desc, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import type { AuditActor } from '../auditoria/audit-actor';
import { diffFields } from '../auditoria/audit-diff';
import { recordAudit } from '../auditoria/auditoria.service';
import { cumplirPlazosDeEncargo } from '../calendario/plazos.service';
import { instanteDeFecha, registrarEvento } from '../ciclo-vida/eventos.repository';
import { lockEncargo } from './visitas.repository';

const { cartasArt46, plazos } = tenantSchema;

type CartaRow = typeof cartasArt46.$inferSelect;

function toCarta(row: CartaRow): CartaArt46 {
  return {
    id: row.id,
    encargo_id: row.encargoId,
    fecha_notificacion: row.fechaNotificacion,
    fecha_envio: row.fechaEnvio,
    numero_seguimiento: row.numeroSeguimiento,
    registrada_por: row.registradaPor,
    registrada_en: toSantiagoIso(row.registradaEn),
  };
}

/**
 * POST /encargos/{id}/carta_art46/: records the certified letter of the assignment's latest art. 44
 * notification (the one whose 'Carta certificada art. 46' deadline was opened last) and meets that
 * deadline on the sending date. One letter per notification.
 */
export async function registrarCartaArt46(
  db: TenantDb,
  encargoId: number,
  input: CartaArt46Value,
  actor: AuditActor,
  now = new Date(),
): Promise<{ carta: CartaArt46; plazos_cumplidos: number }> {
  return db.transaction(async (tx) => {
    if (!(await lockEncargo(tx, encargoId))) throw new AppError('NOT_FOUND', m.encargoNoEncontrado);
    const [plazo] = await tx
      .select({ desde: plazos.desde, origen: plazos.origen })
      .from(plazos)
      .where(and(eq(plazos.encargoId, encargoId), eq(plazos.tipo, 'carta_art_46')))
      .orderBy(desc(plazos.desde), desc(plazos.id))
      .limit(1);
    if (!plazo) throw new AppError('CONFLICT', m.sinNotificacionArt44);
    const [previa] = await tx
      .select({ id: cartasArt46.id })
      .from(cartasArt46)
      .where(and(eq(cartasArt46.encargoId, encargoId), eq(cartasArt46.fechaNotificacion, plazo.desde)));
    if (previa) throw new AppError('CONFLICT', m.cartaYaRegistrada);
    if (input.fecha_envio < plazo.desde) {
      throw new AppError('BAD_REQUEST', m.fechaEnvioAnterior, { errors: { fecha_envio: [m.fechaEnvioAnterior] } });
    }
    if (input.fecha_envio > todayIso(now)) {
      throw new AppError('BAD_REQUEST', m.fechaEnvioFutura, { errors: { fecha_envio: [m.fechaEnvioFutura] } });
    }
    const [row] = await tx
      .insert(cartasArt46)
      .values({
        encargoId,
        origen: plazo.origen,
        fechaNotificacion: plazo.desde,
        fechaEnvio: input.fecha_envio,
        numeroSeguimiento: input.numero_seguimiento,
        registradaPor: actor.username,
        registradaEn: now,
      })
      .onConflictDoNothing({ target: cartasArt46.origen })
      .returning();
    if (!row) throw new AppError('CONFLICT', m.cartaYaRegistrada);
    await recordAudit(tx, actor, {
      entidad: 'encargo',
      entidadId: encargoId,
      accion: 'carta_art46',
      cambios: diffFields(null, { fecha_notificacion: row.fechaNotificacion, fecha_envio: row.fechaEnvio, numero_seguimiento: row.numeroSeguimiento }),
    });
    const cumplidos = await cumplirPlazosDeEncargo(tx, encargoId, 'carta_art_46', input.fecha_envio, actor, row.numeroSeguimiento);
    await registrarEvento(tx, {
      encargoId,
      tipo: 'carta_art46_enviada',
      instante: instanteDeFecha(row.fechaEnvio, now),
      actor: actor.username,
      datos: { fecha_envio: row.fechaEnvio, numero_seguimiento: row.numeroSeguimiento, fecha_notificacion: row.fechaNotificacion },
      origen: `carta_art46:${row.id}`,
      registradoEn: now,
    });
    return { carta: toCarta(row), plazos_cumplidos: cumplidos };
  });
}

/** The assignment's latest letter (for its certificate), if any. */
export async function ultimaCartaArt46(db: TenantDb, encargoId: number): Promise<CartaRow | undefined> {
  const [row] = await db.select().from(cartasArt46).where(eq(cartasArt46.encargoId, encargoId)).orderBy(desc(cartasArt46.id)).limit(1);
  return row;
}
