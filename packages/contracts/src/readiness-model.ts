import { z } from 'zod';

/** Cross-validated ROC-AUC and Brier score of one way of scoring a business's finished sessions. */
export const modelFiguresSchema = z.object({ auc: z.number(), brier: z.number() });

/**
 * Which readiness model scores a business's live sessions, and why: the UCI prior until a refit finds
 * enough history, then the business's own model if it ranks the business's sessions better.
 */
export const readinessModelSchema = z.object({
  status: z.enum(['prior', 'active', 'not_enough_data', 'not_better']),
  /** A refit is running in this server now. */
  refitting: z.boolean(),
  /** In words: which model scores and why. */
  reason: z.string(),
  /** Finished sessions and converting ones the last refit read. */
  sessions: z.number().int(),
  conversions: z.number().int(),
  /** Pages with statistics (page value, bounce and exit rates). */
  pages: z.number().int(),
  /** The business model's cross-validated figures and the prior's on the same sessions (after a fit). */
  metrics: z.object({ folds: z.number().int(), business: modelFiguresSchema, prior: modelFiguresSchema }).nullable(),
  fitted_at: z.string().nullable(),
  /** The history a model of its own needs. */
  thresholds: z.object({ min_sessions: z.number().int(), min_conversions: z.number().int() }),
});
export type ReadinessModel = z.infer<typeof readinessModelSchema>;
