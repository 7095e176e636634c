import { randomBytes } from 'node:crypto';
import { ADMIN_USERNAME } from '@receptoria/contracts';
import { type ControlDb, type DatabaseConfig, ensureDatabase, seedTenantDemo, type TenantPools, tenantLocation } from '@receptoria/db';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../lib/config';
import { isDatabaseUnavailable } from '../lib/db-errors';
import { deleteExpiredRefreshTokens } from '../modules/auth/auth.repository';
import { ensurePermissionCatalogue } from '../modules/permisos/permisos.repository';
import { createTenant, createUser, listTenants, tenantDb } from '../modules/tenants/tenants.service';
import { DEMO_USERS, demoPasswords } from './demo-users';

export const MAIN_TENANT_NAME = 'Receptor Judicial Principal';

/** What preparing an installation needs: the application itself, or a first start's own process. */
export interface InstallationContext {
  controlDb: ControlDb;
  databaseConfig: DatabaseConfig;
  tenantPools: TenantPools;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export type InstallationConfig = Pick<AppConfig, 'adminPassword' | 'seedDemo' | 'demoUsers'>;

/**
 * Runs at every start: the permission catalogue, every tenant database migrated, and on an empty
 * control database the main receiver with the platform user `admin` (and demo data unless disabled,
 * with the receiver's own demo users when the configuration asks for them).
 */
export async function prepareInstallation(app: InstallationContext, config: InstallationConfig): Promise<void> {
  const ctx = { controlDb: app.controlDb, databaseConfig: app.databaseConfig, tenantPools: app.tenantPools };
  await ensurePermissionCatalogue(app.controlDb);
  await deleteExpiredRefreshTokens(app.controlDb);

  const existing = await listTenants(app.controlDb);
  for (const tenant of existing) {
    try {
      const location = tenantLocation(app.databaseConfig, tenant);
      await ensureDatabase(location);
      await app.tenantPools.get(location);
    } catch (error) {
      // A receivers' server that is down must not keep the others from being served: its receivers get
      // 503 until it answers, and their database is migrated when first opened.
      if (tenant.servidorId === 1 || !isDatabaseUnavailable(error)) throw error;
      app.log.warn({ receptor: tenant.id, servidor: tenant.servidorId, err: (error as Error).message }, 'receiver database server unavailable at start');
    }
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
  const shown: string[] = [];
  // Shown once: the only place a generated password ever appears.
  shown.push(
    generated
      ? `usuario "${ADMIN_USERNAME}" (administrador de la plataforma), contraseña: ${password}`
      : `usuario "${ADMIN_USERNAME}" (administrador de la plataforma), contraseña: la de ADMIN_PASSWORD`,
  );
  let demoGenerated = false;
  if (config.seedDemo && config.demoUsers) {
    const passwords = demoPasswords(config.demoUsers.password);
    demoGenerated = !config.demoUsers.password;
    for (const user of DEMO_USERS) {
      await createUser(ctx, {
        tenantId: tenant.id,
        username: user.username,
        password: passwords[user.username],
        firstName: user.firstName,
        lastName: user.lastName,
        cargo: user.cargo,
        permisos: user.permisos,
      });
      const cargo = user.cargo === 'receptor' ? 'receptor de demostración' : 'secretaria de demostración';
      shown.push(
        config.demoUsers.password
          ? `usuario "${user.username}" (${cargo}), contraseña: la de DEMO_PASSWORD`
          : `usuario "${user.username}" (${cargo}), contraseña: ${passwords[user.username]}`,
      );
    }
  }
  // Nothing to tell when the only user is the admin whose password the configuration chose.
  if (shown.length > 1 || generated) {
    process.stdout.write(
      `\n  Receptoría: primera puesta en marcha. Usuarios creados:\n${shown.map((line) => `    - ${line}\n`).join('')}` +
        (generated || demoGenerated
          ? '  Guarde las contraseñas ahora; no se volverán a mostrar (ADMIN_PASSWORD y DEMO_PASSWORD las eligen).\n\n'
          : '\n'),
    );
  }
  if (config.seedDemo) await seedTenantDemo(await tenantDb(ctx, tenant));
}
