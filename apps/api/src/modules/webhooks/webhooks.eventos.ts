/**
 * The events firms' systems receive, written with the act in its own transaction: one body per event id
 * (stored once, signed and sent as is), owed to each active endpoint of the firm that chose that type.
 * A firm without endpoints costs one indexed lookup.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
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

/** The assignment an event speaks of, as its body names it. */
export interface EncargoDelEvento {
  id: number | null;
  numero_rol: string;
  tribunal: string;
}

export interface EventoWebhook {
  estudioId: number;
  tipo: WebhookEvento;
  instante: Date;
  encargo: EncargoDelEvento;
  datos: Record<string, unknown>;
  /** A fixed id for an event a job may write twice (the second write adds nothing). */
  id?: string;
}

/**
 * 'nuevo' once an event is owed to some endpoint (inside the act's transaction): the job queue then
 * delivers within seconds instead of at its next minute.
 */
export const eventosNuevos = new EventEmitter();

export function nuevoEventoId(): string {
  return `evt_${randomUUID().replaceAll('-', '')}`;
}

type Rows<T> = { rows: T[] };

/** The firm's active endpoints that chose this type. */
async function suscritos(tx: TenantDb, estudioId: number, tipo: WebhookEvento): Promise<number[]> {
  const { rows } = (await tx.execute(sql`
    select w.id from ${webhookEndpoints} w
     where w.estudio_id = ${estudioId} and w.activo and w.eventos @> ${JSON.stringify([tipo])}::jsonb`)) as unknown as Rows<{ id: number }>;
  return rows.map((r) => Number(r.id));
}

/**
 * Writes one event and what each subscribed endpoint is owed; answers the event id, or null when nobody
 * listens. An event with a fixed id already written is left as it was (one id, one body).
 */
export async function encolarEvento(tx: TenantDb, evento: EventoWebhook, endpoints?: number[]): Promise<string | null> {
  const destinos = endpoints ?? (await suscritos(tx, evento.estudioId, evento.tipo));
  if (destinos.length === 0) return null;
  const id = evento.id ?? nuevoEventoId();
  const cuerpo = JSON.stringify({ id, tipo: evento.tipo, creado: toSantiagoIso(evento.instante), encargo: evento.encargo, datos: evento.datos });
  const escrito = await tx.insert(webhookEventos).values({ id, tipo: evento.tipo, encargoId: evento.encargo.id, cuerpo }).onConflictDoNothing().returning({ id: webhookEventos.id });
  if (escrito.length === 0) return id;
  await tx.insert(webhookEnvios).values(destinos.map((endpointId) => ({ endpointId, eventoId: id, encargoId: evento.encargo.id })));
  // The receiver's database names the pass that delivers it, so the direct pass visits that receiver only.
  const { rows } = (await tx.execute(sql`select current_database() as base`)) as unknown as Rows<{ base: string }>;
  eventosNuevos.emit('nuevo', rows[0]?.base);
  return id;
}

/** The visit's event says its hour, and lists its photos only where the receiver shares photos with firms. */
async function datosDeVisita(tx: TenantDb, acto: ActoParaWebhook): Promise<Record<string, unknown>> {
  const datos: Record<string, unknown> = { ...acto.datos, hora: toSantiagoIso(acto.instante).slice(11, 16) };
  const { rows } = (await tx.execute(sql`select compartir_fotos_portal from portal_configuracion where id = 1`)) as unknown as Rows<{ compartir_fotos_portal: boolean }>;
  if (rows[0]?.compartir_fotos_portal && typeof acto.datos.visita_uuid === 'string') {
    const fotos = (await tx.execute(sql`
      select f.id from visita_fotos f join visitas v on v.id = f.visita_id
       where v.uuid = ${acto.datos.visita_uuid}::uuid order by f.subida_en`)) as unknown as Rows<{ id: string }>;
    datos.fotos = fotos.rows.map((f) => String(f.id));
  }
  return datos;
}

/** An assignment's act as the event its firm's endpoints are owed (see TIPO_WEBHOOK). */
export async function encolarWebhooks(tx: TenantDb, acto: ActoParaWebhook): Promise<string | null> {
  const tipo = TIPO_WEBHOOK[acto.tipo];
  if (!tipo) return null;
  // Every act pays this one indexed look-up; the assignment is read only when someone listens.
  const { rows: suscritos } = (await tx.execute(sql`
    select w.id, w.estudio_id from ${webhookEndpoints} w
     where w.estudio_id = (select e.estudio_id from ${encargos} e where e.id = ${acto.encargoId}) and w.activo
       and w.eventos @> ${JSON.stringify([tipo])}::jsonb`)) as unknown as Rows<{ id: number; estudio_id: number }>;
  if (suscritos.length === 0) return null;
  const endpoints = suscritos.map((r) => Number(r.id));
  const { rows } = (await tx.execute(sql`
    select e.estudio_id, e.numero_rol, coalesce(t.nombre, '') as tribunal from ${encargos} e
      left join ${tribunales} t on t.id = e.tribunal_id where e.id = ${acto.encargoId}`)) as unknown as Rows<{ estudio_id: number; numero_rol: string; tribunal: string }>;
  const encargo = rows[0];
  if (!encargo) return null;
  const datos = acto.tipo === 'visita' ? await datosDeVisita(tx, acto) : acto.datos;
  return encolarEvento(
    tx,
    { estudioId: Number(encargo.estudio_id), tipo, instante: acto.instante, encargo: { id: acto.encargoId, numero_rol: encargo.numero_rol, tribunal: encargo.tribunal }, datos },
    endpoints,
  );
}

/**
 * A receipt's 'facturado' acts are written by the receipt's own statement (outside registrarEvento): their
 * `recibo.emitido` events are written right after it, in its transaction, when the firm listens for them.
 */
export async function encolarReciboEmitido(tx: TenantDb, reciboId: number): Promise<number> {
  const { rows } = (await tx.execute(sql`
    select ev.encargo_id, ev.instante, ev.datos from encargo_eventos ev
     where ev.origen in (select distinct 'recibo:' || i.recibo_id || ':' || d.encargo_id
                           from recibo_items i join diligencias d on d.id = i.diligencia_id where i.recibo_id = ${reciboId})
     order by ev.id`)) as unknown as Rows<{ encargo_id: number; instante: Date | string; datos: Record<string, unknown> }>;
  let escritos = 0;
  for (const r of rows) {
    if (await encolarWebhooks(tx, { encargoId: Number(r.encargo_id), tipo: 'facturado', instante: new Date(r.instante), datos: r.datos })) escritos += 1;
  }
  return escritos;
}

/** The court's name of a request's data (its `tribunal` id), '' when none. */
export async function nombreTribunal(tx: TenantDb, tribunalId: unknown): Promise<string> {
  if (typeof tribunalId !== 'number') return '';
  const { rows } = (await tx.execute(sql`select nombre from ${tribunales} where id = ${tribunalId}`)) as unknown as Rows<{ nombre: string }>;
  return rows[0]?.nombre ?? '';
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
