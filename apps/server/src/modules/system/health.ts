import type { Health } from '@ri/contracts';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';

const started = Date.now();
const VERSION = '1.0.0';

/** Checks the database round trip and the job queue's own tables; never throws. */
export async function getHealth(database: Database, jobs: JobQueue | undefined, jobsEnabled: boolean): Promise<Health> {
  const db: Health['database'] = { status: 'up', driver: database.driver, latency_ms: null };
  try {
    db.latency_ms = await database.ping();
  } catch (error) {
    db.status = 'down';
    db.error = error instanceof Error ? error.message : String(error);
  }
  const queue: Health['jobs'] = { status: jobsEnabled ? 'down' : 'disabled', queues: [] };
  if (jobs && db.status === 'up') {
    try {
      queue.queues = await Promise.all(
        jobs.queues.map(async (name) => {
          // pg-boss counts jobs in states before the one named: created and retry, then also active.
          const queued = await jobs.boss.getQueueSize(name);
          const notDone = await jobs.boss.getQueueSize(name, { before: 'completed' });
          return { name, queued, active: Math.max(0, notDone - queued) };
        }),
      );
      queue.status = 'up';
    } catch (error) {
      queue.error = error instanceof Error ? error.message : String(error);
    }
  } else if (jobsEnabled) {
    queue.error = db.status === 'down' ? 'database unavailable' : 'job queue not started';
  }
  return {
    status: db.status === 'up' && queue.status !== 'down' ? 'ok' : 'degraded',
    version: VERSION,
    uptime_seconds: Math.round((Date.now() - started) / 1000),
    database: db,
    jobs: queue,
  };
}
