import type { TenantDb } from '../connect';

/** Demo data for a new installation's main receiver, so a first user sees a living product. */
export async function seedTenantDemo(db: TenantDb): Promise<void> {
  void db;
}
