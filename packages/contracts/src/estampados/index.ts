export * from './marcadores';
export * from './messages';
export * from './schemas';
