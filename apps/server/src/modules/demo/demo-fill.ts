import { type ChildProcess, spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { createTrackingId } from '../tracking/index.js';
import { ensureDemoSite, findDemoBusiness } from './demo.repo.js';

export const DEMO_ORIGIN = 'https://demo-shop.example';
const SIMULATOR_CLI = fileURLToPath(import.meta.resolve('@ri/simulator/cli'));

/** Runs the simulator CLI in a low-priority child process, keeping the end of its output for the log. */
function simulate(args: string[], log: FastifyBaseLogger, what: string, onExit?: (code: number | null) => void) {
  const child = spawn(process.execPath, ['--import', 'tsx', SIMULATOR_CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid) setPriority(child.pid, 15);
  let tail = '';
  const keep = (d: Buffer) => {
    tail = (tail + d.toString()).slice(-2000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code, signal) => {
    if (code === 0) log.info(`${what} done`);
    else if (!signal) log.warn({ code, output: tail }, `${what} stopped early`);
    onExit?.(code);
  });
  return child;
}

/**
 * Fills the shared demo business through the real pipeline the first time a server starts: simulated
 * visitors of the seven personas run the real SDK against this server's own ingestion API, spread over the
 * last seven days. It runs in a low-priority child process so the server stays responsive, and only when
 * the demo business has no sessions yet. Then, while the server runs, visitors keep arriving at
 * `livePerHour` (a day's worth per child process, started again when it ends), so the demo stays live.
 */
export async function startDemoFill(options: {
  db: Db;
  baseUrl: string;
  visitors: number;
  livePerHour: number;
  log: FastifyBaseLogger;
}): Promise<{ stop(): void } | undefined> {
  const { db, log } = options;
  const demo = await findDemoBusiness(db);
  if (!demo) return undefined;
  const trackingId = await ensureDemoSite(db, demo.id, createTrackingId(), DEMO_ORIGIN);
  const target = ['--url', options.baseUrl, '--tracking-id', trackingId, '--origin', DEMO_ORIGIN];
  let current: ChildProcess | undefined;
  let stopped = false;

  const live = () => {
    if (stopped || options.livePerHour <= 0) return;
    const args = [
      ...target,
      ...['--visitors', String(options.livePerHour * 24), '--rate', String(options.livePerHour / 3600)],
      ...['--concurrency', '2', '--seed', String(Math.floor(Date.now() / 1000) % 1_000_000_000)],
    ];
    current = simulate(args, log, 'a day of live demo visitors', () => {
      // A run that ends early (the server restarting, a refusal) is retried after a pause, never in a loop.
      if (!stopped) setTimeout(live, 60_000).unref();
    });
  };

  if (options.visitors > 0 && demo.sessions === 0) {
    log.info({ visitors: options.visitors }, 'filling the demo business with simulated visitors (first start)');
    const args = [
      ...target,
      ...['--visitors', String(options.visitors), '--rate', '1', '--concurrency', '2'],
      ...['--seed', '2026', '--backfill-days', '7'],
    ];
    current = simulate(args, log, 'demo fill', () => live());
  } else {
    live();
  }
  return {
    stop: () => {
      stopped = true;
      current?.kill();
    },
  };
}
