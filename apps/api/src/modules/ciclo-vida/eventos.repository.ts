/**
 * The assignment's lifecycle, recorded: every act of an assignment (received, visit, act, art. 46 letter
 * sent, results, certificate generated / opened / signed / uploaded, billed, paid, re-assigned) is one
 * row of encargo_eventos written by `registrarEvento` in the act's own transaction. Its `origen` names the
 * act, so a retried act is recorded once. Readers (the portal timeline) list them with
 * `listarEventos`, ordered by the act's instant; the state an act leaves the assignment in is
 * `estadoTras` (contracts, ciclo-vida), applied by `avanzarEncargo` (ciclo-vida.service.ts). Each new act also
 * writes the webhook event its firm's endpoints are owed (webhooks.eventos.ts).
 */
import { type EncargoEvento, type TipoEvento, toSantiagoIso } from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { asc, eq, sql } from 'drizzle-orm';
import { prepared, preparedSql } from '../../lib/prepared';
import { encolarWebhooks, TIPO_WEBHOOK } from '../webhooks/webhooks.eventos';

const { encargoEventos, encargos, webhookEndpoints } = tenantSchema;

export interface NuevoEvento {
  encargoId: number;
  tipo: TipoEvento;
  /** When the act happened. */
  instante: Date;
  actor: string;
  datos?: Record<string, unknown>;
  /** The act's own key ('visita:<uuid>', 'estampado:<uuid>', …). */
  origen: string;
  /** Billing acts (receipts, payments) never sort before the acts they bill. */
  despuesDeActos?: boolean;
  registradoEn?: Date;
}

/** The first instant of a Santiago date (midnight at -03:00 or -04:00, whichever falls on that date). */
export function inicioDeFecha(fecha: string): Date {
  const [y, mo, d] = fecha.split('-').map(Number) as [number, number, number];
  const candidatas = [3, 4].map((h) => new Date(Date.UTC(y, mo - 1, d, h)));
  return candidatas.find((t) => toSantiagoIso(t).slice(0, 10) === fecha) ?? (candidatas[1] as Date);
}

/** The instant of an act known by its Santiago date alone: its registration that day, else the end of that day. */
export function instanteDeFecha(fecha: string, registrado: Date): Date {
  if (toSantiagoIso(registrado).slice(0, 10) === fecha) return registrado;
  const [y, mo, d] = fecha.split('-').map(Number) as [number, number, number];
  const siguiente = new Date(Date.UTC(y, mo - 1, d + 1, 12)).toISOString().slice(0, 10);
  return new Date(inicioDeFecha(siguiente).getTime() - 1000);
}

/** Records one act in the caller's transaction; false when that act (its origen) was already recorded. */
export async function registrarEvento(tx: TenantDb, e: NuevoEvento): Promise<boolean> {
  const tipoWebhook = TIPO_WEBHOOK[e.tipo];
  const { rows } = await eventoStatement(tx, Boolean(e.despuesDeActos), Boolean(tipoWebhook)).execute({
    encargoId: e.encargoId,
    tipo: e.tipo,
    instante: e.instante.toISOString(),
    registradoEn: (e.registradoEn ?? new Date()).toISOString(),
    actor: e.actor.slice(0, 150),
    datos: JSON.stringify(e.datos ?? {}),
    origen: e.origen,
    ...(tipoWebhook ? { webhook: JSON.stringify([tipoWebhook]) } : {}),
  });
  const row = rows[0];
  if (!row) return false;
  if (row.suscrito) await encolarWebhooks(tx, { encargoId: e.encargoId, tipo: e.tipo, instante: new Date(row.instante), datos: e.datos ?? {} });
  return true;
}

/**
 * The insert of an act, prepared once per kind: whether it sorts after the acts it bills (`despues`), and
 * whether its type has a webhook — then the same statement answers whether the firm has an active endpoint
 * for it (the look-up encolarWebhooks starts with), so an act nobody listens for costs one round trip.
 */
function eventoStatement(tx: TenantDb, despues: boolean, conWebhook: boolean) {
  const p = sql.placeholder;
  return preparedSql<{ id: number; instante: Date | string; suscrito: boolean }>(tx, `evento_nuevo_${despues ? 'tras_actos' : 'acto'}${conWebhook ? '_webhook' : ''}`, () => {
    const instante = despues
      ? sql`greatest(${p('instante')}::timestamptz,
          (select max(x.instante) from ${encargoEventos} x where x.encargo_id = ${p('encargoId')} and x.tipo not in ('facturado', 'pagado')))`
      : sql`${p('instante')}::timestamptz`;
    const suscrito = conWebhook
      ? sql`exists (select 1 from ${webhookEndpoints} w
                     where w.estudio_id = (select x.estudio_id from ${encargos} x where x.id = ${p('encargoId')}) and w.activo
                       and w.eventos @> ${p('webhook')}::jsonb)`
      : sql`false`;
    return sql`
      with nuevo as (
        insert into ${encargoEventos} (encargo_id, tipo, instante, registrado_en, actor, datos, origen)
        values (${p('encargoId')}, ${p('tipo')}, ${instante}, ${p('registradoEn')}::timestamptz,
                ${p('actor')}, ${p('datos')}::jsonb, ${p('origen')})
        on conflict (origen) do nothing
        returning id, instante)
      select nuevo.id, nuevo.instante, ${suscrito} as suscrito from nuevo`;
  });
}

/**
 * The 'pagado' acts of some payment applications (ids), in their transaction: one per assignment the
 * paid receipt bills, never before that assignment's receipt.
 */
export async function registrarPagos(tx: TenantDb, aplicacionIds: readonly number[]): Promise<void> {
  if (aplicacionIds.length === 0) return;
  const { rows } = (await tx.execute(sql`
    insert into ${encargoEventos} (encargo_id, tipo, instante, registrado_en, actor, datos, origen)
    select distinct on (a.id, d.encargo_id) d.encargo_id, 'pagado',
           greatest(instante_de_fecha(p.fecha, a.creado_en),
                    (select max(x.instante) from ${encargoEventos} x where x.encargo_id = d.encargo_id and x.tipo = 'facturado')),
           a.creado_en, a.creado_por, jsonb_build_object('pago_id', p.id, 'recibo_id', a.recibo_id, 'monto', a.monto, 'fecha', p.fecha),
           'pago:' || a.id || ':' || d.encargo_id
      from pago_aplicaciones a
      join pagos p on p.id = a.pago_id
      join recibo_items i on i.recibo_id = a.recibo_id and i.activo
      join diligencias d on d.id = i.diligencia_id
     where a.id in (${sql.join(aplicacionIds.map((id) => sql`${id}`), sql`, `)})
    on conflict (origen) do nothing
    returning encargo_id, instante, datos`)) as unknown as { rows: { encargo_id: number; instante: Date | string; datos: Record<string, unknown> }[] };
  for (const row of rows) {
    await encolarWebhooks(tx, { encargoId: row.encargo_id, tipo: 'pagado', instante: new Date(row.instante), datos: row.datos });
  }
}

export type EventoRow = typeof encargoEventos.$inferSelect;

export function toEvento(row: EventoRow): EncargoEvento {
  return {
    id: Number(row.id),
    encargo_id: row.encargoId,
    tipo: row.tipo as TipoEvento,
    instante: toSantiagoIso(row.instante),
    registrado_en: toSantiagoIso(row.registradoEn),
    actor: row.actor,
    datos: row.datos as Record<string, unknown>,
    origen: row.origen,
  };
}

/** An assignment's acts as stored (instants to the millisecond), in the order they happened (then as recorded). */
export async function eventosDe(db: TenantDb, encargoId: number): Promise<EventoRow[]> {
  return prepared(db, 'eventos_de_encargo', () =>
    db
      .select()
      .from(encargoEventos)
      .where(eq(encargoEventos.encargoId, sql.placeholder('encargoId')))
      .orderBy(asc(encargoEventos.instante), asc(encargoEventos.id))
      .prepare('eventos_de_encargo'),
  ).execute({ encargoId });
}

/** An assignment's acts, in the order they happened (then as recorded). */
export async function listarEventos(db: TenantDb, encargoId: number): Promise<EncargoEvento[]> {
  return (await eventosDe(db, encargoId)).map(toEvento);
}
