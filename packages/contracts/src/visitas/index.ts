export * from './entrega-copias';
export * from './enums';
export * from './messages';
export * from './schemas';
