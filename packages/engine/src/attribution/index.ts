export * from './attribute.js';
export * from './markov.js';
export * from './paths.js';
export * from './rule-based.js';
export * from './shapley.js';
