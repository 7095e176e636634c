export * from './dias-habiles';
export * from './messages';
export * from './schemas';
