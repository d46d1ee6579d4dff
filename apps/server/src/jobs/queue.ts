import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';

export type JobQueue = {
  boss: PgBoss;
  /** Queues this process created; health reports their depth. */
  queues: string[];
  stop(): Promise<void>;
};

export type JobHandler<T extends object> = (data: T) => Promise<void>;

/**
 * Starts pg-boss on the same database as the app: its own pool on PostgreSQL, and on the embedded
 * database the shared PGlite session (one session only, so no second connection exists).
 */
export async function startJobQueue(database: Database, url: string | undefined): Promise<JobQueue> {
  const boss =
    database.driver === 'postgres' && url
      ? new PgBoss({ connectionString: url, max: 4 })
      : new PgBoss({ db: { executeSql: (text, values) => database.executeSql(text, values) } });
  boss.on('error', () => {});
  await boss.start();
  const queues: string[] = [];
  return {
    boss,
    queues,
    stop: () => boss.stop({ graceful: true, timeout: 5_000 }),
  };
}

/** Declares a queue with its worker; idempotent across restarts and processes. */
export async function registerJob<T extends object>(
  queue: JobQueue,
  name: string,
  handler: JobHandler<T>,
  options: { cron?: string } = {},
): Promise<void> {
  await queue.boss.createQueue(name);
  queue.queues.push(name);
  await queue.boss.work<T>(name, async (jobs) => {
    for (const job of jobs) await handler(job.data);
  });
  if (options.cron) await queue.boss.schedule(name, options.cron);
}
