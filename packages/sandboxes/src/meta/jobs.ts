import { graphTime, isoDay, type MetaAccountData } from './account-data.js';
import { metaId } from './ids.js';
import type { DayRange } from './insights.js';

/** Graph's async_status values (Marketing API "Asynchronous and Batch Requests"). */
export type AsyncStatus = 'Job Not Started' | 'Job Started' | 'Job Running' | 'Job Completed' | 'Job Failed';

/** An asynchronous insights report (AdReportRun): its query, and how far it has got. */
export type ReportRun = {
  id: string;
  account: MetaAccountData;
  range: DayRange;
  fields: string[];
  /** The ad effective statuses whose rows the report holds (its request's `filtering`, else the default). */
  statuses: ReadonlySet<string>;
  createdAt: number;
  /** When it was created (ms): a report also completes once `completeAfterMs` have passed, as Meta's run on their own. */
  createdAtMs: number;
  completeAfterMs: number;
  /** Status reads so far: the job advances one step with each, as if it ran between polls. */
  polls: number;
  /** Reads until it completes (0: complete at once). */
  pollsToComplete: number;
  fails: boolean;
};

/** The report runs of a sandbox, numbered in creation order. */
export class ReportRuns {
  #runs = new Map<string, ReportRun>();
  #next = 0;
  /** How many status reads a new job takes to complete. */
  pollsToComplete: number;
  /** Whether the next job created fails (injected `job_failed`). */
  failNext = false;
  /** How long a new job takes to complete by itself, polled or not. */
  completeAfterMs: number;

  constructor(pollsToComplete: number, completeAfterMs = 2_000) {
    this.pollsToComplete = pollsToComplete;
    this.completeAfterMs = completeAfterMs;
  }

  create(
    account: MetaAccountData,
    query: { range: DayRange; fields: string[]; statuses: ReadonlySet<string> },
    now: number,
  ): ReportRun {
    const run: ReportRun = {
      id: metaId('report_runs', account.spec.index, this.#next++),
      account,
      ...query,
      createdAt: Math.floor(now / 1000),
      createdAtMs: now,
      completeAfterMs: this.completeAfterMs,
      polls: 0,
      pollsToComplete: this.pollsToComplete,
      fails: this.failNext,
    };
    this.failNext = false;
    this.#runs.set(run.id, run);
    return run;
  }

  get(id: string): ReportRun | undefined {
    return this.#runs.get(id);
  }

  get all(): ReportRun[] {
    return [...this.#runs.values()];
  }
}

/** The job's status after `run.polls` reads, or once its time has passed. */
export const runStatus = (run: ReportRun, now = Date.now()): { status: AsyncStatus; percent: number } => {
  if (run.polls >= run.pollsToComplete || now - run.createdAtMs >= run.completeAfterMs)
    return run.fails ? { status: 'Job Failed', percent: 0 } : { status: 'Job Completed', percent: 100 };
  if (run.polls <= 1) return { status: 'Job Not Started', percent: 0 };
  return { status: 'Job Running', percent: Math.floor((run.polls * 100) / (run.pollsToComplete + 1)) };
};

/** `GET /<report_run_id>`: counts the read, then answers the AdReportRun. */
export const readRun = (run: ReportRun): Record<string, unknown> => {
  run.polls += 1;
  const { status, percent } = runStatus(run);
  const day = (d: number) => isoDay(run.account.spec.firstDay + d * 86_400);
  return {
    id: run.id,
    account_id: run.account.spec.accountId,
    time_ref: run.createdAt,
    time_completed: status === 'Job Completed' ? run.createdAt + run.polls : 0,
    async_status: status,
    async_percent_completion: percent,
    date_start: day(run.range.from),
    date_stop: day(run.range.to),
    is_running: status !== 'Job Completed' && status !== 'Job Failed',
    created_time: graphTime(run.createdAt),
  };
};
