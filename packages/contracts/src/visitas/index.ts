export * from './enums';
export * from './messages';
export * from './schemas';
