export * from './connect';
export * from './tenant-pools';
export * as controlSchema from './control/schema';
export * as tenantSchema from './tenant/schema';
