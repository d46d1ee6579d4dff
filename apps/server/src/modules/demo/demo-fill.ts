import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { TRACKING_DEFAULTS, TRACKING_FEATURES } from '@ri/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { businesses, trackingSessions, trackingSites } from '../../db/schema.js';
import { createTrackingId } from '../tracking/sites.service.js';

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
  const [demo] = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.isDemo, true)).limit(1);
  if (!demo) return undefined;
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(trackingSessions)
    .where(eq(trackingSessions.businessId, demo.id));
  if (Number(n) > 0) return undefined;

  await db
    .insert(trackingSites)
    .values({
      trackingId: createTrackingId(),
      businessId: demo.id,
      features: [...TRACKING_FEATURES],
      ...TRACKING_DEFAULTS,
      mode: 'standard',
      allowedOrigins: [DEMO_ORIGIN],
      respectDnt: true,
      ctaSelectors: [],
    })
    .onConflictDoNothing({ target: trackingSites.businessId });
  const [site] = await db
    .select({ trackingId: trackingSites.trackingId })
    .from(trackingSites)
    .where(and(eq(trackingSites.businessId, demo.id)));

  log.info({ visitors: options.visitors }, 'filling the demo business with simulated visitors (first start)');
  const args = [
    '--import',
    'tsx',
    SIMULATOR_CLI,
    ...['--url', options.baseUrl, '--tracking-id', site!.trackingId, '--origin', DEMO_ORIGIN],
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
