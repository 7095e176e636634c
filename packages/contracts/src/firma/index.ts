export * from './codigo';
export * from './confianza';
export * from './messages';
export * from './schemas';
export * from './token';
