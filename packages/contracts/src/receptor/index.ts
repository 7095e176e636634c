export * from './access';
export * from './messages';
export * from './schemas';
export * from './faltantes';
