export * from './estados';
export * from './fields';
export * from './messages';
export * from './schemas';
export * from './idempotency';
export * from './export';
export * from './coincidencias-rol';
