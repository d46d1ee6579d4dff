import type { IntegrationProvider } from '@ri/contracts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { integrationSyncPhases, integrationSyncRuns, integrations } from '../../../db/schema.js';
import type { Vault } from '../vault.js';
import type { VendorSync } from './sync-phase.js';

export type RunStatus = 'running' | 'partial' | 'timeout_resuming' | 'completed' | 'failed';
/** Runs still under way: a second sync request answers the run in progress instead of starting another. */
export const OPEN_STATUSES: RunStatus[] = ['running', 'partial', 'timeout_resuming'];

export type SyncEngineDeps = {
  db: Db;
  vault: Vault;
  // biome-ignore lint/suspicious/noExplicitAny: each vendor's client type is its own.
  vendors: Partial<Record<IntegrationProvider, VendorSync<any>>>;
  /** The vendor's address by provider (a sandbox in tests). */
  baseUrl(provider: IntegrationProvider, sandboxUrl: string | null): string;
  /** How long one slice of a run may work before it pauses as timeout_resuming. */
  budgetMs: number;
  /**
   * How much longer than its slice a process holds a run (a vendor request's own timeout, 20 s, and a margin):
   * how long a run left by a crashed process waits before another takes it over.
   */
  leaseMarginMs: number;
  /** Waits between attempts after a transient failure. */
  transientWaitsMs: readonly number[];
  /**
   * The longest pause a phase asks for (SyncPause) that is waited out inside the slice; a longer one ends the
   * slice as timeout_resuming, so no worker sleeps through it. Default 2 s.
   */
  inlinePauseMs?: number;
};

const TIMEOUT_MESSAGE = 'Sync timed out and will resume from where it left off';
/** A pause inside a slice at least this long shows its reason as the run's message while it lasts. */
const NOTICEABLE_PAUSE_MS = 250;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Starts a sync of an integration, or answers the one already under way. The phases are the vendor's; an
 * incremental phase reads what was created since the last completed run, less the vendor's trailing window.
 */
export async function startSync(
  deps: SyncEngineDeps,
  businessId: string,
  integrationId: string,
  trigger: 'manual' | 'scheduled' | 'connect',
): Promise<{ runId: string; started: boolean }> {
  const { db } = deps;
  return db.transaction(async (tx) => {
    // One start at a time per integration: the row lock orders concurrent requests.
    const [integration] = await tx
      .select()
      .from(integrations)
      .where(and(eq(integrations.businessId, businessId), eq(integrations.id, integrationId)))
      .for('update');
    if (!integration) throw new Error(`integration ${integrationId} not found`);
    const vendor = deps.vendors[integration.provider];
    if (!vendor) throw new Error(`no sync for ${integration.provider} yet`);
    const [open] = await tx
      .select({ id: integrationSyncRuns.id })
      .from(integrationSyncRuns)
      .where(
        and(eq(integrationSyncRuns.integrationId, integrationId), inArray(integrationSyncRuns.status, OPEN_STATUSES)),
      );
    if (open) return { runId: open.id, started: false };
    const [last] = await tx
      .select({ startedAt: integrationSyncRuns.startedAt })
      .from(integrationSyncRuns)
      .where(and(eq(integrationSyncRuns.integrationId, integrationId), eq(integrationSyncRuns.status, 'completed')))
      .orderBy(desc(integrationSyncRuns.startedAt))
      .limit(1);
    const since = last ? new Date(last.startedAt.getTime() - vendor.trailingWindowMs) : null;
    const [run] = await tx
      .insert(integrationSyncRuns)
      .values({ businessId, integrationId, trigger, status: 'running', message: 'Starting' })
      .returning({ id: integrationSyncRuns.id });
    await tx.insert(integrationSyncPhases).values(
      vendor.phases.map((p, position) => ({
        runId: run!.id,
        phase: p.name,
        position,
        status: 'pending' as const,
        since: p.incremental ? since : null,
      })),
    );
    await tx
      .update(integrations)
      .set({ status: 'syncing', updatedAt: new Date() })
      .where(eq(integrations.id, integrationId));
    return { runId: run!.id, started: true };
  });
}

/** Takes the run for this process until its slice ends; false when another process holds it. */
async function lease(db: Db, runId: string, ms: number): Promise<boolean> {
  const taken = await db
    .update(integrationSyncRuns)
    .set({ leaseUntil: sql`now() + ${`${Math.ceil(ms / 1000)} seconds`}::interval` })
    .where(
      and(
        eq(integrationSyncRuns.id, runId),
        inArray(integrationSyncRuns.status, OPEN_STATUSES),
        sql`(${integrationSyncRuns.leaseUntil} IS NULL OR ${integrationSyncRuns.leaseUntil} < now())`,
      ),
    )
    .returning({ id: integrationSyncRuns.id });
  return taken.length > 0;
}

async function finish(
  db: Db,
  runId: string,
  integrationId: string,
  status: RunStatus,
  fields: { message: string; resumeAt?: Date | null; integrationError?: string | null },
) {
  const done = status === 'completed' || status === 'failed';
  await db.transaction(async (tx) => {
    await tx
      .update(integrationSyncRuns)
      .set({
        status,
        message: fields.message,
        resumeAt: fields.resumeAt ?? null,
        leaseUntil: null,
        ...(done ? { finishedAt: new Date() } : {}),
      })
      .where(eq(integrationSyncRuns.id, runId));
    if (status === 'completed') {
      await tx
        .update(integrations)
        .set({ status: 'connected', lastSyncAt: new Date(), error: null, updatedAt: new Date() })
        .where(eq(integrations.id, integrationId));
    } else if (status === 'failed') {
      await tx
        .update(integrations)
        .set({ status: 'error', error: fields.integrationError ?? fields.message, updatedAt: new Date() })
        .where(eq(integrations.id, integrationId));
    }
  });
}

/** How a slice ended, and whose run it was. */
export type SliceResult = {
  status: RunStatus;
  resumeAt: Date | null;
  businessId: string;
  provider: IntegrationProvider;
};

/**
 * Works on a run for at most the time budget: each page of the current phase is fetched, then stored in the
 * same transaction as the phase's cursor, so a run stopped at any moment resumes at its last committed page
 * with nothing lost or doubled. Ends the slice as completed, as timeout_resuming (time budget, rate limit or
 * a vendor outage: `resumeAt` says when to continue) or failed (credentials refused: the integration turns
 * to error with what to do). Answers the run's status, or null when another process holds the run.
 */
export async function runSlice(deps: SyncEngineDeps, runId: string): Promise<SliceResult | null> {
  const { db } = deps;
  if (!(await lease(db, runId, deps.budgetMs + deps.leaseMarginMs))) return null;
  const [run] = await db.select().from(integrationSyncRuns).where(eq(integrationSyncRuns.id, runId));
  const [integration] = await db.select().from(integrations).where(eq(integrations.id, run!.integrationId));
  if (!run || !integration) return null;
  const vendor = deps.vendors[integration.provider]!;
  const whose = { businessId: run.businessId, provider: integration.provider };
  const ctx = { businessId: run.businessId, integrationId: run.integrationId };
  const credentials = JSON.parse(deps.vault.open(integration.credentials, ctx)) as Record<string, string>;
  const client = vendor.client(credentials, deps.baseUrl(integration.provider, integration.sandboxUrl), ctx);
  const started = Date.now();
  const phases = await db
    .select()
    .from(integrationSyncPhases)
    .where(eq(integrationSyncPhases.runId, runId))
    .orderBy(asc(integrationSyncPhases.position));
  for (const state of phases) {
    if (state.status === 'completed') continue;
    const phase = vendor.phases.find((p) => p.name === state.phase)!;
    let cursor = state.cursor;
    type Page = Awaited<ReturnType<typeof phase.fetch>>;
    type Failure = ReturnType<typeof vendor.classify>;
    /** A page, after quick retries of transient failures; a failure that stands is returned, not thrown. */
    const fetchPage = async (from: string | null): Promise<Page | Failure> => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await phase.fetch(client, from, state.since);
        } catch (error) {
          const failure = vendor.classify(error);
          if (failure.kind !== 'transient' || attempt >= deps.transientWaitsMs.length) return failure;
          await sleep(deps.transientWaitsMs[attempt]!);
        }
      }
    };
    const withinBudget = () => Date.now() - started < deps.budgetMs;
    if (!withinBudget()) {
      await finish(db, runId, run.integrationId, 'timeout_resuming', {
        message: TIMEOUT_MESSAGE,
        resumeAt: new Date(),
      });
      return { ...whose, status: 'timeout_resuming', resumeAt: new Date() };
    }
    let announced = false;
    // The next page is fetched while the current one is stored; one is never fetched and then dropped.
    let pending: Promise<Page | Failure> | null = fetchPage(cursor);
    while (pending) {
      const result: Page | Failure = await pending;
      if (!('items' in result)) {
        const failure = result;
        if (failure.kind === 'rate_limited' || failure.kind === 'transient') {
          const resumeAt = new Date(Date.now() + (failure.retryAfterMs ?? 30_000));
          const why =
            failure.kind === 'rate_limited'
              ? `${vendor.vendorName} asked us to slow down`
              : `${vendor.vendorName} is not answering`;
          await finish(db, runId, run.integrationId, 'timeout_resuming', {
            message: `${why} (${failure.message}); the sync resumes from where it left off`,
            resumeAt,
          });
          return { ...whose, status: 'timeout_resuming', resumeAt };
        }
        const reconnect =
          failure.kind === 'auth' || failure.kind === 'permission'
            ? `${vendor.vendorName} refused the stored credentials (${failure.message}). Reconnect ${vendor.vendorName} with valid credentials to sync again.`
            : `The ${phase.name} sync failed: ${failure.message}`;
        await finish(db, runId, run.integrationId, 'failed', { message: reconnect, integrationError: reconnect });
        return { ...whose, status: 'failed', resumeAt: null };
      }
      const fetched: Page = result;
      const next = fetched.nextCursor ?? cursor;
      const pause = fetched.hasMore && fetched.pause && fetched.pause.ms > 0 ? fetched.pause : null;
      // A page that asks for a pause is not followed at once: the next request waits (below) or a later slice.
      pending = fetched.hasMore && !pause && withinBudget() ? fetchPage(next) : null;
      const announce = !announced;
      announced = true;
      await db.transaction(async (tx) => {
        // The rows and the cursor commit together, so a commit lost in a crash loses both: the page is
        // fetched again on resume. Waiting for each commit to reach the disk buys nothing here.
        await tx.execute(sql`SET LOCAL synchronous_commit TO OFF`);
        const stored = await phase.store(tx, ctx, fetched.items);
        await tx
          .update(integrationSyncPhases)
          .set({
            cursor: next,
            processedItems: sql`${integrationSyncPhases.processedItems} + ${stored}`,
            status: fetched.hasMore ? 'running' : 'completed',
            updatedAt: new Date(),
          })
          .where(and(eq(integrationSyncPhases.runId, runId), eq(integrationSyncPhases.phase, state.phase)));
        // The run says which phase it is in once per phase and slice (a resumed run is running again).
        if (announce) {
          await tx
            .update(integrationSyncRuns)
            .set({ status: 'running', message: `Syncing ${phase.name.replaceAll('_', ' ')}` })
            .where(eq(integrationSyncRuns.id, runId));
        }
      });
      cursor = next;
      if (pause) {
        const inline = deps.inlinePauseMs ?? 2_000;
        if (pause.ms <= inline && Date.now() - started + pause.ms < deps.budgetMs) {
          // A wait the owner may notice says why; then the phase's own message is back.
          const say = (message: string) =>
            db.update(integrationSyncRuns).set({ message }).where(eq(integrationSyncRuns.id, runId));
          if (pause.ms >= NOTICEABLE_PAUSE_MS) await say(pause.reason);
          await sleep(pause.ms);
          if (pause.ms >= NOTICEABLE_PAUSE_MS) await say(`Syncing ${phase.name.replaceAll('_', ' ')}`);
          pending = fetchPage(next);
          continue;
        }
        const resumeAt = new Date(Date.now() + pause.ms);
        await finish(db, runId, run.integrationId, 'timeout_resuming', {
          message: `${pause.reason}; the sync resumes from where it left off`,
          resumeAt,
        });
        return { ...whose, status: 'timeout_resuming', resumeAt };
      }
      if (fetched.hasMore && !pending) {
        await finish(db, runId, run.integrationId, 'timeout_resuming', {
          message: TIMEOUT_MESSAGE,
          resumeAt: new Date(),
        });
        return { ...whose, status: 'timeout_resuming', resumeAt: new Date() };
      }
    }
  }
  await finish(db, runId, run.integrationId, 'completed', { message: 'Sync completed' });
  return { ...whose, status: 'completed', resumeAt: null };
}
