// In-repo sandboxes of the external platforms the product connects to, speaking their real wire formats.

export * from './ghl/index.js';
export * from './google/index.js';
export * from './meta/index.js';
export * from './oauth/index.js';
export * from './stripe/index.js';
