import { type CorreoEstado, type CorreoSaliente, type CorreoSalienteListResponse, type CorreoSalienteQuery, CORREO_PAGE_SIZE, correoMessages as m, toSantiagoIso } from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import type { MailTransport } from '../../integrations/mail/mail-transport';
import { mailMessages } from '../../integrations/mail/mail.messages';
import type { MailMessage } from '../../integrations/mail/mail.types';
import { AppError } from '../../lib/app-error';
import { claimCorreo, type CorreoRow, findAdjuntos, findCorreo, insertCorreo, listCorreos, markCorreo } from './correo-saliente.repository';

/** What a mail is, for the outbox (and whoever reads it). */
export type CorreoTipo = 'invitacion_portal' | 'aviso_portal' | 'informe' | 'cobranza' | 'estado_cuenta' | 'alarma' | 'respaldo';

export interface CorreoNuevo extends Omit<MailMessage, 'db'> {
  tipo: CorreoTipo;
  /** Makes a scheduled mail one row however often its job runs ('portal-aviso:12'). */
  clave?: string;
}

export interface CorreoEnvio {
  id: number;
  estado: CorreoEstado;
  via?: 'gmail' | 'smtp';
  messageId?: string;
  /** The transport's reason when it failed. */
  error?: string;
}

const list = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).map((item) => item.trim()).filter(Boolean);
const split = (value: string) => value.split(',').map((item) => item.trim()).filter(Boolean);

/**
 * Delivers one outbox mail if nobody else holds it: through the firm's connected account or SMTP;
 * with neither it stays 'sin_transporte'. Marks the row 'enviado' or 'fallido' with the reason.
 */
export async function entregarCorreo(mail: MailTransport, db: TenantDb, id: number): Promise<CorreoEnvio> {
  const row = await claimCorreo(db, id);
  if (!row) {
    const current = await findCorreo(db, id);
    return { id, estado: current?.estado ?? 'pendiente', error: current?.error || undefined };
  }
  const estudioId = row.estudioId ?? undefined;
  if (!(await mail.canSend({ estudioId, db }))) {
    await markCorreo(db, id, { estado: 'sin_transporte' });
    return { id, estado: 'sin_transporte' };
  }
  const adjuntos = await findAdjuntos(db, [id], true);
  try {
    const sent = await mail.send({
      to: split(row.para),
      cc: split(row.cc),
      subject: row.asunto,
      text: row.cuerpo,
      html: row.html ?? undefined,
      attachments: adjuntos.map((a) => ({ filename: a.nombre, content: Buffer.from(a.contenido!), contentType: a.tipoContenido })),
      estudioId,
      db,
      messageId: row.messageId || undefined,
    });
    await markCorreo(db, id, { estado: 'enviado', via: sent.via, messageId: sent.messageId ?? '', enviadoEn: new Date(), error: '' });
    return { id, estado: 'enviado', via: sent.via, messageId: sent.messageId };
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    await markCorreo(db, id, { estado: 'fallido', error: reason });
    return { id, estado: 'fallido', error: reason };
  }
}

/**
 * The one way the product sends mail: the mail is written to the receiver's outbox, then delivered at
 * once when a transport exists (else it waits as 'sin_transporte'). A delivery that fails stays
 * 'fallido' with its reason and throws the transport's Spanish 409 (`{ throwOnFailure: false }` returns it).
 */
export async function enviarCorreo(
  mail: MailTransport,
  db: TenantDb,
  correo: CorreoNuevo,
  options: { throwOnFailure?: boolean } = {},
): Promise<CorreoEnvio> {
  const to = list(correo.to);
  const cc = list(correo.cc);
  if (to.length === 0 && cc.length === 0) throw new AppError('BAD_REQUEST', mailMessages.sinDestinatarios);
  const disponible = await mail.canSend({ estudioId: correo.estudioId, db });
  const row = await insertCorreo(
    db,
    {
      tipo: correo.tipo,
      clave: correo.clave ?? null,
      para: to.join(', '),
      cc: cc.join(', '),
      asunto: correo.subject.slice(0, 300),
      cuerpo: correo.text ?? '',
      html: correo.html ?? null,
      estudioId: correo.estudioId ?? null,
      messageId: correo.messageId ?? '',
      estado: disponible ? 'pendiente' : 'sin_transporte',
    },
    (correo.attachments ?? []).map((a) => ({ nombre: a.filename, tipoContenido: a.contentType ?? 'application/octet-stream', contenido: a.content })),
  );
  const result = row.estado === 'enviado' || row.estado === 'sin_transporte' ? { id: row.id, estado: row.estado } : await entregarCorreo(mail, db, row.id);
  if (result.estado === 'fallido' && options.throwOnFailure !== false) {
    throw new AppError('CONFLICT', result.error?.startsWith('No se pudo enviar') ? result.error : mailMessages.envioFallido(result.error ?? ''));
  }
  return result;
}

function correoOf(row: CorreoRow, adjuntos: Array<{ nombre: string; bytes: number }>): CorreoSaliente {
  return {
    id: row.id,
    asunto: row.asunto,
    para: row.para,
    creado: toSantiagoIso(row.creadoEn),
    enviado: row.enviadoEn ? toSantiagoIso(row.enviadoEn) : null,
    estado: row.estado,
    cuerpo: row.cuerpo,
    adjuntos: adjuntos.map((a) => ({ nombre: a.nombre, bytes: a.bytes })),
    error: row.error,
  };
}

export async function listCorreoSaliente(db: TenantDb, query: CorreoSalienteQuery): Promise<CorreoSalienteListResponse> {
  const { count, rows } = await listCorreos(db, query);
  const adjuntos = await findAdjuntos(db, rows.map((row) => row.id), false);
  return {
    count,
    page: query.page,
    page_size: CORREO_PAGE_SIZE,
    results: rows.map((row) => {
      const { cuerpo: _cuerpo, ...resumen } = correoOf(row, adjuntos.filter((a) => a.correoId === row.id));
      return resumen;
    }),
  };
}

export async function getCorreoSaliente(db: TenantDb, id: number): Promise<CorreoSaliente> {
  const row = await findCorreo(db, id);
  if (!row) throw new AppError('NOT_FOUND', m.noEncontrado);
  return correoOf(row, await findAdjuntos(db, [id], false));
}
