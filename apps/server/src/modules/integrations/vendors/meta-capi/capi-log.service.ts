import type {
  ConversionsApiEvent,
  ConversionsApiEventStatus,
  ConversionsApiLogResponse,
  ConversionsSettings,
  Integration,
} from '@ri/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client.js';
import { integrations } from '../../../../db/schema.js';
import { notFound } from '../../../../lib/errors.js';
import { dataPointsByIntegration, findIntegration, type IntegrationRow } from '../../integrations.repo.js';
import { toIntegration } from '../../integrations.service.js';
import { countByStatus, listLog, type OutboxRow } from './capi-outbox.repo.js';
import { averageOrderValue } from './capi-value.js';

const DEFAULT_SETTINGS: ConversionsSettings = { predicted_value_events: true, test_event_code: null };

/** The business's Conversions API integration by id; any other id (another provider, another business) is a 404. */
async function findConversionsIntegration(db: Db, businessId: string, id: string): Promise<IntegrationRow> {
  const row = await findIntegration(db, businessId, id);
  if (row?.provider !== 'facebook_conversions') throw notFound('Conversions API integration');
  return row;
}

const toEvent = (row: OutboxRow): ConversionsApiEvent => ({
  event_id: row.eventId,
  event_name: row.eventName,
  kind: row.kind,
  session_id: row.sessionId,
  event_time: row.eventTime.toISOString(),
  status: row.status,
  attempts: row.attempts,
  sent_at: row.sentAt?.toISOString() ?? null,
  value: row.value,
  currency: row.currency,
  match_keys: row.matchKeys,
  test_event_code: row.testEventCode,
  answer:
    row.answer && typeof row.answer.events_received === 'number'
      ? {
          events_received: row.answer.events_received,
          fbtrace_id: row.answer.fbtrace_id ?? null,
          messages: row.answer.messages ?? [],
        }
      : null,
  error: row.error,
  note: row.note,
});

/** `GET /integrations/{id}/conversions-api/events`: the newest sends with Meta's answers, the counts and settings. */
export async function getConversionsLog(
  db: Db,
  businessId: string,
  id: string,
  query: { limit: number; status?: ConversionsApiEventStatus },
): Promise<ConversionsApiLogResponse> {
  const row = await findConversionsIntegration(db, businessId, id);
  const [events, counts, aov] = await Promise.all([
    listLog(db, id, query),
    countByStatus(db, id),
    averageOrderValue(db, businessId),
  ]);
  return {
    integration_id: id,
    pixel_id: row.vendorAccount?.id ?? null,
    settings: row.conversionsSettings ?? DEFAULT_SETTINGS,
    counts,
    average_order_value: aov,
    events: events.map(toEvent),
  };
}

/**
 * `PATCH /integrations/{id}/conversions-api/settings`: switches predicted-value events and sets or clears the Test
 * Events code; what the body leaves out stays. The next send uses them.
 */
export async function updateConversionsSettings(
  db: Db,
  businessId: string,
  id: string,
  body: { predicted_value_events?: boolean; test_event_code?: string | null },
): Promise<Integration> {
  const row = await findConversionsIntegration(db, businessId, id);
  const current = row.conversionsSettings ?? DEFAULT_SETTINGS;
  const settings: ConversionsSettings = {
    predicted_value_events: body.predicted_value_events ?? current.predicted_value_events,
    test_event_code: body.test_event_code === undefined ? current.test_event_code : body.test_event_code,
  };
  const [updated] = await db
    .update(integrations)
    .set({ conversionsSettings: settings, updatedAt: new Date() })
    .where(and(eq(integrations.businessId, businessId), eq(integrations.id, id)))
    .returning();
  const points = await dataPointsByIntegration(db, businessId);
  return toIntegration(updated!, points.get(id) ?? 0);
}
