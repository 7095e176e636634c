/** A firm's webhook endpoints (the office's firm configuration): create, change, delete, test and resend. */
import { randomBytes } from 'node:crypto';
import {
  toSantiagoIso,
  WEBHOOK_SECRETO_PREFIJO,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointPatch,
  type WebhookEntrega,
  WEBHOOK_ROTACION_HORAS,
  type WebhookSecretoRotado,
  webhooksMessages as m,
} from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { and, asc, desc, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { encolarPing } from './webhooks.eventos';
import { motivoUrlRechazada } from './webhooks.red';

const { webhookEndpoints, webhookEventos, webhookEnvios, webhookEntregas } = tenantSchema;
type EndpointRow = typeof webhookEndpoints.$inferSelect;

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    eventos: row.eventos,
    activo: row.activo,
    secreto_rotado_en: toSantiagoIso(row.secretoRotadoEn),
    secreto_anterior_hasta: row.secretoAnterior && row.secretoAnteriorHasta && row.secretoAnteriorHasta > new Date() ? toSantiagoIso(row.secretoAnteriorHasta) : null,
    fallando_desde: row.fallandoDesde ? toSantiagoIso(row.fallandoDesde) : null,
    desactivado_por_fallas: !row.activo && row.fallandoDesde !== null,
    creado_en: toSantiagoIso(row.creadoEn),
  };
}

const nuevoSecreto = () => `${WEBHOOK_SECRETO_PREFIJO}${randomBytes(32).toString('hex')}`;

function validarUrl(url: string, permitirPrivadas: boolean): void {
  const motivo = motivoUrlRechazada(url, permitirPrivadas);
  if (motivo) throw new AppError('BAD_REQUEST', motivo, { errors: { url: [motivo] } });
}

async function endpointDe(db: TenantDb, estudioId: number, endpointId: number): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.estudioId, estudioId)));
  if (!row) throw new AppError('NOT_FOUND', m.endpointNoEncontrado);
  return row;
}

export async function listarEndpoints(db: TenantDb, estudioId: number): Promise<WebhookEndpoint[]> {
  const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.estudioId, estudioId)).orderBy(asc(webhookEndpoints.id));
  return rows.map(toEndpoint);
}

export async function crearEndpoint(
  db: TenantDb,
  estudioId: number,
  body: WebhookEndpointCreate,
  permitirPrivadas: boolean,
): Promise<{ endpoint: WebhookEndpoint; secreto: string }> {
  validarUrl(body.url, permitirPrivadas);
  const secreto = nuevoSecreto();
  const [row] = await db.insert(webhookEndpoints).values({ estudioId, url: body.url, eventos: body.eventos, activo: body.activo, secreto }).returning();
  return { endpoint: toEndpoint(row!), secreto };
}

export async function cambiarEndpoint(
  db: TenantDb,
  estudioId: number,
  endpointId: number,
  body: WebhookEndpointPatch,
  permitirPrivadas: boolean,
): Promise<WebhookEndpoint> {
  await endpointDe(db, estudioId, endpointId);
  if (body.url !== undefined) validarUrl(body.url, permitirPrivadas);
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...(body.url !== undefined ? { url: body.url } : {}),
      ...(body.eventos !== undefined ? { eventos: body.eventos } : {}),
      // Turned on again or off by hand: its failure streak is forgotten (it was not disabled by failures).
      ...(body.activo !== undefined ? { activo: body.activo, fallandoDesde: null } : {}),
      actualizadoEn: new Date(),
    })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning();
  return toEndpoint(row!);
}

/**
 * A new signing secret, shown this once; the previous one keeps signing for 24 h (both `v1=` in the
 * header) so the firm's system can change over without refusing a delivery. A second rotation inside
 * those 24 h drops the oldest secret.
 */
export async function rotarSecreto(db: TenantDb, estudioId: number, endpointId: number, now = new Date()): Promise<WebhookSecretoRotado> {
  const actual = await endpointDe(db, estudioId, endpointId);
  const secreto = nuevoSecreto();
  const hasta = new Date(now.getTime() + WEBHOOK_ROTACION_HORAS * 3600_000);
  const [row] = await db
    .update(webhookEndpoints)
    .set({ secreto, secretoAnterior: actual.secreto, secretoAnteriorHasta: hasta, secretoRotadoEn: now, actualizadoEn: now })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning();
  return { endpoint: toEndpoint(row!), secreto, anterior_valido_hasta: toSantiagoIso(hasta) };
}

export async function eliminarEndpoint(db: TenantDb, estudioId: number, endpointId: number): Promise<void> {
  await endpointDe(db, estudioId, endpointId);
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
}

export async function probarEndpoint(db: TenantDb, estudioId: number, endpointId: number): Promise<string> {
  await endpointDe(db, estudioId, endpointId);
  return encolarPing(db, endpointId);
}

export async function listarEntregas(db: TenantDb, estudioId: number, endpointId: number, limite = 200): Promise<WebhookEntrega[]> {
  await endpointDe(db, estudioId, endpointId);
  const rows = await db
    .select({ entrega: webhookEntregas, tipo: webhookEventos.tipo })
    .from(webhookEntregas)
    .innerJoin(webhookEventos, eq(webhookEventos.id, webhookEntregas.eventoId))
    .where(eq(webhookEntregas.endpointId, endpointId))
    .orderBy(desc(webhookEntregas.id))
    .limit(limite);
  return rows.map(({ entrega: e, tipo }) => ({
    id: e.id,
    evento_id: e.eventoId,
    tipo,
    intento: e.intento,
    enviado_en: toSantiagoIso(e.enviadoEn),
    estado_http: e.estadoHttp,
    duracion_ms: e.duracionMs,
    respuesta: e.respuesta,
    error: e.error,
  }));
}

/** 'Reenviar': the attempt's event is owed again (same id and body), now. */
export async function reenviarEntrega(db: TenantDb, estudioId: number, endpointId: number, entregaId: number): Promise<string> {
  await endpointDe(db, estudioId, endpointId);
  const [entrega] = await db
    .select()
    .from(webhookEntregas)
    .where(and(eq(webhookEntregas.id, entregaId), eq(webhookEntregas.endpointId, endpointId)));
  if (!entrega) throw new AppError('NOT_FOUND', m.entregaNoEncontrada);
  // A fresh series: attempts count from 1 again and its 24 h of retries start with the next attempt.
  await db.update(webhookEnvios).set({ estado: 'pendiente', intentos: 0, proximoIntento: new Date() }).where(eq(webhookEnvios.id, entrega.envioId));
  return entrega.eventoId;
}
