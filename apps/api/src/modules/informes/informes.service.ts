import {
  type ConfiguracionInformes,
  type ConfiguracionInformesInput,
  type EnviarExcelInput,
  estudioMessages,
  FRECUENCIA_LABELS,
  type Frecuencia,
  type InformeEnvio,
  type InformeFila,
  type InformePreview,
  informeMessages as m,
  PERIODO_TEXTO,
  toSantiagoIso,
  correoMessages,
} from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { AppError } from '../../lib/app-error';
import { type FirmaReceptor, firmaReceptor } from '../../integrations/mail/firma';
import type { MailTransport } from '../../integrations/mail/mail-transport';
import { enviarCorreo } from '../correo-saliente/correo-saliente.service';
import { buildInformeXlsx, informeFileName, XLSX_CONTENT_TYPE } from './informe-excel';
import {
  type EnvioRow,
  type EstudioConConfiguracion,
  findEmailsPorTipo,
  findEstudioConConfiguracion,
  findFilasInforme,
  insertEnvio,
  listEnvios,
  saveConfiguracion,
} from './informes.repository';
import { type PeriodoInforme, reportPeriod, santiagoToday } from './periodos';

async function requireEstudio(db: TenantDb, estudioId: number): Promise<EstudioConConfiguracion> {
  const estudio = await findEstudioConConfiguracion(db, estudioId);
  if (!estudio) throw new AppError('NOT_FOUND', estudioMessages.estudioNoEncontrado);
  return estudio;
}

export function toConfiguracion(estudio: EstudioConConfiguracion): ConfiguracionInformes {
  return {
    // Before the panel is first saved, the Registrar Estudio switches decide whether reports are on.
    informes_activos: estudio.configurado ? Boolean(estudio.informesActivos) : estudio.diario || estudio.mensual,
    diario: estudio.diario,
    semanal: Boolean(estudio.semanal),
    mensual: estudio.mensual,
    formato: 'excel',
    correo_raiz: estudio.correoRaiz ?? '',
  };
}

export async function getConfiguracion(db: TenantDb, estudioId: number): Promise<ConfiguracionInformes> {
  return toConfiguracion(await requireEstudio(db, estudioId));
}

export async function guardarConfiguracion(
  db: TenantDb,
  estudioId: number,
  input: ConfiguracionInformesInput,
  now = new Date(),
): Promise<{ message: string; configuracion: ConfiguracionInformes }> {
  await requireEstudio(db, estudioId);
  await saveConfiguracion(
    db,
    estudioId,
    {
      informesActivos: input.informes_activos,
      diario: input.diario,
      semanal: input.semanal,
      mensual: input.mensual,
      formato: input.formato,
      correoRaiz: input.correo_raiz,
    },
    now,
  );
  return { message: m.configuracionGuardada, configuracion: await getConfiguracion(db, estudioId) };
}

function toFila(row: Awaited<ReturnType<typeof findFilasInforme>>[number]): InformeFila {
  return {
    id: row.id,
    numero_rol: row.numero_rol,
    estado: row.estado,
    valor_asociado: row.valor_asociado === null ? null : Number(row.valor_asociado),
    parte_demandante: row.parte_demandante,
    fecha_diligencia: row.fecha_diligencia,
    fecha_demanda: row.fecha_demanda,
    fecha_estampado: row.fecha_estampado,
    fecha_encargo: row.fecha_encargo,
    tipo_causa_nombre: row.tipo_causa_nombre,
    tipo_encargo_nombre: row.tipo_encargo_nombre,
    tipo_estampado: row.tipo_estampado,
    tribunal: row.tribunal,
    rut_ejecutado: row.rut_ejecutado,
    ejecutados: row.ejecutados,
    vence_excepciones: row.vence_excepciones,
  };
}

/** The report of a firm for the period before `fechaReferencia` (may hold no rows). */
export async function buildInforme(
  db: TenantDb,
  estudio: { id: number; nombre: string },
  frecuencia: Frecuencia,
  fechaReferencia: string,
): Promise<InformePreview & { rango: PeriodoInforme }> {
  const rango = reportPeriod(frecuencia, fechaReferencia);
  const rows = (
    await findFilasInforme(db, estudio.id, {
      fechaInicio: rango.fecha_inicio,
      fechaFin: rango.fecha_fin,
      desde: rango.desde,
      hasta: rango.hasta,
    })
  ).map(toFila);
  const { desde: _d, hasta: _h, ...periodo } = rango;
  return {
    estudio: { id: estudio.id, nombre: estudio.nombre },
    periodo,
    estadisticas: {
      total_roles: rows.length,
      total_valor: rows.reduce((sum, row) => sum + (row.valor_asociado ?? 0), 0),
    },
    datos: rows,
    rango,
  };
}

function stripRango(informe: InformePreview & { rango?: PeriodoInforme }): InformePreview {
  const { rango: _r, ...rest } = informe;
  return rest;
}

export async function previewInforme(
  db: TenantDb,
  estudioId: number,
  query: { frecuencia: Frecuencia; fecha_referencia?: string },
  now = new Date(),
): Promise<InformePreview> {
  const estudio = await requireEstudio(db, estudioId);
  const informe = await buildInforme(db, estudio, query.frecuencia, query.fecha_referencia ?? santiagoToday(now));
  if (informe.datos.length === 0) throw new AppError('NOT_FOUND', m.sinEncargos(PERIODO_TEXTO[query.frecuencia]));
  return stripRango(informe);
}

export interface InformeArchivo {
  filename: string;
  contentType: string;
  content: Buffer;
  informe: InformePreview;
}

export async function generarExcel(
  db: TenantDb,
  receptor: string,
  estudioId: number,
  input: { frecuencia: Frecuencia; fecha_referencia?: string },
  now = new Date(),
): Promise<InformeArchivo> {
  const estudio = await requireEstudio(db, estudioId);
  const hoy = santiagoToday(now);
  const informe = stripRango(await buildInforme(db, estudio, input.frecuencia, input.fecha_referencia ?? hoy));
  if (informe.datos.length === 0) throw new AppError('NOT_FOUND', m.sinEncargos(PERIODO_TEXTO[input.frecuencia]));
  return {
    filename: informeFileName(input.frecuencia, estudio.nombre, hoy),
    contentType: XLSX_CONTENT_TYPE,
    content: await buildInformeXlsx(informe, receptor, hoy),
    informe,
  };
}

/** Recipients of a firm's reports: e-mails of type informes or principal, plus the root e-mail. */
export async function reportRecipients(db: TenantDb, estudio: EstudioConConfiguracion): Promise<string[]> {
  const emails = await findEmailsPorTipo(db, estudio.id, ['informes', 'principal']);
  const all = [...emails, ...(estudio.correoRaiz ? [estudio.correoRaiz] : [])].map((e) => e.toLowerCase());
  return [...new Set(all)];
}

/** Recipients, refusing to mail a firm that has none. */
export async function reportReceipientsSafe(db: TenantDb, estudio: EstudioConConfiguracion): Promise<string[]> {
  const recipients = await reportRecipients(db, estudio);
  if (recipients.length === 0) throw new AppError('BAD_REQUEST', m.sinDestinatarios);
  return recipients;
}

/** The requerimientos de pago of the report and where their excepciones term is: nothing without one. */
function requerimientosLinea(informe: InformePreview): string[] {
  const n = informe.datos.filter((fila) => fila.vence_excepciones !== null).length;
  if (n === 0) return [];
  return [
    n === 1
      ? `1 requerimiento de pago: el vencimiento del plazo para oponer excepciones va en la columna 'Vence excepciones'.`
      : `${n} requerimientos de pago: el vencimiento del plazo para oponer excepciones va en la columna 'Vence excepciones'.`,
  ];
}

/** The report's mail, signed with the receiver's signature block (see firmaReceptor). */
export function mailText(informe: InformePreview, firma: string) {
  const label = FRECUENCIA_LABELS[informe.periodo.frecuencia].toLowerCase();
  const subject = `Informe ${label} de encargos estampados — ${informe.estudio.nombre} — ${informe.periodo.descripcion}`;
  const total = `$${informe.estadisticas.total_valor.toLocaleString('es-CL')}`;
  const text = [
    `Estimados ${informe.estudio.nombre}:`,
    '',
    `Adjuntamos el informe ${label} de encargos estampados del periodo ${informe.periodo.descripcion}.`,
    `Roles: ${informe.estadisticas.total_roles}. Valor total: ${total}.`,
    ...requerimientosLinea(informe),
    '',
    `Saludos cordiales,`,
    '',
    firma,
  ].join('\n');
  return { subject, text };
}

export async function enviarExcel(
  ctx: { db: TenantDb; mail: MailTransport; receptor: FirmaReceptor },
  estudioId: number,
  input: EnviarExcelInput,
  now = new Date(),
): Promise<{ message: string; destinatarios: string[]; archivo: string; via: 'gmail' | 'smtp' | 'bandeja' }> {
  const estudio = await requireEstudio(ctx.db, estudioId);
  if (!estudio.correoRaiz) throw new AppError('BAD_REQUEST', m.correoRaizRequerido, { errors: { correo_raiz: [m.correoRaizRequerido] } });
  const archivo = await generarExcel(ctx.db, ctx.receptor.nombre, estudioId, input, now);
  const destinatarios = input.correo_destino
    ? [...new Set([input.correo_destino, estudio.correoRaiz])]
    : await reportRecipients(ctx.db, estudio);
  const { subject, text } = mailText(archivo.informe, firmaReceptor(ctx.receptor));
  const base = {
    estudioId,
    frecuencia: input.frecuencia,
    fechaInicio: archivo.informe.periodo.fecha_inicio,
    fechaFin: archivo.informe.periodo.fecha_fin,
    origen: 'manual' as const,
    destinatarios: destinatarios.join(', '),
    filas: archivo.informe.estadisticas.total_roles,
    totalValor: archivo.informe.estadisticas.total_valor,
    archivo: archivo.filename,
    fechaCreacion: now,
  };
  try {
    const sent = await enviarCorreo(ctx.mail, ctx.db, {
      tipo: 'informe',
      to: destinatarios,
      subject,
      text,
      attachments: [{ filename: archivo.filename, content: archivo.content, contentType: archivo.contentType }],
      estudioId,
    });
    if (sent.estado === 'sin_transporte') {
      await insertEnvio(ctx.db, { ...base, estado: 'fallido', error: correoMessages.soloEnBandeja });
      return { message: correoMessages.soloEnBandeja, destinatarios, archivo: archivo.filename, via: 'bandeja' };
    }
    await insertEnvio(ctx.db, { ...base, estado: 'enviado', via: sent.via, messageId: sent.messageId, fechaEnvio: new Date() });
    return { message: m.informeEnviado(destinatarios.join(', ')), destinatarios, archivo: archivo.filename, via: sent.via ?? 'smtp' };
  } catch (error) {
    await insertEnvio(ctx.db, { ...base, estado: 'fallido', error: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}

export function toEnvio(row: EnvioRow): InformeEnvio {
  return {
    id: row.id,
    frecuencia: row.frecuencia,
    fecha_inicio: row.fechaInicio,
    fecha_fin: row.fechaFin,
    origen: row.origen,
    estado: row.estado,
    intentos: row.intentos,
    destinatarios: row.destinatarios ? row.destinatarios.split(', ') : [],
    filas: row.filas,
    total_valor: Number(row.totalValor),
    via: row.via,
    archivo: row.archivo,
    error: row.error,
    fecha_creacion: toSantiagoIso(row.fechaCreacion),
    fecha_envio: row.fechaEnvio ? toSantiagoIso(row.fechaEnvio) : null,
  };
}

export async function listInformesEnviados(db: TenantDb, estudioId: number, limite: number): Promise<InformeEnvio[]> {
  await requireEstudio(db, estudioId);
  return (await listEnvios(db, estudioId, limite)).map(toEnvio);
}
