export * from './access';
export * from './messages';
export * from './schemas';
