import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ReadinessModelInfo } from '@ri/contracts';
import {
  accumulatePageStats,
  type BusinessSample,
  type ConversionModel,
  computeNeuromindBaseline,
  liveSessionFeatures,
  missingHistory,
  type NeuromindBaseline,
  type PageStat,
  pageContextOf,
  pageValueScale,
  parseConversionModel,
  type RefitThresholds,
  type SessionPages,
} from '@ri/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client.js';
import type { FitReply, FitRequest, StoredBusinessFit } from './business-fit.child.js';
import * as repo from './readiness-model.repo.js';
import type { StoredModel } from './readiness-model.schema.js';

/** What live scoring needs from a business's history. */
export type BusinessScoring = {
  /** The business's own model when it is active; null: the prior scores. */
  model: ConversionModel | null;
  /** Per-page statistics of its finished sessions (empty until it has some). */
  stats: ReadonlyMap<string, PageStat>;
  /** Puts its page values on the prior's scale; null until a finished session converted. */
  pageValueScale: number | null;
  /** Finished sessions the statistics were computed from. */
  sessions: number;
  /**
   * How the business's recent visitors read, scroll and point, against which the Neuromind classifier
   * judges a session's pace; null until it has enough sessions (pace is then not judged).
   */
  neuromindBaseline: NeuromindBaseline | null;
};

/**
 * Page statistics are used for live scores (page rates, and the page value once there are conversions)
 * only when at least this many finished sessions stand behind them; before, the prior's typical values.
 */
export const MIN_HISTORY_SESSIONS = 50;

/** The state of a business's readiness model, as the API reports it. */
export type ReadinessModelState = {
  status: 'prior' | 'active' | 'not_enough_data' | 'not_better';
  refitting: boolean;
  reason: string;
  sessions: number;
  conversions: number;
  pages: number;
  metrics: { folds: number; business: { auc: number; brier: number }; prior: { auc: number; brier: number } } | null;
  fittedAt: string | null;
};

export type BusinessModels = {
  /** The scoring inputs of a business (cached; reloaded after a refit or every 10 minutes). */
  scoringFor(businessId: string): Promise<BusinessScoring>;
  /** Recomputes page statistics and refits the business's model from its finished sessions. */
  refit(businessId: string): Promise<ReadinessModelState>;
  /** Starts a refit unless one is running for that business; answers whether it started one. */
  startRefit(businessId: string): boolean;
  state(businessId: string): Promise<ReadinessModelState>;
  /** Refits every business with finished sessions in the last 90 days (the nightly job). */
  refitAll(): Promise<void>;
  /** Drops the cached scoring inputs of a business (another process refitted it). */
  forget(businessId: string): void;
  /** Calls `listener` with the business id after each refit that this process stored; answers the unsubscribe. */
  onChange(listener: (businessId: string) => void): () => void;
};

const CACHE_MS = 10 * 60_000;

/**
 * The conversions a refit learns from: those a payment integration vouches for when the business has any
 * (a browser's claim can be forged, decision 0017), else those the browser claimed.
 */
export function labelConversions(rows: repo.SampleRow[]): repo.SampleRow[] {
  if (!rows.some((r) => Number(r.verified_conversions) > 0)) return rows;
  return rows.map((r) => ({
    ...r,
    conversions: Number(r.verified_conversions),
    conversion_value: Number(r.verified_value),
    // When a verified sale happened within the session is not known: its pages all count as before it.
    converted_at: Number(r.verified_conversions) > 0 ? r.converted_at : null,
  }));
}

/** How a business-model score describes its model (null unless the business's model is active). */
export async function businessModelInfo(db: Db, businessId: string): Promise<ReadinessModelInfo | null> {
  const row = await repo.findModelSummary(db, businessId);
  if (row?.status !== 'active') return null;
  return {
    kind: 'business',
    label: `Fitted on this business's ${row.sessions.toLocaleString('en-US')} finished sessions (${row.conversions.toLocaleString('en-US')} converting)`,
    fitted_at: row.fittedAt.toISOString(),
    sessions: row.sessions,
    conversions: row.conversions,
    uses_page_value: row.usesPageValue === true,
  };
}

const parseJson = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/**
 * Per-business page statistics and readiness models (docs/scoring.md, "Per-business model"). A refit
 * reads the business's latest finished sessions, stores per-page statistics (for the page-value signal and
 * page bounce and exit rates), and, past the thresholds, fits a model of its own in a child process; it is
 * used only if it ranks those sessions better than the prior.
 */
export function createBusinessModels(
  database: Database,
  log: FastifyBaseLogger,
  thresholds: RefitThresholds,
): BusinessModels {
  const cache = new Map<string, { at: number; value: Promise<BusinessScoring> }>();
  const running = new Map<string, Promise<ReadinessModelState>>();
  const listeners = new Set<(businessId: string) => void>();

  async function load(businessId: string): Promise<BusinessScoring> {
    const [{ stats: statRows, model: row }, recent] = await Promise.all([
      repo.loadBusinessModel(database.db, businessId),
      repo.recentSessionStates(database, businessId),
    ]);
    const neuromindBaseline = computeNeuromindBaseline(
      recent.map((r) => ({ signals: parseJson(r.signal_state), journey: parseJson(r.journey_state) })),
    );
    const stats = new Map<string, PageStat>(
      statRows.map((r) => [
        r.path,
        {
          views: r.views,
          sessions: r.sessions,
          entrances: r.entrances,
          bounces: r.bounces,
          exits: r.exits,
          revenue: r.revenue,
        },
      ]),
    );
    const scale = row?.metrics?.pageValueScale ?? null;
    let model: ConversionModel | null = null;
    if (row?.status === 'active' && row.model) {
      try {
        model = parseConversionModel(row.model, row.model.usesPageValue === true, 'business model');
      } catch (error) {
        log.warn({ businessId, err: error }, 'stored business model unreadable; the prior scores');
      }
    }
    return { model, stats, pageValueScale: scale, sessions: row?.sessions ?? 0, neuromindBaseline };
  }

  const scoringFor = (businessId: string) => {
    const hit = cache.get(businessId);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
    const value = load(businessId);
    value.catch(() => cache.delete(businessId));
    cache.set(businessId, { at: Date.now(), value });
    return value;
  };

  async function refit(businessId: string): Promise<ReadinessModelState> {
    const rows = labelConversions(await repo.finishedSessionSamples(database, businessId));
    const sessions = rows.map((r) => {
      const path = parseJson<repo.SampleRow['path']>(r.path) ?? [];
      return { row: r, path, byType: parseJson<repo.SampleRow['by_type']>(r.by_type) ?? {} };
    });
    // Conversion values, or one per conversion when the business records none.
    const recordsValues = sessions.some((s) => Number(s.row.conversions) > 0 && Number(s.row.conversion_value) > 0);
    const pages: SessionPages[] = sessions.map(({ row, path }) => ({
      steps: path,
      pageViews: Number(row.page_views),
      value: Number(row.conversions) > 0 ? (recordsValues ? Number(row.conversion_value) : Number(row.conversions)) : 0,
      convertedAt: row.converted_at ? new Date(row.converted_at).getTime() : null,
    }));
    const stats = accumulatePageStats(pages);
    const hasConversions = [...stats.values()].some((s) => s.revenue > 0);
    const contexts = sessions.map(({ path }, i) =>
      pageContextOf(
        path.map((p) => p.path),
        stats,
        pages[i],
      ),
    );
    const scale = hasConversions ? pageValueScale(contexts.map((c) => c?.pageValue ?? 0)) : null;
    const samples: BusinessSample[] = sessions.map(({ row, byType }, i) => ({
      features: liveSessionFeatures(byType, {
        startedAt: new Date(row.started_at).getTime(),
        returning: row.returning === true,
        pageRates: contexts[i],
        pageValue: scale === null ? null : (contexts[i]?.pageValue ?? 0),
      }),
      converted: Number(row.conversions) > 0,
    }));
    const conversions = samples.filter((s) => s.converted).length;

    const missing = missingHistory(samples.length, conversions, thresholds);
    const fit: StoredBusinessFit =
      missing === null
        ? await fitInChild({ samples, pageValueScale: scale, thresholds })
        : {
            status: 'not_enough_data',
            sessions: samples.length,
            conversions,
            reason:
              scale === null ? missing : `${missing} The page-value signal from its conversions takes part already.`,
          };

    await repo.storeRefit(database.db, businessId, stats, {
      status: fit.status,
      model: fit.status === 'active' ? (fit.model as StoredModel) : null,
      sessions: fit.sessions,
      conversions: fit.conversions,
      metrics: { pageValueScale: scale, pages: stats.size, ...('metrics' in fit ? fit.metrics : {}) },
      reason: fit.reason,
      fittedAt: new Date(),
    });
    cache.delete(businessId);
    for (const listener of [...listeners]) listener(businessId);
    log.info({ businessId, status: fit.status, sessions: fit.sessions, conversions }, 'readiness model refitted');
    return state(businessId);
  }

  function startRefit(businessId: string): boolean {
    if (running.has(businessId)) return false;
    const job = refit(businessId)
      .catch((error) => {
        log.error({ businessId, err: error }, 'readiness model refit failed');
        throw error;
      })
      .finally(() => running.delete(businessId));
    job.catch(() => {});
    running.set(businessId, job);
    return true;
  }

  async function state(businessId: string): Promise<ReadinessModelState> {
    const row = await repo.findBusinessModel(database.db, businessId);
    const refitting = running.has(businessId);
    if (!row) {
      return {
        status: 'prior',
        refitting,
        reason: `No refit has run yet: scores use the prior fitted on the UCI Online Shoppers data set. A model of its own needs at least ${thresholds.minSessions} finished sessions and ${thresholds.minConversions} conversions; refits run nightly.`,
        sessions: 0,
        conversions: 0,
        pages: 0,
        metrics: null,
        fittedAt: null,
      };
    }
    const metrics = row.metrics;
    return {
      status: row.status,
      refitting,
      reason: row.reason,
      sessions: row.sessions,
      conversions: row.conversions,
      pages: metrics?.pages ?? 0,
      metrics:
        metrics?.business && metrics.prior && metrics.folds !== undefined
          ? { folds: metrics.folds, business: metrics.business, prior: metrics.prior }
          : null,
      fittedAt: row.fittedAt.toISOString(),
    };
  }

  async function refitAll(): Promise<void> {
    for (const businessId of await repo.recentlyActiveBusinesses(database))
      await refit(businessId).catch((error) => log.error({ err: error }, 'refit failed'));
  }

  return {
    scoringFor,
    refit,
    startRefit,
    state,
    refitAll,
    forget: (businessId) => void cache.delete(businessId),
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

const CHILD = fileURLToPath(new URL('./business-fit.child.ts', import.meta.url));

/** Runs the fit in a child process (tsx loads the TypeScript), so the server's event loop stays free. */
function fitInChild(request: FitRequest): Promise<StoredBusinessFit> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [], { execArgv: ['--import', 'tsx'], serialization: 'advanced', stdio: 'inherit' });
    let settled = false;
    child.once('message', (reply: FitReply) => {
      settled = true;
      if (reply.ok) resolve(reply.fit);
      else reject(new Error(`the model fit failed: ${reply.error}`));
    });
    child.once('error', (error) => {
      if (!settled) reject(error);
      settled = true;
    });
    child.once('exit', (code) => {
      if (!settled) reject(new Error(`the model fit process exited with code ${code}`));
      settled = true;
    });
    child.send(request);
  });
}
