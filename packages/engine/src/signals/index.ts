export * from './signal-catalogue.js';
export * from './signal-state.js';
