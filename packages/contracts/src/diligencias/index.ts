export * from './encargo-resultados';
export * from './fields';
export * from './messages';
export * from './schemas';
