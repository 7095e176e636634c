export * from './codigo';
export * from './messages';
export * from './schemas';
