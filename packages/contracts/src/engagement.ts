import { z } from 'zod';
import { sessionIdSchema } from './intelligence.js';

// ───────────────────────── Engage and Take Action ─────────────────────────

export const ENGAGEMENT_ACTION_KINDS = ['engage', 'take_action'] as const;
export const ENGAGEMENT_ACTION_STATUSES = ['recorded', 'delivered', 'failed', 'cancelled'] as const;

export const createEngagementActionSchema = z
  .object({
    kind: z.enum(ENGAGEMENT_ACTION_KINDS),
    session_id: sessionIdSchema.optional(),
    insight_id: z.string().min(1).max(200).optional(),
    title: z.string().trim().min(1, 'title is required').max(200, 'title must be at most 200 characters'),
    action_items: z.array(z.string().max(500)).max(20, 'at most 20 action items').default([]),
    note: z.string().max(2000, 'note must be at most 2000 characters').optional(),
  })
  .refine((b) => b.kind !== 'engage' || b.session_id, {
    message: 'session_id is required to engage a visitor',
    path: ['session_id'],
  })
  .refine((b) => b.kind !== 'take_action' || b.insight_id, {
    message: 'insight_id is required to act on an insight',
    path: ['insight_id'],
  });
export type CreateEngagementAction = z.input<typeof createEngagementActionSchema>;

export const engagementActionSchema = z.object({
  id: z.string(),
  kind: z.enum(ENGAGEMENT_ACTION_KINDS),
  status: z.enum(ENGAGEMENT_ACTION_STATUSES),
  session_id: z.string().nullable(),
  insight_id: z.string().nullable(),
  title: z.string(),
  action_items: z.array(z.string()),
  note: z.string().nullable(),
  /** Why the action is in its status, e.g. that on-site delivery is not set up yet. */
  status_detail: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  history: z.array(z.object({ status: z.enum(ENGAGEMENT_ACTION_STATUSES), at: z.string(), detail: z.string() })),
});
export type EngagementAction = z.infer<typeof engagementActionSchema>;

export const engagementActionsQuerySchema = z.object({
  session_id: sessionIdSchema.optional(),
  insight_id: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const engagementActionsResponseSchema = z.object({ actions: z.array(engagementActionSchema) });

/** What an action says while nothing delivers to the visitor's browser yet. */
export const ON_SITE_DELIVERY_NOT_SET_UP =
  'Recorded. On-site delivery to the visitor is not set up yet, so nothing was shown on the website.';
