export * from './connect';
export * from './tenant-pools';
export * from './locations';
export * as controlSchema from './control/schema';
export * as tenantSchema from './tenant/schema';
export * from './seed';
