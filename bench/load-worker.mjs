// Child-process bootstrap: registers tsx, then runs the TypeScript load generator.
import { register } from 'tsx/esm/api';

register();
await import('./load-worker.ts');
