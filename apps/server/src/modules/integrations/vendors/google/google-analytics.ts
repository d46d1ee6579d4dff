import type { AnalyticsEventsResponse, AnalyticsTest } from '@ri/contracts';
import type { Ga4Client } from './ga4-client.js';
import { googleFailure } from './google-failure.js';

type EventCount = AnalyticsEventsResponse['events'][number];

/**
 * A GA4 property's events (spec section 7, analytics-events): the last 30 minutes by event name (runRealtimeReport),
 * the range from `dateRange` to today by event name, and the key events among them (the `keyEvents` metric, GA4's
 * name for conversions since 2024). Each report that fails adds a line to `errors` instead of failing the whole.
 */
export async function readAnalyticsEvents(
  ga4: Ga4Client,
  propertyId: string,
  dateRange: string,
): Promise<AnalyticsEventsResponse> {
  const errors: string[] = [];
  const note = (what: string, error: unknown) => errors.push(`${what}: ${googleFailure(error).detail}`);
  const byName = (rows: { dimensions: string[]; metrics: number[] }[], metric: number): EventCount[] =>
    rows
      .map((r) => ({ event_name: r.dimensions[0] ?? '(not set)', event_count: Math.round(r.metrics[metric] ?? 0) }))
      .filter((e) => e.event_count > 0);

  const [realtime, historical] = await Promise.allSettled([
    ga4.runRealtimeReport(propertyId, { dimensions: ['eventName'], metrics: ['eventCount'] }),
    ga4.runReport(propertyId, {
      dateRanges: [{ startDate: dateRange, endDate: 'today' }],
      dimensions: ['eventName'],
      metrics: ['eventCount', 'keyEvents'],
    }),
  ]);
  let realTimeEvents: EventCount[] = [];
  let events: EventCount[] = [];
  let conversions: EventCount[] = [];
  if (realtime.status === 'fulfilled') realTimeEvents = byName(realtime.value.rows, 0);
  else note('Real-time events', realtime.reason);
  if (historical.status === 'fulfilled') {
    events = byName(historical.value.rows, 0);
    conversions = byName(historical.value.rows, 1);
  } else note('Historical events', historical.reason);
  return { real_time_events: realTimeEvents, events, conversions, errors };
}

const total = (events: EventCount[]) => events.reduce((sum, e) => sum + e.event_count, 0);

/** The summary's analytics test (section 2.5) from the events read: counts, or what went wrong. */
export function analyticsTestOf(result: AnalyticsEventsResponse): AnalyticsTest {
  return {
    success: result.errors.length === 0,
    real_time_events: total(result.real_time_events),
    historical_events: total(result.events),
    conversion_events: total(result.conversions),
    errors: result.errors,
    error: result.errors[0] ?? null,
  };
}

/** The analytics test when reading the events failed as a whole. */
export const failedAnalyticsTest = (error: unknown): AnalyticsTest => {
  const message = googleFailure(error).detail;
  return {
    success: false,
    real_time_events: 0,
    historical_events: 0,
    conversion_events: 0,
    errors: [message],
    error: message,
  };
};
