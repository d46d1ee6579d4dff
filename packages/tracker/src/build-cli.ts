import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildTracker } from './build';

// `npm run build -w @ri/tracker`: writes dist/ and prints the sizes the budget is about.
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const started = performance.now();
const { full, min, minGzipBytes } = await buildTracker();
mkdirSync(dist, { recursive: true });
writeFileSync(`${dist}tracker.js`, full);
writeFileSync(`${dist}tracker.min.js`, min);
console.log(
  `tracker.js ${full.length} B, tracker.min.js ${min.length} B, ${minGzipBytes} B gzipped (budget 3000) in ${Math.round(performance.now() - started)} ms`,
);
