// Worker-thread bootstrap: registers tsx (whatever started the server: npm start, vitest, a bench), then
// runs the TypeScript scorer worker.
import { register } from 'tsx/esm/api';

register();
await import('./scorer-worker.ts');
