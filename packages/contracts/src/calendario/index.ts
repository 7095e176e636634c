export * from './dias-habiles';
export * from './ics';
export * from './messages';
export * from './schemas';
export * from './plazos';
