export * from './connect';
export { PLAN_PER_CALL } from './auto-prepare';
export * from './tenant-pools';
export * from './locations';
export * as controlSchema from './control/schema';
export * as tenantSchema from './tenant/schema';
export * from './seed';
