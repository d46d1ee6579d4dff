import { z } from 'zod';
import { neuromindProfileSchema } from './intelligence.js';

// ───────────────────────── behavioural insights (sessions screen, profile insights) ─────────────────────────

/** Where an insight's figures come from: each one a named metric and its value. */
export const insightEvidenceSchema = z.object({ metric: z.string(), value: z.number() });

/** Insight (sessions screen, spec doc 2 section 3): every figure in it is in `evidence`. */
export const behavioralInsightSchema = z.object({
  id: z.string(),
  type: z.enum(['opportunity', 'warning', 'info']),
  title: z.string(),
  description: z.string(),
  user_count: z.number().int(),
  action_items: z.array(z.string()),
  evidence: z.array(insightEvidenceSchema),
  profile: neuromindProfileSchema.optional(),
});
export type BehavioralInsight = z.infer<typeof behavioralInsightSchema>;

export const behavioralInsightsQuerySchema = z.object({
  days: z.coerce.number().int().min(1, 'days must be 1 or more').max(90, 'days must be at most 90').default(30),
});
export const behavioralInsightsResponseSchema = z.object({
  insights: z.array(behavioralInsightSchema),
  days: z.number().int(),
  sessions_analyzed: z.number().int(),
  generated_at: z.string(),
});
export type BehavioralInsightsResponse = z.infer<typeof behavioralInsightsResponseSchema>;

export const profileInsightsQuerySchema = z.object({
  days: z.coerce.number().int().min(1, 'days must be 1 or more').max(90, 'days must be at most 90').default(30),
});
export const profileInsightsResponseSchema = z.object({
  profile_type: neuromindProfileSchema,
  meaning: z.string(),
  days: z.number().int(),
  sessions: z.number().int(),
  /** Share of the business's classified sessions in the window. */
  share: z.number().nullable(),
  avg_readiness_score: z.number().nullable(),
  conversion_rate: z.number().nullable(),
  insights: z.array(behavioralInsightSchema),
});
export type ProfileInsightsResponse = z.infer<typeof profileInsightsResponseSchema>;
