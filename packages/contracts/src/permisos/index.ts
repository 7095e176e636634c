export * from './modules';
