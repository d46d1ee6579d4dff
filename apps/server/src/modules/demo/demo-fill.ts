import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { createTrackingId } from '../tracking/index.js';
import { ensureDemoSite, findDemoBusiness } from './demo.repo.js';

export const DEMO_ORIGIN = 'https://demo-shop.example';
const SIMULATOR_CLI = fileURLToPath(import.meta.resolve('@ri/simulator/cli'));

/**
 * Fills the shared demo business through the real pipeline the first time a server starts: simulated
 * visitors of the seven personas run the real SDK against this server's own ingestion API, spread over the
 * last seven days. It runs in a low-priority child process so the server stays responsive, and only when
 * the demo business has no sessions yet.
 */
export async function startDemoFill(options: { db: Db; baseUrl: string; visitors: number; log: FastifyBaseLogger }) {
  const { db, log } = options;
  if (options.visitors <= 0) return undefined;
  const demo = await findDemoBusiness(db);
  if (!demo || demo.sessions > 0) return undefined;
  const trackingId = await ensureDemoSite(db, demo.id, createTrackingId(), DEMO_ORIGIN);

  log.info({ visitors: options.visitors }, 'filling the demo business with simulated visitors (first start)');
  const args = [
    '--import',
    'tsx',
    SIMULATOR_CLI,
    ...['--url', options.baseUrl, '--tracking-id', trackingId, '--origin', DEMO_ORIGIN],
    ...[
      '--visitors',
      String(options.visitors),
      '--rate',
      '1',
      '--concurrency',
      '2',
      '--seed',
      '2026',
      '--backfill-days',
      '7',
    ],
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid) setPriority(child.pid, 15);
  let tail = '';
  child.stdout?.on('data', (d: Buffer) => {
    tail = (tail + d.toString()).slice(-2000);
  });
  child.stderr?.on('data', (d: Buffer) => {
    tail = (tail + d.toString()).slice(-2000);
  });
  child.on('exit', (code) => {
    if (code === 0) log.info('demo business filled');
    else log.warn({ code, output: tail }, 'demo fill stopped early; the demo shows what arrived');
  });
  return child;
}
