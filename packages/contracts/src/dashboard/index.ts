export * from './format';
export * from './schemas';
export * from './detalle';
export * from './cierre';
