import {
  estadoLabel,
  EVENTO_LABELS,
  formatDate,
  type TipoEvento,
  PORTAL_PAGE_SIZE,
  type PortalCatalogosResponse,
  type PortalEncargoDetalle,
  type PortalEncargoItem,
  type PortalEncargosListResponse,
  type PortalEncargosQuery,
  type PortalEvento,
  type PortalRecibosListResponse,
  RESULTADO_VISITA_LABELS,
  type ResultadoVisita,
  todayIso,
  toSantiagoIso,
} from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { preparedSql } from '../../lib/prepared';
import { getComunas, getTiposCausa, getTiposEncargo, getTribunales } from '../lookups/lookups.service';
import { eventosDe, inicioDeFecha, instanteDeFecha } from '../ciclo-vida/ciclo-vida.service';
import { getRecibo, listRecibosPage } from '../recibos/recibos.service';
import type { FotoSigner } from '../visitas/fotos';

const NO_ENCONTRADO = 'Encargo no encontrado';

/** Deadlines as the portal names them. */
export const PLAZO_PORTAL_LABELS: Record<string, string> = {
  excepciones: 'Vence excepciones',
  carta_art_46: 'Vence carta certificada art. 46',
  subida_estampado: 'Vence subida del estampado al tribunal',
};
const plazoNombre = (tipo: string) => PLAZO_PORTAL_LABELS[tipo] ?? `Vence ${tipo}`;

/** A met deadline's line says so: it no longer reads as a deadline to come. */
export const PLAZO_PORTAL_CUMPLIDO_LABELS: Record<string, string> = {
  excepciones: 'Excepciones: plazo cumplido',
  carta_art_46: 'Carta certificada art. 46: plazo cumplido',
  subida_estampado: 'Subida del estampado al tribunal: plazo cumplido',
};
const plazoCumplidoNombre = (tipo: string) => PLAZO_PORTAL_CUMPLIDO_LABELS[tipo] ?? `${tipo}: plazo cumplido`;

/** The acts the portal shows as their own line (the others have one: visits, results, certificates, receipts). */
const ACTOS_PORTAL: Partial<Record<TipoEvento, string>> = {
  carta_art46_enviada: EVENTO_LABELS.carta_art46_enviada,
  estampado_firmado: EVENTO_LABELS.estampado_firmado,
  estampado_subido: EVENTO_LABELS.estampado_subido,
};

/** The act that meets each kind of deadline. */
const ACTO_QUE_CUMPLE: Record<string, TipoEvento> = { carta_art_46: 'carta_art46_enviada', subida_estampado: 'estampado_subido' };

function detalleDe(datos: Record<string, unknown>): string {
  if (typeof datos.numero_seguimiento === 'string') return `N° de seguimiento ${datos.numero_seguimiento}`;
  if (typeof datos.firmante === 'string') return datos.firmante;
  if (typeof datos.fecha === 'string') return formatDate(datos.fecha);
  return '';
}

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

interface ItemRow {
  id: number;
  numero_rol: string;
  tribunal: string;
  partes: string;
  ejecutados: string;
  estado: string;
  fecha_encargo: string;
  ultima: Date | string;
  plazo_tipo: string | null;
  plazo_vence: string | null;
}

const itemColumns = sql`
  e.id, e.numero_rol, coalesce(t.nombre, '') as tribunal, e.partes, e.ejecutados, e.estado, e.fecha_encargo::text as fecha_encargo,
  greatest(
    e.fecha_modificacion,
    (select max(v.registrada_en) from visitas v where v.encargo_id = e.id),
    (select max(d.fecha_creacion) from diligencias d where d.encargo_id = e.id),
    (select max(s.fecha_creacion) from estampados s where s.encargo_id = e.id)
  ) as ultima,
  p.tipo as plazo_tipo, p.vence::text as plazo_vence`;

const itemJoins = sql`
  from encargos e
  left join tribunales t on t.id = e.tribunal_id
  left join lateral (
    select pl.tipo, pl.vence from plazos pl where pl.encargo_id = e.id and pl.estado = 'pendiente' order by pl.vence, pl.id limit 1
  ) p on true`;

function itemOf(row: ItemRow): PortalEncargoItem {
  const ultima = row.ultima instanceof Date ? row.ultima : new Date(row.ultima);
  return {
    id: row.id,
    numero_rol: row.numero_rol,
    tribunal: row.tribunal,
    partes: row.partes,
    ejecutados: row.ejecutados,
    estado: row.estado as PortalEncargoItem['estado'],
    estado_label: estadoLabel(row.estado),
    fecha_encargo: row.fecha_encargo,
    ultima_actividad: toSantiagoIso(ultima),
    proximo_plazo: row.plazo_tipo && row.plazo_vence ? { tipo: row.plazo_tipo, nombre: plazoNombre(row.plazo_tipo), vence: row.plazo_vence } : null,
  };
}

/** The firm's assignments, newest first (rol, parties and executed parties searched). */
export async function listPortalEncargos(db: TenantDb, estudioId: number, query: PortalEncargosQuery): Promise<PortalEncargosListResponse> {
  const conditions = [sql`e.estudio_id = ${estudioId}`];
  if (query.estado) conditions.push(sql`e.estado = ${query.estado}`);
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(e.numero_rol ilike ${like} or e.partes ilike ${like} or e.ejecutados ilike ${like})`);
  }
  const where = sql.join(conditions, sql` and `);
  const offset = (query.page - 1) * PORTAL_PAGE_SIZE;
  const [countResult, pageResult] = await Promise.all([
    db.execute(sql`select count(*)::int as n from encargos e where ${where}`),
    db.execute(sql`select ${itemColumns} ${itemJoins} where ${where} order by e.fecha_encargo desc, e.id desc limit ${PORTAL_PAGE_SIZE} offset ${offset}`),
  ]);
  return {
    count: rowsOf<{ n: number }>(countResult)[0]?.n ?? 0,
    page: query.page,
    page_size: PORTAL_PAGE_SIZE,
    results: rowsOf<ItemRow>(pageResult).map(itemOf),
  };
}

/** The assignment when it is the firm's; otherwise 404 (another firm's or receiver's id alike). */
export async function requirePortalEncargo(db: TenantDb, estudioId: number, id: number) {
  const [row] = await db
    .select({ id: tenantSchema.encargos.id })
    .from(tenantSchema.encargos)
    .where(and(eq(tenantSchema.encargos.id, id), eq(tenantSchema.encargos.estudioId, estudioId)));
  if (!row) throw new AppError('NOT_FOUND', NO_ENCONTRADO);
  return row;
}

export async function compartirFotos(db: TenantDb): Promise<boolean> {
  const [row] = await db.select().from(tenantSchema.portalConfiguracion).where(eq(tenantSchema.portalConfiguracion.id, 1));
  return row?.compartirFotosPortal ?? false;
}

const santiagoHora = (date: Date) => toSantiagoIso(date).slice(11, 16);

/** The timeline of one of the firm's assignments: received, visits, results, certificates, deadlines, receipts. */
export async function getPortalEncargo(
  db: TenantDb,
  estudioId: number,
  id: number,
  fotos: { tenantId: number; signer: () => Promise<FotoSigner> },
): Promise<PortalEncargoDetalle> {
  // The assignment and everything its timeline shows, in one statement (each list as JSON, in its order), beside
  // its recorded acts: two statements for an assignment with no receipt (nine before).
  type Cabecera = ItemRow & {
    tipo_causa: string;
    tipo_encargo: string;
    cuantia: string | number | null;
    doms: { direccion: string; comuna: string; ciudad: string; activo: boolean }[];
    visitas: { id: number; resultado: string; fecha_hora: string; domicilio_direccion: string | null; domicilio_comuna: string | null }[];
    diligencias: { id: number; fecha: string; tipo: string; direccion: string | null; comuna: string | null }[];
    docs: { id: string; titulo: string; fecha: string; con_pdf: boolean; firmado: boolean }[];
    plazos: { id: number; tipo: string; vence: string; estado: string; cumplido_en: string | null; referencia: string | null }[];
    recibo_ids: number[];
    compartir_fotos: boolean | null;
  };
  const [cabecera, actos] = await Promise.all([
    preparedSql<Cabecera>(
      db,
      'portal_encargo_linea_de_tiempo',
      () => sql`
      select ${itemColumns}, coalesce(tc.nombre, '') as tipo_causa, coalesce(te.nombre, '') as tipo_encargo, e.cuantia,
        (select coalesce(json_agg(json_build_object('direccion', d.direccion, 'comuna', d.comuna, 'ciudad', d.ciudad, 'activo', d.activo) order by d.id), '[]')
           from domicilios d where d.encargo_id = e.id) as doms,
        (select coalesce(json_agg(json_build_object('id', v.id, 'resultado', v.resultado, 'fecha_hora', v.fecha_hora,
                                                    'domicilio_direccion', v.domicilio_direccion, 'domicilio_comuna', v.domicilio_comuna)
                                  order by v.fecha_hora, v.id), '[]')
           from visitas v where v.encargo_id = e.id and not exists (select 1 from visitas c where c.corrige_a = v.uuid)) as visitas,
        (select coalesce(json_agg(json_build_object('id', x.id, 'fecha', x.fecha_diligencia, 'tipo', ts.nombre,
                                                    'direccion', x.domicilio_direccion, 'comuna', x.domicilio_comuna)
                                  order by x.fecha_diligencia, x.id), '[]')
           from diligencias x join tipos_estampado ts on ts.id = x.tipo_estampado_id where x.encargo_id = e.id) as diligencias,
        (select coalesce(json_agg(json_build_object('id', s.id::text, 'titulo', s.titulo, 'fecha', s.fecha_creacion, 'con_pdf', s.archivo_pdf is not null,
                                                    'firmado', exists (select 1 from estampado_firmas f where f.estampado_id = s.id))
                                  order by s.fecha_creacion, s.id), '[]')
           from estampados s where s.encargo_id = e.id) as docs,
        (select coalesce(json_agg(json_build_object('id', y.id, 'tipo', y.tipo, 'vence', y.vence, 'estado', y.estado, 'cumplido_en', y.cumplido_en,
                                                    'referencia', y.referencia) order by y.vence, y.id), '[]')
           from plazos y where y.encargo_id = e.id) as plazos,
        (select coalesce(json_agg(distinct r.id), '[]')
           from recibo_items ri join recibos r on r.id = ri.recibo_id join diligencias dd on dd.id = ri.diligencia_id
          where dd.encargo_id = e.id and ri.activo and r.estudio_id = ${sql.placeholder('estudio')}::int) as recibo_ids,
        (select pc.compartir_fotos_portal from portal_configuracion pc where pc.id = 1) as compartir_fotos
      ${itemJoins}
      left join tipos_causa tc on tc.id = e.tipo_causa_id
      left join tipos_encargo te on te.id = e.tipo_encargo_id
      where e.id = ${sql.placeholder('id')}::int and e.estudio_id = ${sql.placeholder('estudio')}::int`,
    )
      .execute({ id, estudio: estudioId })
      .then((result) => result.rows[0]),
    eventosDe(db, id),
  ]);
  if (!cabecera) throw new AppError('NOT_FOUND', NO_ENCONTRADO);
  const head = cabecera;
  const { visitaFotos } = tenantSchema;
  const doms = cabecera.doms;
  const visitRows = cabecera.visitas.map((v) => ({
    id: v.id,
    resultado: v.resultado,
    fechaHora: new Date(v.fecha_hora),
    domicilioDireccion: v.domicilio_direccion,
    domicilioComuna: v.domicilio_comuna,
  }));
  const dilRows = cabecera.diligencias.map((d) => ({ ...d, fecha: new Date(d.fecha) }));
  const docs = cabecera.docs;
  const plazoRows = cabecera.plazos.map((p) => ({ id: p.id, tipo: p.tipo, vence: p.vence, estado: p.estado, cumplidoEn: p.cumplido_en, referencia: p.referencia }));
  const reciboIds = cabecera.recibo_ids.map((reciboId) => ({ id: reciboId }));
  const shareFotos = cabecera.compartir_fotos ?? false;
  const fotosPorVisita = new Map<number, string[]>();
  if (shareFotos && visitRows.length > 0) {
    const rows = await db
      .select({ id: visitaFotos.id, visitaId: visitaFotos.visitaId })
      .from(visitaFotos)
      .where(sql`${visitaFotos.visitaId} in (${sql.join(visitRows.map((v) => sql`${v.id}`), sql`, `)})`)
      .orderBy(asc(visitaFotos.subidaEn));
    for (const row of rows) fotosPorVisita.set(row.visitaId, [...(fotosPorVisita.get(row.visitaId) ?? []), row.id]);
  }
  const signer = fotosPorVisita.size > 0 ? await fotos.signer() : undefined;
  // The assignment's acts as recorded (its lifecycle, read above): the order of the timeline and the acts that have no row of their own.
  const instanteDe = new Map(actos.map((e) => [e.origen, e.instante.getTime()]));
  const lineas: { orden: number; evento: PortalEvento }[] = [];
  const push = (orden: number, evento: PortalEvento) => lineas.push({ orden, evento });
  push(inicioDeFecha(head.fecha_encargo).getTime(), { tipo: 'recibido', fecha: head.fecha_encargo, titulo: 'Encargo recibido' });
  for (const v of visitRows) {
    const label = RESULTADO_VISITA_LABELS[v.resultado as ResultadoVisita] ?? v.resultado;
    push(v.fechaHora.getTime(), {
      tipo: 'visita',
      id: v.id,
      fecha: toSantiagoIso(v.fechaHora),
      hora: santiagoHora(v.fechaHora),
      titulo: `Visita: ${label}`,
      resultado: v.resultado,
      resultado_label: label,
      domicilio: [v.domicilioDireccion, v.domicilioComuna].filter(Boolean).join(', '),
      fotos: (fotosPorVisita.get(v.id) ?? []).map((fotoId) => ({ id: fotoId, url: signer!.url(fotos.tenantId, fotoId) })),
    });
  }
  for (const d of dilRows) {
    push(d.fecha.getTime(), { tipo: 'resultado', id: d.id, fecha: toSantiagoIso(d.fecha), titulo: d.tipo, domicilio: [d.direccion, d.comuna].filter(Boolean).join(', ') });
  }
  for (const doc of docs) {
    const creado = new Date(doc.fecha);
    push(creado.getTime(), {
      tipo: 'certificado',
      id: doc.id,
      fecha: toSantiagoIso(creado),
      titulo: doc.titulo,
      firmado: doc.firmado,
      url: doc.con_pdf || doc.firmado ? `/api/v1/portal/encargos/${id}/certificados/${doc.id}/pdf/` : null,
    });
  }
  for (const e of actos) {
    const titulo = ACTOS_PORTAL[e.tipo as TipoEvento];
    if (!titulo) continue;
    push(e.instante.getTime(), { tipo: 'acto', id: Number(e.id), evento: e.tipo, fecha: toSantiagoIso(e.instante), titulo, detalle: detalleDe(e.datos as Record<string, unknown>) });
  }
  for (const p of plazoRows) {
    const cumplido = p.estado === 'cumplido' && p.cumplidoEn !== null;
    // A met deadline stands where the act that met it stands; an open one at its due date.
    const acto = cumplido ? actos.find((e) => e.tipo === ACTO_QUE_CUMPLE[p.tipo] && todayIso(e.instante) === p.cumplidoEn) : undefined;
    const orden = acto ? acto.instante.getTime() : inicioDeFecha(cumplido ? (p.cumplidoEn as string) : p.vence).getTime();
    push(orden, {
      tipo: 'plazo',
      id: p.id,
      fecha: acto ? toSantiagoIso(acto.instante) : cumplido ? (p.cumplidoEn as string) : p.vence,
      titulo: cumplido ? plazoCumplidoNombre(p.tipo) : plazoNombre(p.tipo),
      estado: p.estado === 'cumplido' ? 'cumplido' : 'pendiente',
      vence: p.vence,
      cumplido_en: p.cumplidoEn,
      referencia: p.referencia,
    });
  }
  // A receipt after the acts it bills: at its recorded act, else after every act shown.
  const ultimoActo = Math.max(...lineas.filter((l) => l.evento.tipo !== 'plazo' || l.evento.estado === 'cumplido').map((l) => l.orden));
  for (const { id: reciboId } of reciboIds) {
    const recibo = await getRecibo(db, reciboId);
    if (recibo.estado === 'anulado') continue;
    const orden = instanteDe.get(`recibo:${recibo.id}:${id}`) ?? Math.max(ultimoActo, instanteDeFecha(recibo.fecha, new Date(recibo.creado_en)).getTime());
    push(orden, {
      tipo: 'recibo',
      id: recibo.id,
      fecha: toSantiagoIso(new Date(orden)),
      titulo: `Recibo N° ${recibo.numero}`,
      numero: recibo.numero,
      total: recibo.total,
      saldo: recibo.saldo,
      url: `/api/v1/portal/recibos/${recibo.id}/pdf/`,
    });
  }
  // In the order the acts happened (an open deadline at the start of its due date); ties keep the order above.
  const eventos = lineas
    .map((l, i) => ({ ...l, i }))
    .sort((x, y) => x.orden - y.orden || x.i - y.i)
    .map((l) => l.evento);
  return {
    encargo: {
      ...itemOf(head),
      tipo_causa: head.tipo_causa,
      tipo_encargo: head.tipo_encargo,
      cuantia: head.cuantia === null ? null : Number(head.cuantia),
      domicilios: doms.filter((d) => d.activo).map((d) => ({ direccion: d.direccion, comuna: d.comuna, ciudad: d.ciudad })),
    },
    eventos,
  };
}

/** A certificate's PDF when it belongs to one of the firm's assignments. */
export async function getPortalCertificadoPdf(db: TenantDb, estudioId: number, encargoId: number, documentoId: string) {
  await requirePortalEncargo(db, estudioId, encargoId);
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(documentoId)) throw new AppError('NOT_FOUND', 'Certificado no encontrado');
  // The signed PDF when the certificate was signed (its latest signature), else the unsigned one.
  const [doc] = rowsOf<{ pdf: Buffer | Uint8Array | null; rol: string }>(
    await db.execute(sql`
      select coalesce(
               (select f.archivo_pdf from estampado_firmas f where f.estampado_id = s.id order by f.firmado_en desc, f.id desc limit 1),
               s.archivo_pdf) as pdf,
             s.numero_rol as rol
      from estampados s where s.id = ${documentoId}::uuid and s.encargo_id = ${encargoId}`),
  );
  if (!doc?.pdf) throw new AppError('NOT_FOUND', 'Certificado no encontrado');
  return { filename: `certificado-${doc.rol.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`, content: Buffer.from(doc.pdf) };
}

export async function listPortalRecibos(db: TenantDb, estudioId: number, page: number): Promise<PortalRecibosListResponse> {
  const list = await listRecibosPage(db, { estudio: estudioId, page, desde: undefined, hasta: undefined, estado: undefined });
  return { ...list, results: list.results.map((r) => ({ ...r, url: `/api/v1/portal/recibos/${r.id}/pdf/` })) };
}

/** 404 unless the receipt is the firm's. */
export async function requirePortalRecibo(db: TenantDb, estudioId: number, id: number) {
  const { recibos } = tenantSchema;
  const [row] = await db.select({ id: recibos.id }).from(recibos).where(and(eq(recibos.id, id), eq(recibos.estudioId, estudioId)));
  if (!row) throw new AppError('NOT_FOUND', 'Recibo no encontrado');
}

export async function getPortalCatalogos(db: TenantDb, estudioId: number): Promise<PortalCatalogosResponse> {
  const { partesDemandantes } = tenantSchema;
  const [tribunales, tiposCausa, tiposEncargo, comunas, partes] = await Promise.all([
    getTribunales(db),
    getTiposCausa(db),
    getTiposEncargo(db),
    getComunas(),
    db
      .select({ id: partesDemandantes.id, nombre: partesDemandantes.nombre })
      .from(partesDemandantes)
      .where(and(eq(partesDemandantes.estudioId, estudioId), eq(partesDemandantes.activo, true)))
      .orderBy(asc(partesDemandantes.nombre)),
  ]);
  return {
    tribunales: tribunales.map((t) => ({ id: t.id, nombre: t.nombre })),
    tipos_causa: tiposCausa.map((t) => ({ id: t.id, nombre: t.nombre })),
    tipos_encargo: tiposEncargo.map((t) => ({ id: t.id, nombre: t.nombre })),
    partes_demandantes: partes,
    comunas,
  };
}
