import type { ConversionsApiEventStatus } from '@ri/contracts';
import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../../db/client.js';
import { conversionsApiEvents, integrations } from '../../../../db/schema.js';
import type { ConversionsApiAnswer } from './capi.schema.js';
import { CAPI_MAX_EVENT_AGE_MS } from './capi-events.js';

export type OutboxRow = typeof conversionsApiEvents.$inferSelect;
export type NewOutboxRow = typeof conversionsApiEvents.$inferInsert;

/** How an event ended (or, `retry`, did not: it waits for the next send). */
export type SendResult = {
  eventId: string;
  status: Exclude<ConversionsApiEventStatus, 'pending'> | 'retry';
  answer: ConversionsApiAnswer | null;
  error: string | null;
  matchKeys: string[];
  testEventCode: string | null;
};

/** Records events to send; one already recorded (same integration and event id) is left as it is. */
export async function recordEvents(db: Executor, rows: NewOutboxRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(conversionsApiEvents)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: conversionsApiEvents.eventId });
  return inserted.length;
}

/**
 * Meta refuses a whole request for one event older than 7 days: such events are given up before they are sent, and
 * the visitor's address and agent they held go (for every integration when none is named, even one in error).
 */
export async function skipExpired(db: Executor, integrationId?: string): Promise<number> {
  // A minute's margin, so that an event does not age past the limit on its way to Meta.
  const oldest = new Date(Date.now() - CAPI_MAX_EVENT_AGE_MS + 60_000);
  const skipped = await db
    .update(conversionsApiEvents)
    .set({
      status: 'skipped',
      error:
        'Not sent: Meta accepts events up to 7 days old, and this one waited longer (Meta unreachable or the integration disconnected).',
      clientIp: null,
      clientUserAgent: null,
      claimedUntil: null,
    })
    .where(
      and(
        integrationId ? eq(conversionsApiEvents.integrationId, integrationId) : undefined,
        eq(conversionsApiEvents.status, 'pending'),
        lt(conversionsApiEvents.eventTime, oldest),
        or(isNull(conversionsApiEvents.claimedUntil), lt(conversionsApiEvents.claimedUntil, sql`now()`)),
      ),
    )
    .returning({ id: conversionsApiEvents.eventId });
  return skipped.length;
}

/**
 * Takes up to `limit` due events of the integration, oldest first, for `leaseMs`: another sender (another process,
 * or this one's next page) skips them meanwhile, so no event is posted twice at once.
 */
export async function claimDue(db: Executor, integrationId: string, limit: number, leaseMs: number) {
  const t = conversionsApiEvents;
  const due = db
    .select({ id: t.eventId })
    .from(t)
    .where(
      and(
        eq(t.integrationId, integrationId),
        eq(t.status, 'pending'),
        lte(t.nextAttemptAt, sql`now()`),
        or(isNull(t.claimedUntil), lt(t.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(t.eventTime))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(t)
    .set({
      claimedUntil: sql`now() + ${`${Math.ceil(leaseMs / 1000)} seconds`}::interval`,
      attempts: sql`${t.attempts} + 1`,
    })
    .where(and(eq(t.integrationId, integrationId), inArray(t.eventId, due)))
    .returning();
}

/** Lets claimed events go again (Meta did not take them), noting why. */
export async function releaseClaims(db: Executor, integrationId: string, eventIds: string[], why: string | null) {
  if (eventIds.length === 0) return;
  await db
    .update(conversionsApiEvents)
    .set({ claimedUntil: null, nextAttemptAt: new Date(), error: why })
    .where(and(eq(conversionsApiEvents.integrationId, integrationId), inArray(conversionsApiEvents.eventId, eventIds)));
}

/**
 * Stores how each event ended, with Meta's answer; the visitor's address and user agent go (they were kept for Meta
 * only). Events with the same outcome are written in one statement.
 */
export async function storeResults(db: Executor, integrationId: string, results: SendResult[]): Promise<number> {
  const groups = new Map<string, SendResult[]>();
  for (const r of results) {
    if (r.status === 'retry') continue;
    const key = JSON.stringify([r.status, r.answer, r.error, r.matchKeys, r.testEventCode]);
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  let stored = 0;
  for (const group of groups.values()) {
    const first = group[0]!;
    const done = await db
      .update(conversionsApiEvents)
      .set({
        status: first.status as ConversionsApiEventStatus,
        answer: first.answer,
        error: first.error,
        matchKeys: first.matchKeys,
        testEventCode: first.testEventCode,
        sentAt: first.status === 'sent' ? new Date() : null,
        claimedUntil: null,
        clientIp: null,
        clientUserAgent: null,
      })
      .where(
        and(
          eq(conversionsApiEvents.integrationId, integrationId),
          inArray(
            conversionsApiEvents.eventId,
            group.map((r) => r.eventId),
          ),
        ),
      )
      .returning({ id: conversionsApiEvents.eventId });
    stored += done.length;
  }
  return stored;
}

/** Conversions API integrations that are connected and have events due: what the periodic send starts. */
export async function integrationsWithDueEvents(db: Executor): Promise<{ id: string; businessId: string }[]> {
  const result = await db.execute(sql`
    SELECT i.id, i.business_id FROM integrations i
    WHERE i.provider = 'facebook_conversions' AND i.status = 'connected'
      AND EXISTS (
        SELECT 1 FROM conversions_api_events e
        WHERE e.integration_id = i.id AND e.status = 'pending' AND e.next_attempt_at <= now()
          AND (e.claimed_until IS NULL OR e.claimed_until < now()))`);
  return (result.rows as { id: string; business_id: string }[]).map((r) => ({
    id: String(r.id),
    businessId: String(r.business_id),
  }));
}

/** The newest events of the integration's log. */
export async function listLog(
  db: Executor,
  integrationId: string,
  options: { limit: number; status?: ConversionsApiEventStatus },
): Promise<OutboxRow[]> {
  const t = conversionsApiEvents;
  return db
    .select()
    .from(t)
    .where(and(eq(t.integrationId, integrationId), options.status ? eq(t.status, options.status) : undefined))
    .orderBy(desc(t.createdAt), desc(t.eventTime))
    .limit(options.limit);
}

export async function countByStatus(db: Executor, integrationId: string) {
  const rows = await db
    .select({ status: conversionsApiEvents.status, n: sql<number>`count(*)::int` })
    .from(conversionsApiEvents)
    .where(eq(conversionsApiEvents.integrationId, integrationId))
    .groupBy(conversionsApiEvents.status);
  const counts = { pending: 0, sent: 0, failed: 0, skipped: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

/** The integration's stored Test Events code (read at each send, so a change applies to the next request). */
export async function testEventCodeOf(db: Executor, integrationId: string): Promise<string | null> {
  const [row] = await db
    .select({ settings: integrations.conversionsSettings })
    .from(integrations)
    .where(eq(integrations.id, integrationId));
  return row?.settings?.test_event_code ?? null;
}
