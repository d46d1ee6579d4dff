import { type ConversionsSettings, type IntegrationStatus, READINESS_THRESHOLDS } from '@ri/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../../db/client.js';
import { integrations } from '../../../../db/schema.js';
import { conversionValueOf, currencyOf, eventNameFor, PREDICTED_EVENT_NAME } from './capi-events.js';
import { type NewOutboxRow, recordEvents } from './capi-outbox.repo.js';
import { averageOrderValue } from './capi-value.js';

/** A request's events as ingestion stored them, with who sent them (the address and user agent Meta matches on). */
export type VisitorBatch = {
  businessId: string;
  sessionId: string;
  visitorId: string;
  ip: string | null;
  userAgent: string | null;
  events: readonly { id: string; type: string; occurredAt: Date; url?: string; data?: Record<string, unknown> }[];
};

/** A scored session as scoring publishes it. */
export type ScoredSession = { session_id: string; readiness_score?: number; last_event_ms: number };

type Target = { id: string; status: IntegrationStatus; settings: ConversionsSettings };
type Client = { ip: string | null; userAgent: string; url: string | null; visitorId: string };

/** How long a business's Conversions API integration (or its absence) is remembered between lookups. */
const TARGET_TTL_MS = 30_000;
/** An average order value is recomputed at most this often per business. */
const AOV_TTL_MS = 10 * 60_000;
/** Live sessions whose last request is remembered (address, user agent, page), least recent dropped first. */
const MAX_CLIENTS = 20_000;
const MAX_CROSSED = 50_000;
/** A session is live while its last event is this recent (the tracking default session timeout). */
const LIVE_MS = 30 * 60_000;

const remember = <K, V>(map: Map<K, V>, key: K, value: V, max: number) => {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value as K);
};

export type ConversionsCapture = {
  /** Ingestion stored a request's events: conversions are recorded for sending, the visitor's client remembered. */
  stored(batch: VisitorBatch): void;
  /** Scoring scored a session: one that first reaches readiness 80 records a predicted-value event (when on). */
  scored(businessId: string, session: ScoredSession): void;
  /** The business's integration changed (connected, switched, disconnected): look it up afresh. */
  invalidate(businessId: string): void;
  /** Resolves when every recording started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
};

/**
 * What the Conversions API takes from the rest of the product, through two callbacks the app wires: ingestion's
 * stored events (tracking knows nothing of Meta) and scoring's published scores (scoring knows nothing either).
 * Only businesses with a Conversions API integration pay more than a map lookup. Events are written to the outbox
 * (`conversions_api_events`), which the sender drains; the visitor's address and user agent are held in memory for
 * live sessions only, and in the outbox only until the event is sent.
 */
export function createConversionsCapture(db: Db, log: FastifyBaseLogger): ConversionsCapture {
  const targets = new Map<string, { target: Target | null; at: number; loading?: Promise<Target | null> }>();
  const clients = new Map<string, Client>();
  const crossed = new Set<string>();
  const values = new Map<string, { at: number; value: Promise<Awaited<ReturnType<typeof averageOrderValue>>> }>();
  const inFlight = new Set<Promise<unknown>>();

  const track = (work: Promise<unknown>, businessId: string) => {
    const p = work
      .catch((error) => {
        // The integration may have gone (disconnected meanwhile): look it up again next time.
        targets.delete(businessId);
        log.error({ err: error, businessId }, 'recording a Conversions API event failed');
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };

  const targetOf = (businessId: string): Target | null | Promise<Target | null> => {
    const known = targets.get(businessId);
    if (known && Date.now() - known.at < TARGET_TTL_MS) return known.loading ?? known.target;
    const loading = db
      .select({ id: integrations.id, status: integrations.status, settings: integrations.conversionsSettings })
      .from(integrations)
      .where(and(eq(integrations.businessId, businessId), eq(integrations.provider, 'facebook_conversions')))
      .then(([row]) => {
        const target = row ? { id: row.id, status: row.status, settings: row.settings ?? defaultSettings } : null;
        targets.set(businessId, { target, at: Date.now() });
        return target;
      })
      .catch((error) => {
        targets.delete(businessId);
        throw error;
      });
    targets.set(businessId, { target: null, at: Date.now(), loading });
    return loading;
  };

  const aovOf = (businessId: string) => {
    const known = values.get(businessId);
    if (known && Date.now() - known.at < AOV_TTL_MS) return known.value;
    const value = averageOrderValue(db, businessId);
    values.set(businessId, { at: Date.now(), value });
    value.catch(() => values.delete(businessId));
    return value;
  };

  async function recordConversions(target: Target, batch: VisitorBatch, client: Client | undefined) {
    const rows: NewOutboxRow[] = [];
    for (const event of batch.events) {
      if (event.type !== 'conversion') continue;
      const value = conversionValueOf(event.data?.value);
      const currency = currencyOf(event.data?.currency);
      const naming = eventNameFor(event.data?.name, value, currency);
      const skip = 'skip' in naming ? `Not sent: ${naming.skip}` : null;
      rows.push({
        integrationId: target.id,
        businessId: batch.businessId,
        eventId: event.id,
        kind: 'conversion',
        eventName: 'eventName' in naming ? naming.eventName : 'Purchase',
        eventTime: event.occurredAt,
        sessionId: batch.sessionId,
        visitorId: batch.visitorId,
        eventSourceUrl: event.url ?? client?.url ?? null,
        clientIp: skip ? null : batch.ip,
        clientUserAgent: skip ? null : batch.userAgent,
        value: value !== null && currency !== null ? value : null,
        currency: value !== null ? currency : null,
        ...(skip ? { status: 'skipped' as const, error: skip } : {}),
      });
    }
    await recordEvents(db, rows);
  }

  async function recordPredicted(businessId: string, session: ScoredSession) {
    const target = await targetOf(businessId);
    if (!target || target.status === 'disconnected' || !target.settings.predicted_value_events) return;
    const key = `${businessId}|${session.session_id}`;
    const client = clients.get(key);
    // Meta needs the visitor's user agent for a website event: only sessions live in this process qualify.
    if (!client || crossed.has(key)) return;
    crossed.add(key);
    if (crossed.size > MAX_CROSSED) crossed.delete(crossed.values().next().value as string);
    const [intel] = (
      await db.execute(sql`
        SELECT conversion_probability FROM session_intelligence
        WHERE business_id = ${businessId} AND session_id = ${session.session_id}`)
    ).rows as { conversion_probability: number | null }[];
    const probability = intel?.conversion_probability ?? null;
    const aov = await aovOf(businessId);
    const score = Math.round((session.readiness_score ?? 0) * 10) / 10;
    let value: number | null = null;
    let note: string;
    if (probability === null) note = `Readiness ${score}; no conversion probability stored, so no value.`;
    else if (aov.value === null || aov.currency === null) {
      note = `Conversion probability ${probability.toFixed(3)} (readiness ${score}); sent without a value: ${aov.explanation}`;
    } else {
      value = Math.round(probability * aov.value * 100) / 100;
      note = `Value ${value.toFixed(2)} ${aov.currency} = conversion probability ${probability.toFixed(3)} (readiness ${score}) × average order value ${aov.value.toFixed(2)} ${aov.currency}. ${aov.explanation}`;
    }
    await recordEvents(db, [
      {
        integrationId: target.id,
        businessId,
        eventId: `predicted-${session.session_id}`,
        kind: 'predicted_value',
        eventName: PREDICTED_EVENT_NAME,
        eventTime: new Date(session.last_event_ms),
        sessionId: session.session_id,
        visitorId: client.visitorId,
        eventSourceUrl: client.url,
        clientIp: client.ip,
        clientUserAgent: client.userAgent,
        value,
        currency: value === null ? null : aov.currency,
        customData: {
          readiness_score: score,
          ...(probability === null ? {} : { predicted_conversion_probability: Math.round(probability * 1000) / 1000 }),
        },
        note,
      },
    ]);
  }

  return {
    stored(batch) {
      const found = targetOf(batch.businessId);
      const handle = (target: Target | null) => {
        if (!target || target.status === 'disconnected') return;
        const key = `${batch.businessId}|${batch.sessionId}`;
        const url = [...batch.events].reverse().find((e) => e.url)?.url ?? clients.get(key)?.url ?? null;
        const client = batch.userAgent
          ? { ip: batch.ip, userAgent: batch.userAgent, url, visitorId: batch.visitorId }
          : clients.get(key);
        if (batch.userAgent && client) remember(clients, key, client, MAX_CLIENTS);
        if (batch.events.some((e) => e.type === 'conversion'))
          track(recordConversions(target, batch, client), batch.businessId);
      };
      if (found instanceof Promise) track(found.then(handle), batch.businessId);
      else handle(found);
    },
    scored(businessId, session) {
      if ((session.readiness_score ?? 0) < READINESS_THRESHOLDS.ready) return;
      if (Date.now() - session.last_event_ms > LIVE_MS) return;
      if (!clients.has(`${businessId}|${session.session_id}`)) return;
      track(recordPredicted(businessId, session), businessId);
    },
    invalidate(businessId) {
      targets.delete(businessId);
      values.delete(businessId);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

const defaultSettings: ConversionsSettings = { predicted_value_events: true, test_event_code: null };
