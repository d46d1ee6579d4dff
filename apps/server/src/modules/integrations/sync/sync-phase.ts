import type { Executor } from '../../../db/client.js';

/** The business and integration a phase stores rows for. */
export type SyncContext = { businessId: string; integrationId: string };

/**
 * One phase of a vendor's sync: how to read a page of one kind of object (from a cursor, optionally only
 * those created since a time) and how to store a page (upserted by vendor id, inside the transaction that
 * also records the cursor). `incremental: false` reads everything on every run.
 */
export type SyncPhase<Client> = {
  name: string;
  incremental: boolean;
  fetch(
    client: Client,
    cursor: string | null,
    since: Date | null,
  ): Promise<{ items: unknown[]; nextCursor: string | null; hasMore: boolean }>;
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
