export * from './element-kinds.js';
export * from './journey-state.js';
