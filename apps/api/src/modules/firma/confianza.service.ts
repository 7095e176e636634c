import {
  type Autoridad,
  confianzaMessages as m,
  FIRMA_SIN_REVOCACION_POR_DEFECTO,
  type FirmaConfiguracion,
  type FirmaSinRevocacion,
  toSantiagoIso,
} from '@receptoria/contracts';
import { type ControlDb, controlSchema, type TenantDb, tenantSchema } from '@receptoria/db';
import { asc, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/db-errors';
import type { AuditActor } from '../auditoria/audit-actor';
import { recordAudit, recordControlAudit } from '../auditoria/auditoria.service';
import { motivoNoApto } from './aptitud';
import { construirCadena } from './cadena';
import { consultarCadena, type Fuente, type VerificadorRevocacion } from './revocacion';
import { type Certificado, CertificadoIlegibleError, leerCertificado, nombreCorto } from './x509';

const { firmaAutoridades } = controlSchema;
const { firmaConfiguracion } = tenantSchema;

// ---------------------------------------------------------------------------------------------
// Receiver setting: firma_sin_revocacion

export async function leerConfiguracionFirma(db: TenantDb): Promise<FirmaConfiguracion> {
  const [row] = await db.select().from(firmaConfiguracion).where(eq(firmaConfiguracion.id, 1));
  return { firma_sin_revocacion: row?.firmaSinRevocacion ?? FIRMA_SIN_REVOCACION_POR_DEFECTO };
}

export async function guardarConfiguracionFirma(db: TenantDb, input: FirmaConfiguracion, actor: AuditActor): Promise<FirmaConfiguracion> {
  return db.transaction(async (tx) => {
    const antes = await leerConfiguracionFirma(tx);
    await tx
      .insert(firmaConfiguracion)
      .values({ id: 1, firmaSinRevocacion: input.firma_sin_revocacion })
      .onConflictDoUpdate({ target: firmaConfiguracion.id, set: { firmaSinRevocacion: input.firma_sin_revocacion, actualizadoEn: new Date() } });
    if (antes.firma_sin_revocacion !== input.firma_sin_revocacion) {
      await recordAudit(tx, actor, {
        entidad: 'firma_configuracion',
        entidadId: 1,
        accion: 'modificar',
        cambios: { firma_sin_revocacion: { antes: antes.firma_sin_revocacion, despues: input.firma_sin_revocacion } },
      });
    }
    return { firma_sin_revocacion: input.firma_sin_revocacion };
  });
}

// ---------------------------------------------------------------------------------------------
// Certificate authorities the platform admin adds

type AutoridadRow = typeof firmaAutoridades.$inferSelect;

const nombreDn = (attrs: Certificado['sujeto']) => attrs.map((a) => a.valor).filter(Boolean).join(', ');

function autoridadDe(row: AutoridadRow): Autoridad {
  return {
    id: row.id,
    nombre: row.nombre,
    sujeto: row.sujeto,
    emisor: row.emisor,
    huella_sha256: row.huellaSha256,
    valido_desde: toSantiagoIso(row.validoDesde),
    valido_hasta: toSantiagoIso(row.validoHasta),
    agregada: toSantiagoIso(row.agregadaEn),
    agregada_por: row.agregadaPor,
  };
}

export async function listarAutoridades(controlDb: ControlDb): Promise<Autoridad[]> {
  return (await controlDb.select().from(firmaAutoridades).orderBy(asc(firmaAutoridades.id))).map(autoridadDe);
}

/** The added CA certificates, parsed (an unreadable row is skipped). */
export async function certificadosAutoridades(controlDb: ControlDb): Promise<Certificado[]> {
  const rows = await controlDb.select({ der: firmaAutoridades.certificadoDer }).from(firmaAutoridades);
  return rows.flatMap((row) => {
    try {
      return [leerCertificado(Buffer.from(row.der, 'base64'))];
    } catch {
      return [];
    }
  });
}

/** PEM (one certificate) or DER in base64. */
function leerTextoCertificado(texto: string): Certificado {
  const limpio = texto.trim();
  try {
    if (limpio.includes('-----BEGIN CERTIFICATE-----')) return leerCertificado(Buffer.from(limpio, 'latin1'));
    const compacto = limpio.replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compacto)) throw new CertificadoIlegibleError('no es base64');
    return leerCertificado(Buffer.from(compacto, 'base64'));
  } catch {
    throw new AppError('BAD_REQUEST', m.autoridadInvalida, { errors: { certificado: [m.autoridadInvalida] } });
  }
}

export async function agregarAutoridad(controlDb: ControlDb, tenantId: number, texto: string, actor: AuditActor): Promise<Autoridad> {
  const cert = leerTextoCertificado(texto);
  if (!cert.esCa) throw new AppError('BAD_REQUEST', m.autoridadNoEsCa, { errors: { certificado: [m.autoridadNoEsCa] } });
  try {
    return await controlDb.transaction(async (tx) => {
      const [row] = await tx
        .insert(firmaAutoridades)
        .values({
          certificadoDer: cert.der.toString('base64'),
          huellaSha256: cert.huellaSha256,
          nombre: nombreCorto(cert.sujeto).slice(0, 300) || cert.huellaSha256.slice(0, 16),
          sujeto: nombreDn(cert.sujeto).slice(0, 2000),
          emisor: nombreDn(cert.emisor).slice(0, 2000),
          validoDesde: cert.validoDesde,
          validoHasta: cert.validoHasta,
          agregadaPor: actor.username.slice(0, 150),
        })
        .returning();
      await recordControlAudit(tx, tenantId, actor, {
        entidad: 'firma_autoridad',
        entidadId: row!.id,
        accion: 'crear',
        cambios: { autoridad: { antes: null, despues: { nombre: row!.nombre, huella_sha256: row!.huellaSha256 } } },
      });
      return autoridadDe(row!);
    });
  } catch (error) {
    if (uniqueViolation(error) !== undefined) throw new AppError('BAD_REQUEST', m.autoridadDuplicada, { errors: { certificado: [m.autoridadDuplicada] } });
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// The check before storing a certificate and before each signing (P12 or token)

export interface ComprobacionDeps {
  db: TenantDb;
  controlDb: ControlDb;
  revocacion: VerificadorRevocacion;
}

export type Comprobacion =
  | {
      ok: true;
      /** The chain to embed, leaf first (plus the signer's other certificates). */
      cadena: Buffer[];
      revocacion: { verificada: boolean; motivo: string | null; fuente: Fuente | null };
    }
  | { ok: false; razon: 'uso_clave' | 'tamano_clave' | 'tipo_clave' | 'revocado' | 'revocacion_no_verificada'; motivo: string };

/**
 * Whether `firmante` may sign now: fit for signing (aptitud.ts), its chain built from the certificates
 * it came with and the platform's CAs, and its revocation status: revoked refuses; unknown follows the
 * receiver's firma_sin_revocacion (refuse, or sign and mark the document "revocación no verificada").
 */
export async function comprobarFirmante(deps: ComprobacionDeps, firmante: Certificado, propios: readonly Certificado[], now = new Date()): Promise<Comprobacion> {
  const noApto = motivoNoApto(firmante);
  if (noApto) return { ok: false, razon: noApto.razon, motivo: noApto.mensaje };
  const autoridades = await certificadosAutoridades(deps.controlDb);
  const { cadena } = construirCadena(firmante, [...propios, ...autoridades]);
  const estado = await consultarCadena(deps.revocacion, cadena, now);
  if (estado.estado === 'revocado') return { ok: false, razon: 'revocado', motivo: estado.motivo };
  const embebidos = [...cadena, ...propios.filter((c) => !cadena.some((e) => e.huellaSha256 === c.huellaSha256))].map((c) => c.der);
  if (estado.estado === 'vigente') return { ok: true, cadena: embebidos, revocacion: { verificada: true, motivo: null, fuente: estado.fuente } };
  const politica: FirmaSinRevocacion = (await leerConfiguracionFirma(deps.db)).firma_sin_revocacion;
  if (politica === 'rechazar') return { ok: false, razon: 'revocacion_no_verificada', motivo: m.revocacionNoVerificada(estado.motivo) };
  return { ok: true, cadena: embebidos, revocacion: { verificada: false, motivo: estado.motivo, fuente: null } };
}
