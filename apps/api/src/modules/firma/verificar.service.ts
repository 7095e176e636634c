import { setTimeout as sleep } from 'node:timers/promises';
import { firmaMessages as m, formatearCodigoVerificacion, toSantiagoIso, type Verificacion } from '@receptoria/contracts';
import { type ControlDb, type controlSchema, type DatabaseConfig, tenantLocation, type TenantPools } from '@receptoria/db';
import { AppError } from '../../lib/app-error';
import { type DocumentoFirmaRow, findCodigoTenant, findDocumentoPorCodigo, sha256DelPdf } from './firma.repository';

type TenantRow = typeof controlSchema.tenants.$inferSelect;

/** What the public verification reads: the control database and the receivers' databases. */
export interface VerificarDeps {
  controlDb: ControlDb;
  tenantPools: TenantPools;
  databaseConfig: DatabaseConfig;
}

/** Time as the verification sees it (milliseconds), so a test can watch when it answers. */
export interface Reloj {
  ahora(): number;
  esperarHasta(instante: number): Promise<void>;
}

const relojReal: Reloj = {
  ahora: () => performance.now(),
  esperarHasta: async (instante) => {
    const falta = instante - performance.now();
    if (falta > 0) await sleep(falta);
  },
};

/**
 * A verification answers, found or not, no sooner than this after it began: a found code reads the
 * receiver's database (and may hash its PDF), an unknown one only the control database's index.
 * Above the found path's time on this machine (bench:firmas measures both).
 */
export const VERIFICAR_PISO_MS = 300;

/**
 * When a verification that began at `inicio` and finished its work at `fin` answers: the first whole
 * multiple of the floor, so a slow lookup (a cold pool, a loaded machine) still shows only in steps
 * of the floor, never in the milliseconds that tell one path from the other.
 */
export function instanteDeRespuesta(inicio: number, fin: number, piso = VERIFICAR_PISO_MS): number {
  return inicio + piso * Math.max(1, Math.ceil((fin - inicio) / piso));
}

function verificacionDe(tenant: TenantRow, row: DocumentoFirmaRow & { sha256Pdf: string | null }): Verificacion {
  return {
    codigo: formatearCodigoVerificacion(row.codigo ?? ''),
    receptor: tenant.nombre,
    tribunal: row.tribunal,
    numero_rol: row.numeroRol,
    tipo: row.tipo,
    fecha: toSantiagoIso(row.fechaCreacion),
    firmante: row.firmante,
    firmado: row.firmadoEn ? toSantiagoIso(row.firmadoEn) : null,
    sha256: row.firmaSha256 ?? row.sha256Pdf,
  };
}

async function buscar(deps: VerificarDeps, codigo: string): Promise<Verificacion> {
  const tenant = await findCodigoTenant(deps.controlDb, codigo);
  const found = tenant
    ? await deps.tenantPools.with(tenantLocation(deps.databaseConfig, tenant), async (db) => {
        const row = await findDocumentoPorCodigo(db, codigo);
        return row ? { ...row, sha256Pdf: row.firmaSha256 ? null : await sha256DelPdf(db, row.id) } : undefined;
      })
    : undefined;
  if (!tenant || !found) throw new AppError('NOT_FOUND', m.codigoNoEncontrado);
  return verificacionDe(tenant, found);
}

/**
 * GET /verificar/{codigo}: what the court file shows of the document behind a code (issue 26 §5),
 * or 404; either answer waits until `instanteDeRespuesta`, so its time does not tell whether the
 * code exists.
 */
export async function verificarCodigo(deps: VerificarDeps, codigo: string, reloj: Reloj = relojReal): Promise<Verificacion> {
  const inicio = reloj.ahora();
  try {
    return await buscar(deps, codigo);
  } finally {
    await reloj.esperarHasta(instanteDeRespuesta(inicio, reloj.ahora()));
  }
}
