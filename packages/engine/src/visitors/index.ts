export * from './sdk-fields.js';
export * from './storable-text.js';
export * from './visitor-sessions.js';
