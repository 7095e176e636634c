import { randomBytes } from 'node:crypto';
import { ADMIN_USERNAME } from '@receptoria/contracts';
import { ensureDatabase, seedTenantDemo, tenantLocation } from '@receptoria/db';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../lib/config';
import { deleteExpiredRefreshTokens } from '../modules/auth/auth.repository';
import { ensurePermissionCatalogue } from '../modules/permisos/permisos.repository';
import { createTenant, createUser, listTenants, tenantDb } from '../modules/tenants/tenants.service';

export const MAIN_TENANT_NAME = 'Receptor Judicial Principal';

/**
 * Runs at every start: the permission catalogue, every tenant database migrated, and on an empty
 * control database the main receiver with the platform user `admin` (and demo data unless disabled).
 */
export async function prepareInstallation(app: FastifyInstance, config: AppConfig): Promise<void> {
  const ctx = { controlDb: app.controlDb, databaseConfig: app.databaseConfig, tenantPools: app.tenantPools };
  await ensurePermissionCatalogue(app.controlDb);
  await deleteExpiredRefreshTokens(app.controlDb);

  const existing = await listTenants(app.controlDb);
  for (const tenant of existing) {
    const location = tenantLocation(app.databaseConfig, tenant);
    await ensureDatabase(location);
    await app.tenantPools.get(location);
  }
  if (existing.length > 0) return;

  const tenant = await createTenant(ctx, { nombre: MAIN_TENANT_NAME });
  const generated = !config.adminPassword;
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  await createUser(ctx, {
    tenantId: tenant.id,
    username: ADMIN_USERNAME,
    password,
    firstName: 'Administrador',
    lastName: '',
    cargo: 'receptor',
  });
  if (generated) {
    // Shown once: the only place the generated password ever appears.
    process.stdout.write(
      `\n  Receptoría: usuario "${ADMIN_USERNAME}" creado con la contraseña: ${password}\n` +
        '  Guárdela ahora; no se volverá a mostrar (defina ADMIN_PASSWORD para elegirla).\n\n',
    );
  }
  if (config.seedDemo) await seedTenantDemo(await tenantDb(ctx, tenant));
}
