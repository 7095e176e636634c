export * from './common/errors';
export * from './auth';
export * from './permisos';
export * from './apuntes';
