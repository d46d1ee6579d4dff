import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptime_seconds: z.number(),
  database: z.object({
    status: z.enum(['up', 'down']),
    driver: z.enum(['pglite', 'postgres']),
    latency_ms: z.number().nullable(),
    error: z.string().optional(),
  }),
  jobs: z.object({
    status: z.enum(['up', 'down', 'disabled']),
    queues: z.array(z.object({ name: z.string(), queued: z.number(), active: z.number() })),
    error: z.string().optional(),
  }),
});
export type Health = z.infer<typeof healthSchema>;

/** Sync status of the header (spec section 3) plus why a sync is unavailable. */
export const syncStatusSchema = z.object({
  sync_available: z.boolean(),
  cooldown_remaining_seconds: z.number(),
  cooldown_remaining_minutes: z.number(),
  next_sync_available_at: z.string().nullable(),
  connected_sources: z.number().int(),
  reason: z.enum(['no_data_source', 'cooldown', 'ready']),
  message: z.string(),
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;

export const outboxMessageSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export const outboxListSchema = z.object({
  mode: z.enum(['outbox', 'smtp']),
  messages: z.array(outboxMessageSchema),
});
export type OutboxList = z.infer<typeof outboxListSchema>;
