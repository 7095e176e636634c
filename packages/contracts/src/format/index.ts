export * from './dates';
export * from './dates-input';
export * from './lists';
export * from './money';
export * from './money-input';
export * from './rol';
export * from './rut';
export * from './text';
