export * from './messages';
export * from './modules';
export * from './schemas';
