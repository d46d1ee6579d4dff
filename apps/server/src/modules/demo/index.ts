export { DEMO_ORIGIN, startDemoFill } from './demo-fill.js';
