export * from './classify-neuromind.js';
export * from './neuromind-baseline.js';
export * from './neuromind-features.js';
export * from './neuromind-model.js';
export * from './softmax-regression.js';
