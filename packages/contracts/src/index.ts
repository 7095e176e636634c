export * from './common/errors';
export * from './auth';
export * from './permisos';
export * from './apuntes';
export * from './format';
export * from './encargos';
export * from './estudios';
export * from './dashboard';
