export * from './auth.js';
export * from './business.js';
export * from './errors.js';
export * from './intelligence.js';
export * from './messages.js';
export * from './system.js';
export * from './tracking.js';
export * from './tracking-wire-v2.js';
