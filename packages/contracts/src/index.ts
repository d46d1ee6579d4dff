export * from './auth.js';
export * from './business.js';
export * from './errors.js';
export * from './system.js';
export * from './messages.js';
