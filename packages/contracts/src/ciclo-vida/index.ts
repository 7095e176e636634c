export * from './eventos';
