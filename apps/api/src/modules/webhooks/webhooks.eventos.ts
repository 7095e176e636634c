/**
 * The events firms' systems receive, written with the act in its own transaction: one body per event id
 * (stored once, signed and sent as is), owed to each active endpoint of the assignment's firm that chose
 * that type. A firm without endpoints costs one indexed lookup.
 */
import { randomUUID } from 'node:crypto';
import { type TipoEvento, toSantiagoIso, type WebhookEvento } from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { sql } from 'drizzle-orm';

const { webhookEndpoints, webhookEventos, webhookEnvios, encargos, tribunales } = tenantSchema;

/** The lifecycle's acts that firms hear about, by the webhook type they go out as. */
export const TIPO_WEBHOOK: Partial<Record<TipoEvento, WebhookEvento>> = {
  recibido: 'encargo.creado',
  visita: 'visita.registrada',
  acto: 'encargo.notificado',
  carta_art46_enviada: 'carta_art46.enviada',
  estampado_generado: 'estampado.emitido',
  estampado_firmado: 'estampado.firmado',
  estampado_subido: 'estampado.subido',
  facturado: 'recibo.emitido',
  pagado: 'pago.aplicado',
};

export interface ActoParaWebhook {
  encargoId: number;
  tipo: TipoEvento;
  instante: Date;
  datos: Record<string, unknown>;
}

export function nuevoEventoId(): string {
  return `evt_${randomUUID().replaceAll('-', '')}`;
}

/** Writes the act's event and what each subscribed endpoint is owed; answers the event id, or null when nobody listens. */
export async function encolarWebhooks(tx: TenantDb, acto: ActoParaWebhook): Promise<string | null> {
  const tipo = TIPO_WEBHOOK[acto.tipo];
  if (!tipo) return null;
  const { rows: endpoints } = (await tx.execute(sql`
    select w.id from ${webhookEndpoints} w
     where w.estudio_id = (select e.estudio_id from ${encargos} e where e.id = ${acto.encargoId}) and w.activo
       and w.eventos @> ${JSON.stringify([tipo])}::jsonb`)) as unknown as { rows: { id: number }[] };
  if (endpoints.length === 0) return null;
  const { rows } = (await tx.execute(sql`
    select e.numero_rol, coalesce(t.nombre, '') as tribunal from ${encargos} e
      left join ${tribunales} t on t.id = e.tribunal_id where e.id = ${acto.encargoId}`)) as unknown as {
    rows: { numero_rol: string; tribunal: string }[];
  };
  const encargo = rows[0];
  if (!encargo) return null;
  const id = nuevoEventoId();
  const cuerpo = JSON.stringify({
    id,
    tipo,
    creado: toSantiagoIso(acto.instante),
    encargo: { id: acto.encargoId, numero_rol: encargo.numero_rol, tribunal: encargo.tribunal },
    datos: acto.datos,
  });
  await tx.insert(webhookEventos).values({ id, tipo, encargoId: acto.encargoId, cuerpo });
  await tx.insert(webhookEnvios).values(endpoints.map((e) => ({ endpointId: Number(e.id), eventoId: id, encargoId: acto.encargoId })));
  return id;
}

/** A `ping` for one endpoint (its 'Probar' button): outside any assignment's order. */
export async function encolarPing(db: TenantDb, endpointId: number, now = new Date()): Promise<string> {
  const id = nuevoEventoId();
  const cuerpo = JSON.stringify({ id, tipo: 'ping', creado: toSantiagoIso(now), encargo: null, datos: {} });
  await db.transaction(async (tx) => {
    await tx.insert(webhookEventos).values({ id, tipo: 'ping', encargoId: null, cuerpo });
    await tx.insert(webhookEnvios).values({ endpointId, eventoId: id, encargoId: null });
  });
  return id;
}
