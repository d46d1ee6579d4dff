export * from './journey/index.js';
export * from './model/index.js';
export * from './neuromind/index.js';
export * from './pages/index.js';
export * from './patterns/index.js';
export * from './session-summary.js';
export * from './signals/index.js';
export * from './traffic-source.js';
