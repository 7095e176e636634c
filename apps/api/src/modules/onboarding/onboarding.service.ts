import {
  type Cliente,
  type ClienteConfiguracion,
  type ClienteCreateResponse,
  type ClienteCreateValue,
  type ClienteDetail,
  type ClienteListResponse,
  type ClienteUpdateValue,
  type ClienteUsuario,
  type ClienteUsuarioCreateResponse,
  type ClienteUsuarioCreateValue,
  MODULE_PERMISSIONS,
  type OnboardingEstadisticas,
  onboardingMessages as m,
  PERMISSION_CODES,
  type Receptor,
} from '@receptoria/contracts';
import { type ControlDb, type DatabaseConfig, type DatabaseLocation, type TenantPools } from '@receptoria/db';
import { AppError } from '../../lib/app-error';
import { assertVersion } from '../../lib/concurrency';
import { type AuditActor, SYSTEM_ACTOR } from '../auditoria/audit-actor';
import { diffFields } from '../auditoria/audit-diff';
import { recordControlAudit } from '../auditoria/auditoria.service';
import { toReceptorDatos } from '../receptor/receptor.service';
import { createUser } from '../tenants/tenants.service';
import {
  countTenantsAndUsers,
  databaseNameTaken,
  findTenant,
  findTenantByRut,
  insertTenant,
  lockTenant,
  listTenantsWithUserCount,
  listTenantUsers,
  type TenantRow,
  type TenantValues,
  updateTenant,
  type UserRow,
  usernameTaken,
} from './onboarding.repository';
import { provisionNewTenantDatabase, removeTenantDatabase } from './provisioning';
import type { DirectorioServidores } from '../servidores/directorio';
import { elegirServidor } from '../servidores/servidores.service';

export interface OnboardingContext {
  controlDb: ControlDb;
  databaseConfig: DatabaseConfig;
  tenantPools: TenantPools;
  /** The database servers (new receivers on a server of their own need its URL). */
  servidores?: DirectorioServidores;
  /** Called when the database of a failed creation could not be removed. */
  onCleanupError?: (error: unknown, location: DatabaseLocation) => void;
}

interface Actor {
  userId: number;
  tenantId: number;
  username: string;
}

/**
 * Permission codes a new user starts with: a receptor runs the office (every module, including
 * permission management); a secretaria works every module but does not manage permissions.
 * The receiver adjusts them later in Usuarios y Permisos.
 */
export function initialPermisos(cargo: 'receptor' | 'secretaria'): readonly string[] {
  if (cargo === 'receptor') return PERMISSION_CODES;
  const managed = new Set<string>(MODULE_PERMISSIONS.config_permisos);
  return PERMISSION_CODES.filter((code) => !managed.has(code));
}

function toConfiguracion(tenant: TenantRow): ClienteConfiguracion {
  return {
    database_name: tenant.databaseName,
    carpeta_principal_url: tenant.carpetaPrincipalUrl,
    carpeta_cobranza_url: tenant.carpetaCobranzaUrl,
    carpeta_estampados_url: tenant.carpetaEstampadosUrl,
    carpeta_plantillas_url: tenant.carpetaPlantillasUrl,
  };
}

function toReceptor(tenant: TenantRow): Receptor {
  return { ...toReceptorDatos(tenant), activo: tenant.activo, fecha_creacion: tenant.createdAt.toISOString() };
}

/** The receiver's fields as the audit trail shows them (never the connection URL: it may hold a password). */
function auditedTenant(tenant: TenantRow): Record<string, unknown> {
  const { version: _version, createdAt: _createdAt, id: _id, databaseUrl: _url, moviendoDesde: _moviendo, ...rest } = tenant;
  return rest;
}

function toUsuario(user: UserRow): ClienteUsuario {
  return {
    id: user.id,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    cargo: user.cargo,
    is_active: user.isActive,
  };
}

function usernameConflict(): AppError {
  return new AppError('CONFLICT', m.usernameEnUso, { errors: { username: [m.usernameEnUso] } });
}

function rutConflict(rut: string): AppError {
  return new AppError('CONFLICT', m.rutYaRegistrado(rut), { errors: { rut: [m.rutYaRegistrado(rut)] } });
}

function uniqueViolationOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth += 1) {
    const { code, constraint } = current as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Maps a race lost to another request (same login name, same database name) to a client answer. */
function conflictFrom(error: unknown): AppError | undefined {
  if (error instanceof AppError && error.code === 'CONFLICT' && !error.errors) return usernameConflict();
  const constraint = uniqueViolationOf(error);
  if (constraint === undefined) return undefined;
  if (constraint === 'users_username_key') return usernameConflict();
  return new AppError('CONFLICT', m.conflictoConcurrente);
}

export async function listClientes(db: ControlDb): Promise<ClienteListResponse> {
  const rows = await listTenantsWithUserCount(db);
  return {
    clientes: rows.map(({ tenant, numUsuarios }): Cliente => ({
      ...toReceptor(tenant),
      num_usuarios: numUsuarios,
      configuracion: toConfiguracion(tenant),
      servidor_id: tenant.servidorId,
    })),
  };
}

export async function getEstadisticas(db: ControlDb): Promise<OnboardingEstadisticas> {
  const totals = await countTenantsAndUsers(db);
  return { total_receptores: totals.receptores, total_usuarios: totals.usuarios, receptores_activos: totals.activos };
}

export async function getCliente(db: ControlDb, id: number): Promise<ClienteDetail> {
  const tenant = await findTenant(db, id);
  if (!tenant) throw new AppError('NOT_FOUND', m.clienteNoEncontrado);
  const usuarios = await listTenantUsers(db, id);
  return {
    receptor: toReceptor(tenant),
    configuracion: toConfiguracion(tenant),
    usuarios: usuarios.map(toUsuario),
    num_usuarios: usuarios.length,
  };
}

/**
 * Registers a receiver with its own migrated database and its first user, all or nothing: the
 * control rows are written in one transaction, and the database is removed when anything fails.
 */
export async function createCliente(
  ctx: OnboardingContext,
  input: ClienteCreateValue,
  actor: AuditActor = SYSTEM_ACTOR,
): Promise<ClienteCreateResponse> {
  if (await findTenantByRut(ctx.controlDb, input.rut)) throw rutConflict(input.rut);
  if (await usernameTaken(ctx.controlDb, input.username)) throw usernameConflict();

  let location: DatabaseLocation | undefined;
  let tenantId: number;
  try {
    tenantId = await ctx.controlDb.transaction(async (tx) => {
      // On the named server, or the active one with the most room left (servers locked until commit).
      const servidor = await elegirServidor(tx, input.servidor_id);
      await ctx.servidores?.ensure(servidor.id);
      // A new database every time: a name held by a receiver or by any existing database is skipped.
      const provisioned = await provisionNewTenantDatabase(
        ctx.databaseConfig,
        input.nombre,
        (name) => databaseNameTaken(tx, name),
        servidor.id,
      );
      location = provisioned.location;
      const { databaseName } = provisioned;
      const tenant = await insertTenant(tx, {
        nombre: input.nombre,
        rut: input.rut,
        direccion: input.direccion,
        comuna: input.comuna,
        telefono: input.telefono,
        email: input.email,
        activo: true,
        databaseName,
        databaseUrl: null,
        servidorId: servidor.id,
        carpetaPrincipalUrl: input.carpeta_principal,
        carpetaCobranzaUrl: input.carpeta_cobranza,
        carpetaEstampadosUrl: input.carpeta_estampados,
        carpetaPlantillasUrl: input.carpeta_plantillas,
      });
      await createUser(
        { controlDb: tx },
        {
          tenantId: tenant.id,
          username: input.username,
          password: input.password,
          email: input.usuario_email,
          firstName: input.first_name,
          lastName: input.last_name,
          cargo: input.cargo,
          permisos: initialPermisos(input.cargo),
        },
      );
      await recordControlAudit(tx, tenant.id, actor, {
        entidad: 'receptor',
        entidadId: tenant.id,
        accion: 'crear',
        cambios: diffFields(null, { ...auditedTenant(tenant), usuario: input.username }),
      });
      return tenant.id;
    });
  } catch (error) {
    if (location) {
      const created = location;
      await removeTenantDatabase(created).catch((cleanupError: unknown) => ctx.onCleanupError?.(cleanupError, created));
    }
    throw conflictFrom(error) ?? error;
  }
  if (location) ctx.tenantPools.markMigrated(location);
  return { message: m.clienteCreado, ...(await getCliente(ctx.controlDb, tenantId)) };
}

/** Adds a user (a secretaria by default) to an existing client. */
export async function addUsuario(
  db: ControlDb,
  tenantId: number,
  input: ClienteUsuarioCreateValue,
  actor: AuditActor = SYSTEM_ACTOR,
): Promise<ClienteUsuarioCreateResponse> {
  if (!(await findTenant(db, tenantId))) throw new AppError('NOT_FOUND', m.clienteNoEncontrado);
  if (await usernameTaken(db, input.username)) throw usernameConflict();
  try {
    const user = await db.transaction(async (tx) => {
      const created = await createUser(
        { controlDb: tx },
        {
          tenantId,
          username: input.username,
          password: input.password,
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          cargo: input.cargo,
          permisos: initialPermisos(input.cargo),
        },
      );
      await recordControlAudit(tx, tenantId, actor, {
        entidad: 'receptor',
        entidadId: tenantId,
        accion: 'agregar_usuario',
        cambios: { usuario: { antes: null, despues: { id: created.id, username: created.username, cargo: created.cargo } } },
      });
      return created;
    });
    return { message: m.usuarioAgregado, usuario: toUsuario(user) };
  } catch (error) {
    throw conflictFrom(error) ?? error;
  }
}

/** Changes a client's state, contact data or folder links. The platform admin's own receiver stays active. */
export async function updateCliente(
  db: ControlDb,
  actor: Actor,
  id: number,
  input: ClienteUpdateValue,
  from: AuditActor = SYSTEM_ACTOR,
): Promise<ClienteDetail> {
  if (input.activo === false && id === actor.tenantId) {
    throw new AppError('BAD_REQUEST', m.noDesactivarPropio, { errors: { activo: [m.noDesactivarPropio] } });
  }
  const values: Partial<TenantValues> = {};
  if (input.activo !== undefined) values.activo = input.activo;
  if (input.nombre !== undefined) values.nombre = input.nombre;
  if (input.direccion !== undefined) values.direccion = input.direccion;
  if (input.comuna !== undefined) values.comuna = input.comuna;
  if (input.telefono !== undefined) values.telefono = input.telefono;
  if (input.email !== undefined) values.email = input.email;
  if (input.carpeta_principal !== undefined) values.carpetaPrincipalUrl = input.carpeta_principal;
  if (input.carpeta_cobranza !== undefined) values.carpetaCobranzaUrl = input.carpeta_cobranza;
  if (input.carpeta_estampados !== undefined) values.carpetaEstampadosUrl = input.carpeta_estampados;
  if (input.carpeta_plantillas !== undefined) values.carpetaPlantillasUrl = input.carpeta_plantillas;
  await db.transaction(async (tx) => {
    const current = await lockTenant(tx, id);
    if (!current) throw new AppError('NOT_FOUND', m.clienteNoEncontrado);
    assertVersion(current, input.version);
    const updated = await updateTenant(tx, id, values);
    if (!updated) throw new AppError('NOT_FOUND', m.clienteNoEncontrado);
    await recordControlAudit(tx, id, from, {
      entidad: 'receptor',
      entidadId: id,
      accion: 'modificar',
      cambios: diffFields(auditedTenant(current), auditedTenant(updated)),
    });
  });
  return getCliente(db, id);
}
