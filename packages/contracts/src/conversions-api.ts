import { z } from 'zod';
import { conversionsSettingsSchema } from './integrations.js';

// ───────────────────────── Meta Conversions API: what was sent, and the owner's switches ─────────────────────────

/**
 * Where an event stands: waiting to be sent (or for Meta to be reachable again), sent with Meta's answer, refused by
 * Meta for itself (its error), or never sent because it could not be (older than Meta's 7 days, no user agent…).
 */
export const CONVERSIONS_API_EVENT_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type ConversionsApiEventStatus = (typeof CONVERSIONS_API_EVENT_STATUSES)[number];

/** A tracked conversion, or the predicted-value event of a live session that first reached readiness 80. */
export const CONVERSIONS_API_EVENT_KINDS = ['conversion', 'predicted_value'] as const;

/** Meta's answer to the request that carried an event (`POST /{pixel-id}/events`). */
export const conversionsApiAnswerSchema = z.object({
  events_received: z.number().int(),
  fbtrace_id: z.string().nullable(),
  messages: z.array(z.string()),
});

/** One event of the send log. Customer information is named (match_keys), never shown. */
export const conversionsApiEventSchema = z.object({
  /** The dedupe key Meta matches with the browser pixel: the tracked event's id. */
  event_id: z.string(),
  event_name: z.string(),
  kind: z.enum(CONVERSIONS_API_EVENT_KINDS),
  session_id: z.string().nullable(),
  /** When the visitor acted (ISO). */
  event_time: z.string(),
  status: z.enum(CONVERSIONS_API_EVENT_STATUSES),
  attempts: z.number().int(),
  sent_at: z.string().nullable(),
  value: z.number().nullable(),
  currency: z.string().nullable(),
  /** The customer information parameters sent (client_ip_address, client_user_agent, fbc, em, ph), by name. */
  match_keys: z.array(z.string()),
  /** The Test Events code the event went with, if any. */
  test_event_code: z.string().nullable(),
  answer: conversionsApiAnswerSchema.nullable(),
  /** Meta's refusal, or why it was not sent, in words the owner can act on. */
  error: z.string().nullable(),
  /** How the event was built where it matters (e.g. how a predicted value was computed, or why it has none). */
  note: z.string().nullable(),
});
export type ConversionsApiEvent = z.infer<typeof conversionsApiEventSchema>;

export const conversionsApiLogQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be 1 or more').max(200, 'limit must be at most 200').default(50),
  status: z
    .enum(CONVERSIONS_API_EVENT_STATUSES, { error: 'status must be pending, sent, failed or skipped' })
    .optional(),
});

/** The business's average order value, as the predicted-value events use it, and where it comes from. */
export const averageOrderValueSchema = z.object({
  value: z.number().nullable(),
  currency: z.string().nullable(),
  /** `stripe`: paid charges synced from Stripe; `tracked_conversions`: the values the tracking script reported. */
  source: z.enum(['stripe', 'tracked_conversions']).nullable(),
  explanation: z.string(),
});
export type AverageOrderValue = z.infer<typeof averageOrderValueSchema>;

/** `GET /integrations/{id}/conversions-api/events`: the recent sends, newest first, and the settings. */
export const conversionsApiLogResponseSchema = z.object({
  integration_id: z.string(),
  pixel_id: z.string().nullable(),
  settings: conversionsSettingsSchema,
  counts: z.object({
    pending: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    skipped: z.number().int(),
  }),
  average_order_value: averageOrderValueSchema,
  events: z.array(conversionsApiEventSchema),
});
export type ConversionsApiLogResponse = z.infer<typeof conversionsApiLogResponseSchema>;

/** `PATCH /integrations/{id}/conversions-api/settings`: either switch, or both; a blank code clears it. */
export const conversionsApiSettingsBodySchema = z
  .object({
    predicted_value_events: z.boolean({ error: 'predicted_value_events must be true or false' }).optional(),
    test_event_code: z
      .string({ error: 'test_event_code must be text or null' })
      .trim()
      .max(64, 'test_event_code must be at most 64 characters')
      .regex(/^[A-Za-z0-9_-]*$/, 'test_event_code must be letters, digits, _ or - (as Events Manager shows it)')
      .nullable()
      .optional()
      .transform((code) => (code === undefined ? undefined : code || null)),
  })
  .refine((b) => b.predicted_value_events !== undefined || b.test_event_code !== undefined, {
    message: 'Send predicted_value_events, test_event_code or both',
    path: ['predicted_value_events'],
  });
export type ConversionsApiSettingsBody = z.input<typeof conversionsApiSettingsBodySchema>;
