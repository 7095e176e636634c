import { createHash } from 'node:crypto';
import {
  type EncargoCreateValue,
  type EncargoDetail,
  type FichaTerrenoRequest,
  type MembreteRequest,
  idempotencyMessages,
} from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { buildFichaTerrenoPdf } from '../../documents/ficha-terreno';
import { buildMembretePdf } from '../../documents/membrete';
import { AppError } from '../../lib/app-error';
import type { AuditActor } from '../auditoria/audit-actor';
import { ClaveYaUsada, createEncargo, getEncargo } from '../encargos/encargos.service';
import { findEstudioName, findIdempotencyKey, findTribunalName } from './nuevo-encargo.repository';

const OPERACION_NUEVO_ENCARGO = 'nuevo_encargo';

/**
 * Nuevo Encargo with an optional idempotency key (issue 11): the first submission with a key creates
 * the assignment; any repeat (a double click, a retry, a racing 'Generar Membrete') gets that same
 * assignment back. The key is claimed in the creating transaction, so a failed creation frees it and
 * a concurrent repeat waits for the first and then replays it. The same key with other data is refused.
 */
export async function createEncargoOnce(
  db: TenantDb,
  input: EncargoCreateValue,
  actor: AuditActor,
  clave: string | undefined,
): Promise<EncargoDetail> {
  if (!clave) return createEncargo(db, input, actor);
  const huella = createHash('sha256').update(JSON.stringify(input)).digest('hex');
  try {
    // The key is claimed in the statement that inserts the assignment (5 statements in all).
    return await createEncargo(db, input, actor, new Date(), { operacion: OPERACION_NUEVO_ENCARGO, clave, huella });
  } catch (error) {
    // Taken by an earlier submission (or refused now while an earlier one with the key succeeded):
    // that submission's assignment, if the data is the same.
    const refused = error instanceof AppError && error.code === 'BAD_REQUEST';
    if (!(error instanceof ClaveYaUsada) && !refused) throw error;
    const previous = await findIdempotencyKey(db, OPERACION_NUEVO_ENCARGO, clave);
    if (refused && !previous) throw error;
    if (!previous || previous.huella !== huella || previous.encargoId === null) {
      throw new AppError('CONFLICT', idempotencyMessages.claveReutilizada);
    }
    return getEncargo(db, previous.encargoId);
  }
}

export interface PdfFile {
  filename: string;
  content: Buffer;
}

/** Only letters, digits and dashes reach a file name. */
function fileSafe(rol: string): string {
  return rol.replace(/[^A-Za-z0-9-]/g, '_');
}

/** The receiver's name printed on documents: the one sent, else the tenant's. */
function receptorName(sent: string, tenantNombre: string): string {
  return sent.trim() || tenantNombre;
}

export async function generateMembrete(input: MembreteRequest, tenantNombre: string): Promise<PdfFile> {
  const content = await buildMembretePdf({
    nombreReceptor: receptorName(input.nombre_receptor, tenantNombre),
    numeroRol: input.numero_rol,
    tribunal: input.tribunal_nombre,
    tipoCausa: input.tipo_causa_nombre,
    partes: input.partes,
    fechaEncargo: input.fecha_encargo,
    ejecutados: input.ejecutados,
    direccion: input.ejecutado_direccion,
    comuna: input.ejecutado_comuna,
  });
  return { filename: `membrete_${fileSafe(input.numero_rol)}.pdf`, content };
}

/** A numeric firm or court value is an id: its name is read from the tenant's lists. */
async function nameOrId(value: string, find: (id: number) => Promise<string | undefined>): Promise<string> {
  if (/^\d+$/.test(value)) return (await find(Number(value))) ?? value;
  return value;
}

export async function generateFichaTerreno(
  db: TenantDb,
  input: FichaTerrenoRequest,
  tenantNombre: string,
): Promise<PdfFile> {
  const [estudio, tribunal] = await Promise.all([
    nameOrId(input.estudio_juridico, (id) => findEstudioName(db, id)),
    nameOrId(input.tribunal, (id) => findTribunalName(db, id)),
  ]);
  const content = await buildFichaTerrenoPdf({
    nombreReceptor: receptorName(input.nombre_receptor, tenantNombre),
    fechaActual: input.fecha_actual,
    estudioJuridico: estudio,
    cuantia: input.cuantia ?? null,
    tribunal,
    tipoCausa: input.tipo_causa_nombre,
    numeroRol: input.numero_rol,
    rutEjecutado: input.rut_ejecutado,
    partes: input.partes,
    tipoEncargo: input.tipo_encargo_nombre,
    ejecutados: input.ejecutados,
    fechaDemanda: input.fecha_demanda,
    fechaResolucion: input.fecha_resolucion,
    direccion: input.ejecutado_direccion,
    comuna: input.ejecutado_comuna,
  });
  return { filename: `ficha_terreno_${fileSafe(input.numero_rol)}.pdf`, content };
}
