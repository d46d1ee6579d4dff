import type { TaskStatusResponse } from '@ri/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, SqlExecutor } from '../../db/client.js';

// Long jobs of a business, run in this process and taken up again after a crash (decision 0031). A task is claimed
// by one statement (pending, or running with a heartbeat older than `staleMs`), so two processes never run it
// together; while it runs its heartbeat moves every `heartbeatMs`. A handler saves its checkpoint in the same
// transaction as the work the checkpoint covers, so a run cut short by SIGKILL resumes after the last saved chunk
// and nothing is done twice.

export type TaskProgress = { percentage: number; step: string; completed: number; total: number };

export type TaskRun = {
  id: string;
  businessId: string;
  input: Record<string, unknown>;
  /** What the previous attempt saved, null on a first run. */
  checkpoint: Record<string, unknown> | null;
  /** Progress (and optionally a checkpoint) on its own. */
  progress(p: TaskProgress, checkpoint?: Record<string, unknown>): Promise<void>;
  /** Progress and checkpoint inside the caller's transaction, with the work they cover. */
  save(q: SqlExecutor, p: TaskProgress, checkpoint: Record<string, unknown>): Promise<void>;
  /** True once the process is closing: the handler should stop between chunks (throw); the next process resumes. */
  stopping(): boolean;
};

/** Does the work; its answer is the task's result. A throw fails the task with the error's message. */
export type TaskHandler = (run: TaskRun) => Promise<Record<string, unknown>>;

export type TaskRunnerOptions = { heartbeatMs?: number; staleMs?: number; maxAttempts?: number; concurrency?: number };

type TaskRow = {
  id: string;
  business_id: string;
  kind: string;
  input: Record<string, unknown>;
  checkpoint: Record<string, unknown> | null;
  attempts: number;
};

const COLUMNS = `id, business_id, kind, status, input, percentage, current_step, completed, total, checkpoint,
  result, error, attempts, created_at, updated_at`;

export function createTaskRunner(database: Database, log: FastifyBaseLogger, options: TaskRunnerOptions = {}) {
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  const staleMs = options.staleMs ?? heartbeatMs * 3;
  const maxAttempts = options.maxAttempts ?? 3;
  const concurrency = options.concurrency ?? 1;
  const handlers = new Map<string, TaskHandler>();
  const running = new Map<string, Promise<void>>();
  let stopped = false;
  let sweep: ReturnType<typeof setInterval> | undefined;
  const q = database.executeSql;

  const saveSql = `UPDATE analytics_tasks SET percentage = $2, current_step = $3, completed = $4, total = $5,
      checkpoint = coalesce($6::jsonb, checkpoint), updated_at = now(), heartbeat_at = now() WHERE id = $1`;
  const params = (id: string, p: TaskProgress, checkpoint: Record<string, unknown> | undefined) => [
    id,
    Math.max(0, Math.min(100, Math.round(p.percentage))),
    p.step,
    p.completed,
    p.total,
    checkpoint === undefined ? null : JSON.stringify(checkpoint),
  ];

  async function execute(row: TaskRow): Promise<void> {
    const handler = handlers.get(row.kind);
    if (!handler) return;
    const beat = setInterval(
      () => void q('UPDATE analytics_tasks SET heartbeat_at = now() WHERE id = $1', [row.id]).catch(() => {}),
      heartbeatMs,
    );
    try {
      const result = await handler({
        id: row.id,
        businessId: row.business_id,
        input: row.input,
        checkpoint: row.checkpoint,
        progress: async (p, checkpoint) => void (await q(saveSql, params(row.id, p, checkpoint))),
        save: async (tx, p, checkpoint) => void (await tx(saveSql, params(row.id, p, checkpoint))),
        stopping: () => stopped,
      });
      await q(
        `UPDATE analytics_tasks SET status = 'completed', percentage = 100, current_step = 'Completed',
            result = $2::jsonb, updated_at = now(), heartbeat_at = NULL WHERE id = $1`,
        [row.id, JSON.stringify(result)],
      );
    } catch (error) {
      if (stopped) return; // the process is closing: the next one takes it up
      const message = error instanceof Error ? error.message : String(error);
      log.error({ err: error, taskId: row.id, kind: row.kind }, 'task failed');
      await q(
        `UPDATE analytics_tasks SET status = 'failed', error = $2, current_step = 'Failed', updated_at = now(),
            heartbeat_at = NULL WHERE id = $1`,
        [row.id, message.slice(0, 1000)],
      ).catch(() => {});
    } finally {
      clearInterval(beat);
    }
  }

  /** Claims the task if it is free (pending, or running without a heartbeat) and runs it in the background. */
  async function claim(id: string): Promise<void> {
    if (stopped || running.has(id) || running.size >= concurrency) return;
    const { rows } = await q(
      `UPDATE analytics_tasks SET status = 'running', attempts = attempts + 1, heartbeat_at = now(),
          current_step = CASE WHEN status = 'pending' THEN 'Starting' ELSE 'Resuming' END, updated_at = now()
        WHERE id = $1 AND (status = 'pending'
          OR (status = 'running' AND (heartbeat_at IS NULL OR heartbeat_at < now() - $2 * interval '1 millisecond')))
        RETURNING id, business_id, kind, input, checkpoint, attempts`,
      [id, staleMs],
    );
    const row = rows[0] as TaskRow | undefined;
    if (!row) return;
    if (row.attempts > maxAttempts) {
      await q(
        `UPDATE analytics_tasks SET status = 'failed', current_step = 'Failed', heartbeat_at = NULL,
            error = $2, updated_at = now() WHERE id = $1`,
        [id, `Stopped after ${maxAttempts} attempts that did not finish`],
      );
      return;
    }
    const work = execute(row).finally(() => {
      running.delete(id);
      // The next waiting task (tasks beyond the concurrency wait as pending).
      if (!stopped) void resumeOpen().catch(() => {});
    });
    running.set(id, work);
  }

  /** Takes up every task that is waiting or whose process died. */
  async function resumeOpen(): Promise<number> {
    const { rows } = await q(
      `SELECT id FROM analytics_tasks WHERE status = 'pending'
          OR (status = 'running' AND (heartbeat_at IS NULL OR heartbeat_at < now() - $1 * interval '1 millisecond'))
        ORDER BY created_at`,
      [staleMs],
    );
    for (const { id } of rows) await claim(id as string);
    return rows.length;
  }

  return {
    register(kind: string, handler: TaskHandler) {
      handlers.set(kind, handler);
    },
    /**
     * Starts a task of `kind` for the business, or answers the one already open (pending or running), so a double
     * click starts one job.
     */
    async start(
      businessId: string,
      kind: string,
      input: Record<string, unknown>,
      userId: string | null,
    ): Promise<{ id: string; created: boolean }> {
      const { rows } = await database.transaction(async (tx) => {
        await tx('SELECT pg_advisory_xact_lock(hashtext($1))', [`task:${businessId}:${kind}`]);
        const open = await tx(
          `SELECT id FROM analytics_tasks WHERE business_id = $1 AND kind = $2 AND status IN ('pending', 'running')
            ORDER BY created_at DESC LIMIT 1`,
          [businessId, kind],
        );
        if (open.rows[0]) return { rows: [{ id: open.rows[0].id, created: false }] };
        return tx(
          `INSERT INTO analytics_tasks (business_id, kind, status, input, created_by)
             VALUES ($1, $2, 'pending', $3::jsonb, $4) RETURNING id, true AS created`,
          [businessId, kind, JSON.stringify(input), userId],
        );
      });
      const task = rows[0] as { id: string; created: boolean };
      await claim(task.id);
      return task;
    },
    /** The task as the screens poll it; null when it is not this business's. */
    async get(businessId: string, id: string): Promise<TaskStatusResponse | null> {
      const { rows } = await q(`SELECT ${COLUMNS} FROM analytics_tasks WHERE business_id = $1 AND id = $2`, [
        businessId,
        id,
      ]);
      const r = rows[0];
      if (!r) return null;
      const iso = (v: unknown) => new Date(v as string).toISOString();
      return {
        task_id: r.id as string,
        kind: r.kind as string,
        status: r.status as TaskStatusResponse['status'],
        progress: {
          percentage: Number(r.percentage),
          current_step: r.current_step as string,
          completed: Number(r.completed),
          total: Number(r.total),
        },
        result: (r.result as TaskStatusResponse['result']) ?? null,
        error: (r.error as string | null) ?? null,
        created_at: iso(r.created_at),
        updated_at: iso(r.updated_at),
      };
    },
    /** The latest completed task of a kind for the business. */
    async latestCompleted(businessId: string, kind: string): Promise<{ id: string; updatedAt: Date } | null> {
      const { rows } = await q(
        `SELECT id, updated_at FROM analytics_tasks WHERE business_id = $1 AND kind = $2 AND status = 'completed'
          ORDER BY updated_at DESC LIMIT 1`,
        [businessId, kind],
      );
      return rows[0] ? { id: rows[0].id as string, updatedAt: new Date(rows[0].updated_at as string) } : null;
    },
    resumeOpen,
    /** Resumes open tasks now and every `staleMs` (a task whose process died is taken up by a live one). */
    startSweep() {
      void resumeOpen().catch((error) => log.error({ err: error }, 'resuming tasks failed'));
      sweep = setInterval(() => void resumeOpen().catch(() => {}), staleMs);
      sweep.unref?.();
    },
    /** Running tasks finish their current statement; their checkpoints let the next process continue. */
    async stop() {
      stopped = true;
      if (sweep) clearInterval(sweep);
      await Promise.allSettled([...running.values()]);
    },
    /** Resolves when no task runs in this process (tests). */
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running.values()]);
    },
  };
}

export type TaskRunner = ReturnType<typeof createTaskRunner>;
