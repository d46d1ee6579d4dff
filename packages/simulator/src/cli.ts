// npm run simulate -- [options]: simulated visitors through the real SDK into a running server.
import { type CliOptions, parseCli, USAGE, UsageError } from './cli-args';
import { PERSONAS } from './personas';
import { type Progress, runSimulation, type SimulationResult, writeTruthCsv } from './run';
import { checkServer, resolveTracking, ServerError } from './server-client';

const fmt = (n: number) => Math.round(n).toLocaleString('en');

const progressLine = (p: Progress) => {
  const seconds = p.elapsedMs / 1000;
  return `[${seconds.toFixed(1)}s] ${p.done}/${p.total} visitors, ${fmt(p.eventsSent)} events (${fmt(p.eventsSent / Math.max(seconds, 0.001))} events/s, ${(p.done / Math.max(seconds, 0.001)).toFixed(1)} visitors/s)${p.errors ? `, ${p.errors} errors` : ''}`;
};

const summary = (r: SimulationResult): string => {
  const rows = PERSONAS.filter((p) => r.perPersona[p]).map((p) => {
    const s = r.perPersona[p]!;
    return `  ${p.padEnd(17)} ${String(s.visitors).padStart(8)} ${String(s.sessions).padStart(9)} ${fmt(s.events).padStart(9)} ${String(s.conversions).padStart(12)}`;
  });
  const lines = [
    '',
    `  ${'persona'.padEnd(17)} ${'visitors'.padStart(8)} ${'sessions'.padStart(9)} ${'events'.padStart(9)} ${'conversions'.padStart(12)}`,
    ...rows,
    '',
    `${r.visitors} visitors, ${r.sessions.length} sessions, ${fmt(r.eventsSent)} events in ${fmt(r.requests)} requests over ${(r.elapsedMs / 1000).toFixed(1)} s ` +
      `(${(r.visitors / (r.elapsedMs / 1000)).toFixed(1)} visitors/s, ${fmt(r.eventsSent / (r.elapsedMs / 1000))} events/s)`,
  ];
  if (r.retries) lines.push(`${r.retries} answers were 429/5xx and retried`);
  if (r.eventsLost) lines.push(`${fmt(r.eventsLost)} events were lost (refused or out of attempts)`);
  for (const e of r.errors.slice(0, 8)) lines.push(`error ×${e.count}: ${e.message}`);
  return lines.join('\n');
};

const run = async (o: CliOptions): Promise<number> => {
  await checkServer(o.url);
  let trackingId = o.trackingId;
  let settings: { batchSize?: number; flushInterval?: number; sessionTimeout?: number } | undefined;
  if (!trackingId) {
    const config = await resolveTracking(o.url, o.email!, o.password!, o.origin);
    trackingId = config.trackingId;
    settings = config.customization;
    console.log(`tracking id ${trackingId} (origin ${o.origin} allowed)`);
  }
  console.log(
    `simulating ${o.visitors} visitors (${o.personas.length ? o.personas.join(', ') : 'all seven personas'}) at ${o.rate || 'max'}/s, ` +
      `concurrency ${o.concurrency}, seed ${o.seed}${o.backfillDays ? `, spread over the last ${o.backfillDays} days` : ''}, ` +
      `configuration ${o.configuration.id}`,
  );
  let printed = 0;
  const result = await runSimulation({
    baseUrl: o.url,
    trackingId,
    origin: o.origin,
    visitors: o.visitors,
    ratePerSecond: o.rate,
    concurrency: o.concurrency,
    seed: o.seed,
    personas: o.personas,
    backfillDays: o.backfillDays,
    configuration: o.configuration,
    settings,
    onProgress: (p) => {
      if (p.elapsedMs - printed >= 1000 || p.done === p.total) {
        printed = p.elapsedMs;
        console.log(progressLine(p));
      }
    },
  });
  console.log(summary(result));
  if (o.truth) {
    await writeTruthCsv(o.truth, result.sessions);
    console.log(`ground truth: ${result.sessions.length} sessions written to ${o.truth}`);
  }
  const failed = result.visitors < o.visitors || result.eventsLost > 0;
  return failed ? 1 : 0;
};

const main = async () => {
  let options: CliOptions;
  try {
    options = parseCli(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`error: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  try {
    return await run(options);
  } catch (error) {
    const hint =
      error instanceof ServerError
        ? ''
        : /origin/i.test((error as Error).message)
          ? ' (check --origin against the allowed origins of --tracking-id)'
          : /tracking_id/i.test((error as Error).message)
            ? ' (check --tracking-id)'
            : '';
    console.error(`error: ${(error as Error).message}${hint}`);
    return 1;
  }
};

process.exit(await main());
