export { DEMO_ORIGIN, startDemoFill } from './demo-fill.js';
export { startDemoVendors } from './demo-vendors.js';
