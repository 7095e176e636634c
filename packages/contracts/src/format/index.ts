export * from './dates';
export * from './lists';
export * from './money';
export * from './rol';
export * from './rut';
