import {
  type ReceptorDatos,
  type ReceptorDatosUpdateValue,
  receptorMessages as m,
  onboardingMessages,
} from '@receptoria/contracts';
import type { ControlDb } from '@receptoria/db';
import { AppError } from '../../lib/app-error';
import { assertVersion } from '../../lib/concurrency';
import type { AuditActor } from '../auditoria/audit-actor';
import { diffFields } from '../auditoria/audit-diff';
import { recordControlAudit } from '../auditoria/auditoria.service';
import { findTenant, findTenantByRut, lockTenant, type TenantRow, type TenantValues, updateTenant } from '../onboarding/onboarding.repository';

/** The receiver's identity as the API answers it (issue 30 §2). */
export function toReceptorDatos(tenant: TenantRow): ReceptorDatos {
  return {
    id: tenant.id,
    nombre: tenant.nombre,
    rut: tenant.rut,
    direccion: tenant.direccion,
    comuna: tenant.comuna,
    telefono: tenant.telefono,
    email: tenant.email,
    titulo: tenant.titulo,
    version: tenant.version,
  };
}

function identity(tenant: TenantRow): Record<string, unknown> {
  const { id: _id, version: _version, ...fields } = toReceptorDatos(tenant);
  return fields;
}

export async function getReceptorDatos(db: ControlDb, tenantId: number): Promise<ReceptorDatos> {
  const tenant = await findTenant(db, tenantId);
  if (!tenant) throw new AppError('NOT_FOUND', onboardingMessages.clienteNoEncontrado);
  return toReceptorDatos(tenant);
}

/**
 * Changes the receiver's identity (name, RUT, office, phone, e-mail, title) in one transaction:
 * a stale `version` is refused (409), a RUT held by another receiver too, and the change is audited.
 */
export async function updateReceptorDatos(
  db: ControlDb,
  tenantId: number,
  input: ReceptorDatosUpdateValue,
  actor: AuditActor,
): Promise<ReceptorDatos> {
  const values: Partial<TenantValues> = { nombre: input.nombre, rut: input.rut };
  if (input.direccion !== undefined) values.direccion = input.direccion;
  if (input.comuna !== undefined) values.comuna = input.comuna;
  if (input.telefono !== undefined) values.telefono = input.telefono;
  if (input.email !== undefined) values.email = input.email;
  if (input.titulo !== undefined) values.titulo = input.titulo;
  return db.transaction(async (tx) => {
    const current = await lockTenant(tx, tenantId);
    if (!current) throw new AppError('NOT_FOUND', onboardingMessages.clienteNoEncontrado);
    assertVersion(current, input.version);
    const holder = await findTenantByRut(tx, input.rut);
    if (holder && holder.id !== tenantId) {
      throw new AppError('CONFLICT', m.rutYaRegistrado(input.rut), { errors: { rut: [m.rutYaRegistrado(input.rut)] } });
    }
    const updated = await updateTenant(tx, tenantId, values);
    if (!updated) throw new AppError('NOT_FOUND', onboardingMessages.clienteNoEncontrado);
    await recordControlAudit(tx, tenantId, actor, {
      entidad: 'receptor',
      entidadId: tenantId,
      accion: 'modificar',
      cambios: diffFields(identity(current), identity(updated)),
    });
    return toReceptorDatos(updated);
  });
}
