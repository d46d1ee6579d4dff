/**
 * Child process of simulateSeeds: simulates one run (a configuration and a seed) and writes its sessions as
 * JSON to --out.
 *
 *   tsx simulate-worker.ts --seed N --visitors M --concurrency C --configuration JSON --out FILE
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { SimulationConfiguration } from '@ri/simulator';
import { simulateSessions } from './simulate-sessions.js';

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    visitors: { type: 'string' },
    concurrency: { type: 'string' },
    configuration: { type: 'string' },
    out: { type: 'string' },
  },
});

simulateSessions({
  seed: Number(values.seed),
  visitors: Number(values.visitors),
  concurrency: Number(values.concurrency),
  configuration: values.configuration ? (JSON.parse(values.configuration) as SimulationConfiguration) : undefined,
  log: (line) => console.log(line),
}).then(
  (sessions) => writeFileSync(values.out!, JSON.stringify(sessions)),
  (error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  },
);
