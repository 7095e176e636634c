import {
  COBRANZA_COLUMNAS,
  COBRANZA_COLUMNAS_OBLIGATORIAS,
  type CobranzaConfiguracion,
  type CobranzaEncargo,
  type CobranzaEncargosQuery,
  type CobranzaEncargosResponse,
  type CobranzaFiltros,
  type CobranzaHistorial,
  cobranzaMessages as m,
  correoMessages,
  type EnviarPlanillaResponse,
  formatDate,
  type GenerarPlanillaInput,
  type GenerarPlanillaResponse,
  ordenarColumnas,
  TIME_ZONE,
  todayIso,
  toSantiagoIso,
} from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { AppError } from '../../lib/app-error';
import type { MailTransport } from '../../integrations/mail/mail-transport';
import { enviarCorreo } from '../correo-saliente/correo-saliente.service';
import {
  appendEnvio,
  type CobrableRow,
  findCobrablesByIds,
  findEstudio,
  findPlanilla,
  findPlanillaRepetida,
  insertPlanilla,
  listCobrables,
  listEstudioEmails,
  listPlanillas,
  lockPlanillasOf,
} from './cobranza.repository';
import { buildPlanillaXlsx } from './planilla-xlsx';

/** Where the stamp and collection service lives (spec 02 §7). */
export const SERVICE_PREFIX = '/estampados/api';

export interface Actor {
  userId: number;
  username: string;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function toEncargo(row: CobrableRow): CobranzaEncargo {
  return {
    ...row,
    valor_asociado: Number(row.valor_asociado),
    ultima_diligencia_valor: row.ultima_diligencia_valor === null ? null : Number(row.ultima_diligencia_valor),
  };
}

const sum = (rows: readonly CobranzaEncargo[]) => rows.reduce((acc, row) => acc + row.valor_asociado, 0);

export async function listEncargosCobranza(db: TenantDb, query: CobranzaEncargosQuery): Promise<CobranzaEncargosResponse> {
  const encargos = (await listCobrables(db, query)).map(toEncargo);
  return { encargos, total: sum(encargos) };
}

export function getConfiguracion(): CobranzaConfiguracion {
  return {
    columnas: COBRANZA_COLUMNAS.map((c) => ({
      id: c.id,
      nombre: c.nombre,
      obligatoria: COBRANZA_COLUMNAS_OBLIGATORIAS.includes(c.id),
      predeterminada: COBRANZA_COLUMNAS_OBLIGATORIAS.includes(c.id),
    })),
    columnasPredeterminadas: [...COBRANZA_COLUMNAS_OBLIGATORIAS],
    configuracion: { incluirEncabezado: false, soloColumnas: true },
    moneda: 'CLP',
    zonaHoraria: TIME_ZONE,
  };
}

/** 'dd/mm/yyyy', 'Desde … hasta …' or 'Todo el período'. */
export function periodoText(filtros: CobranzaFiltros): string {
  if (filtros.fechaEspecifica) return formatDate(filtros.fechaEspecifica);
  if (filtros.fechaInicio && filtros.fechaFin) return `Desde ${formatDate(filtros.fechaInicio)} hasta ${formatDate(filtros.fechaFin)}`;
  if (filtros.fechaInicio) return `Desde ${formatDate(filtros.fechaInicio)}`;
  if (filtros.fechaFin) return `Hasta ${formatDate(filtros.fechaFin)}`;
  return m.todoElPeriodo;
}

/** The period in the mail's sentence: 'de todo el período', 'del 01/11/2026 al 25/11/2026', 'del 25/11/2026', … */
export function periodoFrase(filtros: CobranzaFiltros): string {
  const f = m.periodoFrase;
  if (filtros.fechaEspecifica) return f.dia(formatDate(filtros.fechaEspecifica));
  if (filtros.fechaInicio && filtros.fechaFin) return f.rango(formatDate(filtros.fechaInicio), formatDate(filtros.fechaFin));
  if (filtros.fechaInicio) return f.desde(formatDate(filtros.fechaInicio));
  if (filtros.fechaFin) return f.hasta(formatDate(filtros.fechaFin));
  return f.todo;
}

function slug(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 60) || 'estudio'
  );
}

export const archivoUrl = (id: number) => `${SERVICE_PREFIX}/cobranza/planillas/${id}/archivo/`;

/**
 * Builds the sheet from the assignments the screen previewed (read again here: the client's
 * copies are never trusted), stores it with who/when/filters/total and answers its link.
 */
export async function generarPlanilla(
  db: TenantDb,
  actor: Actor,
  receptor: string,
  input: GenerarPlanillaInput,
): Promise<GenerarPlanillaResponse> {
  const ids = [...new Set(input.encargos)];
  const rows = (await findCobrablesByIds(db, ids)).map(toEncargo);
  const missing = ids.filter((id) => !rows.some((row) => row.id === id));
  if (missing.length > 0) {
    const message = m.encargosNoCobrables(missing);
    throw new AppError('BAD_REQUEST', message, { errors: { encargos: [message] } });
  }
  if (rows.length === 0) throw new AppError('BAD_REQUEST', m.sinDatos);
  const columns = ordenarColumnas(input.columnasSeleccionadas);
  const filtros: CobranzaFiltros = {
    estudio: input.filtros.estudio ?? null,
    fechaInicio: input.filtros.fechaInicio ?? null,
    fechaFin: input.filtros.fechaFin ?? null,
    fechaEspecifica: input.filtros.fechaEspecifica ?? null,
    ...(input.filtros.soloSinRecibo ? { soloSinRecibo: true } : {}),
  };
  if (filtros.soloSinRecibo) {
    const facturados = rows.filter((row) => row.recibo_numero !== null).map((row) => row.numero_rol);
    if (facturados.length > 0) {
      const message = m.conRecibo(facturados);
      throw new AppError('BAD_REQUEST', message, { errors: { encargos: [message] } });
    }
  }
  const estudio = filtros.estudio ? await findEstudio(db, filtros.estudio) : undefined;
  if (filtros.estudio && !estudio) throw new AppError('BAD_REQUEST', m.estudioInvalido, { errors: { filtros: [m.estudioInvalido] } });
  const estudioNombre = estudio?.nombre ?? m.todosLosEstudios;
  const total = sum(rows);
  const now = new Date();
  const file = await buildPlanillaXlsx(
    rows,
    columns,
    total,
    input.configuracion.incluirEncabezado
      ? { estudio: estudioNombre, periodo: periodoText(filtros), receptor, generada: formatDate(now) }
      : null,
  );
  const nombreArchivo = `planilla_cobranza_${slug(estudio?.nombre ?? 'todos')}_${todayIso(now)}.xlsx`;
  const values = {
    usuarioId: actor.userId,
    usuario: actor.username,
    estudioId: estudio?.id ?? null,
    estudioNombre: estudio?.nombre ?? '',
    filtros,
    columnas: columns,
    incluirEncabezado: input.configuracion.incluirEncabezado,
    totalEncargos: rows.length,
    valorTotal: total,
    nombreArchivo,
    archivo: file,
  };
  // A repeat of the same sheet by the same user within seconds (a double click, a retry) answers
  // the sheet already stored instead of adding a second history row.
  const stored = await db.transaction(async (tx) => {
    await lockPlanillasOf(tx, actor.userId);
    const repetida = await findPlanillaRepetida(tx, values);
    if (repetida) return repetida;
    return { id: await insertPlanilla(tx, values), nombreArchivo };
  });
  const id = stored.id;
  return {
    success: true,
    archivo: { id, url: archivoUrl(id), nombre: stored.nombreArchivo },
    error: null,
    total_encargos: rows.length,
    valor_total: total,
  };
}

export async function getHistorial(db: TenantDb): Promise<CobranzaHistorial> {
  const rows = await listPlanillas(db);
  return {
    success: true,
    planillas: rows.map((row) => ({
      id: row.id,
      fecha_creacion: toSantiagoIso(row.fechaCreacion),
      usuario: row.usuario,
      estudio_id: row.estudioId,
      estudio_nombre: row.estudioNombre || m.todosLosEstudios,
      filtros: row.filtros as CobranzaHistorial['planillas'][number]['filtros'],
      columnas: row.columnas as string[],
      total_encargos: row.totalEncargos,
      valor_total: Number(row.valorTotal),
      nombre_archivo: row.nombreArchivo,
      url: archivoUrl(row.id),
      envios: row.envios as CobranzaHistorial['planillas'][number]['envios'],
    })),
  };
}

export async function getArchivo(db: TenantDb, id: number) {
  const row = await findPlanilla(db, id);
  if (!row) throw new AppError('NOT_FOUND', m.planillaNoEncontrada);
  return { nombre: row.nombreArchivo, contenido: row.archivo };
}

/**
 * Sends a stored sheet to the firm of its filter: its active collection addresses, else its
 * principal one; the send is added to the sheet's history.
 */
export async function enviarPlanilla(
  mail: MailTransport,
  db: TenantDb,
  actor: Actor,
  id: number,
  /** The receiver's signature block that ends the mail (firmaReceptor); '' for none. */
  firma = '',
): Promise<EnviarPlanillaResponse> {
  const planilla = await findPlanilla(db, id);
  if (!planilla) throw new AppError('NOT_FOUND', m.planillaNoEncontrada);
  if (!planilla.estudioId) throw new AppError('BAD_REQUEST', m.envioSinEstudio);
  const estudio = await findEstudio(db, planilla.estudioId);
  if (!estudio) throw new AppError('BAD_REQUEST', m.envioSinEstudio);
  let destinatarios = await listEstudioEmails(db, estudio.id, 'cobranza');
  if (destinatarios.length === 0) destinatarios = await listEstudioEmails(db, estudio.id, 'principal');
  if (destinatarios.length === 0) throw new AppError('BAD_REQUEST', m.envioSinCorreos(estudio.nombre));
  const filtros = planilla.filtros as CobranzaFiltros;
  const periodo = periodoText(filtros);
  const valor = new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP', maximumFractionDigits: 0 }).format(
    Number(planilla.valorTotal),
  );
  const correo = await enviarCorreo(mail, db, {
    tipo: 'cobranza',
    to: destinatarios,
    subject: m.asuntoCorreo(estudio.nombre, periodo),
    text:
      `Estimados ${estudio.nombre}:\n\n` +
      `${m.cuerpoCorreo(estudio.nombre, periodoFrase(filtros), planilla.totalEncargos, valor)}\n\n` +
      'Saludos cordiales.' +
      (firma ? `\n\n${firma}` : ''),
    attachments: [{ filename: planilla.nombreArchivo, content: planilla.archivo, contentType: XLSX_TYPE }],
    estudioId: estudio.id,
  });
  await appendEnvio(db, id, { fecha: toSantiagoIso(new Date()), destinatarios, usuario: actor.username });
  return { success: true, mensaje: correo.estado === 'sin_transporte' ? correoMessages.soloEnBandeja : m.planillaEnviada(destinatarios), destinatarios };
}
