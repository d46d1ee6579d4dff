export * from './page-types.js';
