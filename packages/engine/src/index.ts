export * from './model/index.js';
export * from './session-summary.js';
export * from './signals/index.js';
export * from './traffic-source.js';
