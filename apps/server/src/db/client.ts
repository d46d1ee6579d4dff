import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { round } from '@ri/contracts';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; repositories take `Db | Tx` so callers choose the unit of work. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/**
 * Runs raw SQL for infrastructure that brings its own queries (pg-boss, ingestion, scoring). `name` makes
 * PostgreSQL keep the statement parsed and planned per connection: for hot statements run many times a
 * second, whose planning would otherwise cost as much as running them. One name, one text.
 */
export type SqlExecutor = (
  text: string,
  values?: unknown[],
  name?: string,
) => Promise<{ rows: Record<string, unknown>[] }>;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  executeSql: SqlExecutor;
  /**
   * Runs `fn` in one transaction on one connection: committed when it resolves, rolled back when it throws.
   * For infrastructure whose unit of work spans several raw statements (server-side sessions at ingestion).
   */
  transaction<T>(fn: (q: SqlExecutor) => Promise<T>): Promise<T>;
  /** Round trip in milliseconds, or throws when the database cannot answer. */
  ping(): Promise<number>;
  /** PostgreSQL's pool now: connections open, idle, and statements waiting for one (none with PGlite). */
  poolStats(): { total: number; idle: number; waiting: number };
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

export type DatabaseOptions = {
  /** A PostgreSQL connection string; without it the embedded database is used. */
  url?: string;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  poolSize?: number;
};

/** Opens PostgreSQL when a URL is given, else the embedded PGlite whose files live in dataDir. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.poolSize ?? 10) : openPglite(options.dataDir ?? 'memory://');
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema });
  return {
    db,
    driver: 'postgres',
    executeSql: async (text, values, name) => pool.query({ text, values: values as unknown[], name }),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn((text, values, name) => client.query({ text, values: values as unknown[], name }));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    ping: () => timed(() => pool.query('select 1')),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    migrate: () => migrateNodePg(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}

/** Extensions the migrations create (PostgreSQL ships them in contrib; PGlite loads them when it opens). */
const extensions = { pg_trgm };

/**
 * In-memory databases (each test file opens one) start as a copy of one with every migration applied, made once
 * per process: creating a cluster and migrating it costs about 3 s of CPU, loading the copy about 0.6 s.
 */
let migratedMemoryDump: Promise<Blob> | undefined;
function migratedMemoryCopy(): Promise<Blob> {
  migratedMemoryDump ??= (async () => {
    const client = await PGlite.create('memory://', { extensions });
    try {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      return await client.dumpDataDir('none');
    } finally {
      await client.close();
    }
  })();
  migratedMemoryDump.catch(() => {
    migratedMemoryDump = undefined;
  });
  return migratedMemoryDump;
}

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const client = inMemory
    ? await PGlite.create({ loadDataDir: await migratedMemoryCopy(), extensions })
    : await PGlite.create(dataDir, { extensions });
  // PGlite is one session guarded by its own mutex, so concurrent callers are serialised safely.
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    executeSql: async (text, values) => {
      if (values && values.length > 0)
        return client.query(text, values) as Promise<{ rows: Record<string, unknown>[] }>;
      // Statements without parameters may be several (pg-boss sends scripts); the last result answers.
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    transaction: (fn) =>
      client.transaction((tx) =>
        fn((text, values) => tx.query(text, values) as Promise<{ rows: Record<string, unknown>[] }>),
      ),
    ping: () => timed(() => client.query('select 1')),
    poolStats: () => ({ total: 1, idle: 0, waiting: 0 }),
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: () => client.close(),
  };
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return round(performance.now() - start, 2);
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);
const CONNECTION_MESSAGES =
  /PGlite is closed|pool after calling end|Connection terminated|timeout exceeded when trying to connect|the database system is (starting up|shutting down)/i;

/** True when an error (or any error in its cause chain, as drizzle wraps them) means the database is unreachable. */
export function isConnectionError(error: unknown): boolean {
  for (
    let e = error as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if ((e.code && CONNECTION_CODES.has(e.code)) || CONNECTION_MESSAGES.test(e.message ?? '')) return true;
    e = e.cause as typeof e;
  }
  return false;
}

export { sql };
