import type { Executor } from '../../../db/client.js';

/** The business and integration a phase stores rows for. */
export type SyncContext = { businessId: string; integrationId: string };

/**
 * A wait the vendor asks for before the next request although this one succeeded: its usage is close to the
 * limit (Meta's usage headers), or a report it is preparing is not ready yet. Short ones are waited out inside
 * the slice; longer ones end it as timeout_resuming, to continue at `ms` from now.
 */
export type SyncPause = { ms: number; reason: string };

/**
 * One phase of a vendor's sync: how to read a page of one kind of object (from a cursor, optionally only
 * those created since a time) and how to store a page (upserted by vendor id, inside the transaction that
 * also records the cursor). `incremental: false` reads everything on every run. A page may hold no items
 * (a step of a multi-request read, e.g. starting a report): its cursor is committed all the same.
 */
export type SyncPhase<Client> = {
  name: string;
  incremental: boolean;
  fetch(
    client: Client,
    cursor: string | null,
    since: Date | null,
  ): Promise<{ items: unknown[]; nextCursor: string | null; hasMore: boolean; pause?: SyncPause }>;
  store(tx: Executor, ctx: SyncContext, items: unknown[]): Promise<number>;
};

/** A vendor's sync: its phases in order, its client from the stored credentials, and its failure reading. */
export type VendorSync<Client> = {
  vendorName: string;
  phases: readonly SyncPhase<Client>[];
  /** The vendor's client for the stored credentials; `ctx` names the integration (a client that works on its rows). */
  client(credentials: Record<string, string>, baseUrl: string, ctx: SyncContext): Client;
  /** What went wrong, as the engine acts on it. */
  classify(error: unknown): {
    kind: 'auth' | 'permission' | 'rate_limited' | 'transient' | 'invalid';
    message: string;
    retryAfterMs?: number;
  };
  /** How far back an incremental run re-reads, for objects that change after they are created. */
  trailingWindowMs: number;
};
