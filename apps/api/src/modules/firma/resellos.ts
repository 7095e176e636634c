import { createHash } from 'node:crypto';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { desc, eq, sql } from 'drizzle-orm';
import type { ScheduledContext } from '../informes/informes-programados';
import { rowsOf } from '../recibos/recibos.repository';
import { agregarDss, agregarSelloDocumento, type ObtenerRevocacion, sellosDelPdf } from './ltv';
import { type ConfigTsa, leerToken, sellarTiempo, TsaError } from './tsa';

/**
 * Re-timestamping (PAdES B-LTA maintenance): a signed PDF stays verifiable after its signer's
 * certificate expires as long as its last timestamp is renewed before the TSA's certificate expires.
 * Each renewal appends a revision (the previous timestamp's revocation data in the DSS, then a new
 * document timestamp) stored as a new estampado_resellos row: the signature's own row and every
 * earlier revision stay as they were (evidence is append-only).
 */

const { estampadoFirmas, estampadoResellos } = tenantSchema;

/** The pg-boss queue of the daily pass (jobs.plugin's QUEUES) and when it runs (03:30 Santiago). */
export const RESELLOS_QUEUE = 'firma-resellos';
export const RESELLOS_CRON = '30 3 * * *';
/** Days before the last timestamp's certificate expires when the document is re-timestamped (FIRMA_RESELLO_MARGEN_DIAS). */
export const RESELLO_MARGEN_DIAS_POR_DEFECTO = 90;
/** Documents re-timestamped per receiver in one pass (the rest wait for the next day, still inside the margin). */
const LOTE = 200;

export interface ResellosDeps {
  tsa: ConfigTsa | null;
  revocacion: ObtenerRevocacion | null;
  margenDias: number;
}

/** The signature's current PDF: its latest re-timestamped revision, else the signed PDF itself. */
export async function pdfFirmadoVigente(db: TenantDb, firmaId: number): Promise<{ pdf: Buffer; nivel: string; selloVence: Date | null } | undefined> {
  const [resello] = await db
    .select({ pdf: estampadoResellos.archivoPdf, nivel: estampadoResellos.nivel, selloVence: estampadoResellos.selloVence })
    .from(estampadoResellos)
    .where(eq(estampadoResellos.firmaId, firmaId))
    .orderBy(desc(estampadoResellos.id))
    .limit(1);
  if (resello) return resello;
  const [firma] = await db
    .select({ pdf: estampadoFirmas.archivoPdf, nivel: estampadoFirmas.nivel, selloVence: estampadoFirmas.selloVence })
    .from(estampadoFirmas)
    .where(eq(estampadoFirmas.id, firmaId));
  return firma;
}

/** SQL of a signature's current level (its latest revision's, else its own), for the documents' list. */
export const nivelVigenteSql = sql<string>`coalesce((select r.nivel from estampado_resellos r where r.firma_id = ${estampadoFirmas.id} order by r.id desc limit 1), ${estampadoFirmas.nivel})`;

/** SQL of the signed PDF served: the latest re-timestamped revision, else the signed PDF. */
export const pdfVigenteSql = sql<Buffer>`coalesce((select r.archivo_pdf from estampado_resellos r where r.firma_id = ${estampadoFirmas.id} order by r.id desc limit 1), ${estampadoFirmas.archivoPdf})`;

/** Signatures whose last timestamp's certificate expires before `limite` (B-LT and B-LTA: the ones that carry their validation data). */
export async function firmasPorResellar(db: TenantDb, limite: Date, lote = LOTE): Promise<number[]> {
  const rows = await db.execute(sql`
    select f.id
      from estampado_firmas f
      left join lateral (select r.sello_vence from estampado_resellos r where r.firma_id = f.id order by r.id desc limit 1) r on true
     where f.nivel in ('B-LT', 'B-LTA')
       and coalesce(r.sello_vence, f.sello_vence) < ${limite.toISOString()}::timestamptz
     order by coalesce(r.sello_vence, f.sello_vence), f.id
     limit ${lote}`);
  return rowsOf<{ id: number }>(rows).map((r) => Number(r.id));
}

/**
 * Re-timestamps one signature: the TSA data of its last timestamp (chain and revocation) added to
 * the DSS, then a new document timestamp, stored as a new revision. Returns its new expiry.
 */
export async function resellar(db: TenantDb, firmaId: number, deps: Pick<ResellosDeps, 'tsa' | 'revocacion'>): Promise<Date> {
  if (!deps.tsa) throw new TsaError('sin TSA configurada');
  const actual = await pdfFirmadoVigente(db, firmaId);
  if (!actual) throw new Error(`firma ${firmaId} no encontrada`);
  let pdf = actual.pdf;
  const ultimo = (await sellosDelPdf(pdf)).at(-1);
  if (ultimo && deps.revocacion) {
    const sello = await leerToken(ultimo.token);
    pdf = await agregarDss(pdf, await deps.revocacion(sello.certificadoTsa, sello.certificados));
  }
  const nuevo = await agregarSelloDocumento(pdf, deps.tsa);
  if (!nuevo.pdf.subarray(0, actual.pdf.length).equals(actual.pdf)) throw new Error('la revisión nueva no conserva los bytes anteriores');
  await db.insert(estampadoResellos).values({
    firmaId,
    archivoPdf: nuevo.pdf,
    sha256: createHash('sha256').update(nuevo.pdf).digest('hex'),
    nivel: 'B-LTA',
    selloVence: nuevo.sello.venceCertificado,
  });
  return nuevo.sello.venceCertificado;
}

/** One receiver: every signature due inside the margin re-timestamped; each failure logged and retried on the next pass. */
export async function resellarPendientes(db: TenantDb, deps: ResellosDeps, log: Pick<ScheduledContext['log'], 'warn'>, now = new Date()): Promise<number> {
  if (!deps.tsa) return 0;
  const limite = new Date(now.getTime() + deps.margenDias * 86_400_000);
  const pendientes = await firmasPorResellar(db, limite);
  if (pendientes.length === 0) return 0;
  // Renewing only helps when the TSA's current certificate outlives the margin: else every pass
  // would append a revision that expires as soon as the previous one.
  const prueba = await sellarTiempo(deps.tsa, Buffer.from(`receptoria:resello:${now.toISOString()}`));
  if (prueba.venceCertificado.getTime() <= limite.getTime()) {
    log.warn({ vence: prueba.venceCertificado.toISOString(), pendientes: pendientes.length }, 'el certificado de la TSA vence dentro del margen de renovación: no se renuevan sellos');
    return 0;
  }
  let hechos = 0;
  for (const id of pendientes) {
    try {
      await resellar(db, id, deps);
      hechos += 1;
    } catch (error) {
      log.warn({ firma: id, err: error instanceof Error ? error.message : String(error) }, 'no se pudo renovar el sello de tiempo');
      // A TSA that does not answer now will not answer for the next document either.
      if (error instanceof TsaError) break;
    }
  }
  return hechos;
}

/** The daily pass over every active receiver. */
export async function runResellos(ctx: Pick<ScheduledContext, 'listTenants' | 'tenantDb' | 'log'>, deps: ResellosDeps, now = new Date()): Promise<number> {
  if (!deps.tsa) return 0;
  let hechos = 0;
  for (const tenant of await ctx.listTenants()) {
    if (!tenant.activo) continue;
    try {
      hechos += await resellarPendientes(await ctx.tenantDb(tenant.id), deps, ctx.log, now);
    } catch (error) {
      ctx.log.warn({ tenant: tenant.id, err: error instanceof Error ? error.message : String(error) }, 're-timestamp pass failed');
    }
  }
  return hechos;
}
