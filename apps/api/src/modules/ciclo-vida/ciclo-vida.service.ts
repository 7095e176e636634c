import { diligenciaMessages, type EncargoEstado, estadoTras, todayIso } from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import type { AuditActor } from '../auditoria/audit-actor';
import { auditEncargoAs, lockForChange, snapshotOf } from '../encargos/encargos.service';
import { type EncargoFull, updateEncargoReturning, withUpdatedRow } from '../encargos/encargos.repository';
import { type NuevoEvento, registrarEvento } from './eventos.repository';

export { eventosDe, type EventoRow, inicioDeFecha, instanteDeFecha, listarEventos, registrarEvento, registrarPagos, type NuevoEvento } from './eventos.repository';

/**
 * Records an act and moves the assignment as TRANSICIONES says, in the caller's transaction (the
 * assignment locked here, unless the caller passes it locked). A move is audited once, under the state it
 * reaches; an act that leaves the state where it is changes nothing but its event; a move to estampado
 * dates the stamp on the act's day. Answers the state and stamp date after the act.
 */
export async function avanzarEncargo(
  tx: TenantDb,
  evento: NuevoEvento,
  actor: AuditActor,
  now = new Date(),
  locked?: EncargoFull,
): Promise<{ estado: EncargoEstado; fechaEstampado: string | null }> {
  const found = locked ?? (await lockForChange(tx, evento.encargoId)).found;
  const current = found.row;
  await registrarEvento(tx, evento);
  const hasta = estadoTras(current.estado, evento.tipo);
  if (hasta === current.estado) return { estado: hasta, fechaEstampado: current.fechaEstampado };
  const row = await updateEncargoReturning(tx, current.id, {
    estado: hasta,
    fechaModificacion: now,
    ...(hasta === 'estampado'
      ? {
          estadoEstampado: 'estampado',
          fechaEstampado: todayIso(evento.instante),
          observacionEstampado: current.observacionEstampado || diligenciaMessages.observacionEstampadoAutomatica,
        }
      : {}),
  });
  await auditEncargoAs(tx, actor, hasta, snapshotOf(found), withUpdatedRow(found, row));
  return { estado: hasta, fechaEstampado: row.fechaEstampado };
}
