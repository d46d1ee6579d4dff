import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../../db/client.js';
import type { SyncContext, SyncPause } from '../../sync/sync-phase.js';
import { VendorError } from '../../vendor-error.js';
import { createMetaClient, type MetaClient, type MetaThrottleHint } from './meta-client.js';

/** What a Meta sync reads with: the Graph client for the stored token, the ad account, and its money and dates. */
export type MetaSyncClient = {
  graph: MetaClient;
  /** `act_<digits>`, as stored when connecting. */
  accountId: string;
  /** The account's number, currency and time zone: read once per slice (the first phase that needs them). */
  account(): Promise<{ accountId: string; currency: string; timeZone: string }>;
};

/** The sync's client from the sealed credentials (`accessToken`, `adAccountId`). */
export function createMetaSyncClient(credentials: Record<string, string>, baseUrl: string): MetaSyncClient {
  const graph = createMetaClient({ accessToken: credentials.accessToken ?? '', baseUrl });
  const accountId = credentials.adAccountId ?? '';
  let account: ReturnType<MetaSyncClient['account']> | undefined;
  return {
    graph,
    accountId,
    account() {
      account ??= graph.adAccount(accountId).then((a) => ({
        accountId: a.account_id ?? accountId.replace(/^act_/, ''),
        currency: a.currency ?? 'USD',
        timeZone: a.timezone_name ?? 'UTC',
      }));
      // A failed read is not kept: the next phase (or slice) asks again.
      account.catch(() => {
        account = undefined;
      });
      return account;
    },
  };
}

/** Meta's words, without our request line ("meta GET <url> answered 400: "): what an owner may read. */
export function metaMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return /^meta [A-Z]+ \S+ (?:answered \d+: )?([\s\S]*)$/.exec(text)?.[1] ?? text;
}

/** What a failed Meta call means for a sync (the engine's classes; an object Meta no longer has is `invalid`). */
export function classifyMetaError(error: unknown): {
  kind: 'auth' | 'permission' | 'rate_limited' | 'transient' | 'invalid';
  message: string;
  retryAfterMs?: number;
} {
  if (error instanceof VendorError) {
    return {
      kind: error.kind === 'not_found' ? 'invalid' : error.kind,
      message: metaMessage(error),
      // Meta throttles for minutes; without a wait in its headers, a minute.
      ...(error.kind === 'rate_limited' ? { retryAfterMs: error.retryAfterMs ?? 60_000 } : {}),
    };
  }
  return { kind: 'transient', message: `Unexpected failure reading Meta: ${metaMessage(error)}` };
}

/** The usage headers' brake as the engine's pause, when they ask for one. */
export function throttlePause(throttle: MetaThrottleHint): SyncPause | undefined {
  if (throttle.pauseMs <= 0) return undefined;
  return { ms: throttle.pauseMs, reason: `Meta asked us to slow down (usage at ${throttle.usagePercent} %)` };
}

/**
 * Upserts rows (the phase's mapped items) by their key, the business and integration added: a page stored twice,
 * or a day Meta restates, is one row with the latest figures. Rows repeated within a page keep the last.
 *
 * The page travels as one JSON parameter expanded by `jsonb_to_recordset`, not as a parameter per value (500
 * insight rows are 8,500 values): building and sending those was most of a page's cost (docs/benchmarks.md).
 */
export async function upsert(
  tx: Executor,
  ctx: SyncContext,
  table: PgTable,
  key: PgColumn[],
  items: unknown[],
): Promise<number> {
  if (items.length === 0) return 0;
  const columns = getTableColumns(table);
  const keyOf = (row: Record<string, unknown>) => key.map((c) => String(row[propertyOf(columns, c)])).join('\u0000');
  const unique = new Map<string, Record<string, unknown>>();
  for (const item of items as Record<string, unknown>[]) unique.set(keyOf(item), item);
  const fields = Object.keys(unique.values().next().value!).filter((k) => columns[k]);
  const all = [...fields, 'businessId', 'integrationId'];
  const rows = [...unique.values()].map((r) => {
    const row: Record<string, unknown> = { business_id: ctx.businessId, integration_id: ctx.integrationId };
    for (const k of fields) row[columns[k]!.name] = r[k] ?? null;
    return row;
  });
  const name = (k: string) => `"${columns[k]!.name}"`;
  const list = all.map(name).join(', ');
  const types = all.map((k) => `${name(k)} ${columns[k]!.getSQLType()}`).join(', ');
  const keys = ['businessId', ...key.map((c) => propertyOf(columns, c))];
  const updates = fields
    .filter((k) => !keys.includes(k))
    .map((k) => `${name(k)} = excluded.${name(k)}`)
    .join(', ');
  await tx.execute(sql`
    INSERT INTO ${table} (${sql.raw(list)})
    SELECT ${sql.raw(list)} FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(${sql.raw(types)})
    ON CONFLICT (${sql.raw(keys.map(name).join(', '))}) DO UPDATE SET ${sql.raw(updates)}`);
  return rows.length;
}

const propertyOf = (columns: Record<string, PgColumn>, column: PgColumn) =>
  Object.entries(columns).find(([, c]) => c === column)![0];
