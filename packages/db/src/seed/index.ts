export * from './demo';
