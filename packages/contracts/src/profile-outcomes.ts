import { z } from 'zod';
import { neuromindProfileSchema } from './intelligence.js';
import { pageTypeSchema } from './page-types.js';

// ───────────────────── Neuromind outcomes: do the profiles hold on the business's own data? ─────────────────────

export const profileOutcomesQuerySchema = z.object({
  days: z.coerce.number().int().min(1, 'days must be 1 or more').max(90, 'days must be at most 90').default(30),
});

/** A rate's 95% interval, [low, high] in [0, 1]. */
const intervalSchema = z.tuple([z.number(), z.number()]);

/** One profile's sessions in the window and how they turned out; a figure that cannot be known is null. */
export const profileOutcomeSchema = z.object({
  profile: neuromindProfileSchema,
  /** The page types that define the profile, whose share of page time is `matched_content_share`. */
  matched_page_types: z.array(pageTypeSchema),
  sessions: z.number().int(),
  /** Sessions with a conversion (verified or claimed, as `conversion_source` says). */
  converted: z.number().int(),
  conversion_rate: z.number().nullable(),
  /** The 95% Wilson score interval of `conversion_rate`. */
  conversion_interval: intervalSchema.nullable(),
  /** Share of the sessions whose visitor started another session within 30 days after (censored: see notes). */
  return_rate: z.number().nullable(),
  /** Mean over sessions with page time of the share of it spent on `matched_page_types`. */
  matched_content_share: z.number().nullable(),
  mean_readiness: z.number().nullable(),
});
export type ProfileOutcome = z.infer<typeof profileOutcomeSchema>;

/** Pearson's chi-square test of independence between profile and converted, and what it says in words. */
export const profileConversionTestSchema = z.object({
  status: z.enum(['tested', 'too_few_sessions', 'too_few_outcomes']),
  chi_square: z.number().nullable(),
  degrees_of_freedom: z.number().int().nullable(),
  p_value: z.number().nullable(),
  /** The profiles in the test: those with at least 5 sessions (empty until it can run). */
  profiles_tested: z.array(neuromindProfileSchema),
  verdict: z.string(),
});
export type ProfileConversionTest = z.infer<typeof profileConversionTestSchema>;

export const profileOutcomesResponseSchema = z.object({
  days: z.number().int(),
  /** Finished, unflagged sessions with a page view that started in the window. */
  sessions: z.number().int(),
  classified: z.number().int(),
  unclassified: z.number().int(),
  /** 'verified' when a payment integration vouched for a conversion in the window, else the browser's claims. */
  conversion_source: z.enum(['verified', 'claimed']),
  /** All seven profiles, in the contracts' order, with zero rows. */
  profiles: z.array(profileOutcomeSchema),
  conversion_test: profileConversionTestSchema,
  /** What each figure measures and how far it can be trusted, in a sentence each. */
  notes: z.object({ conversion: z.string(), return_rate: z.string(), matched_content: z.string() }),
  generated_at: z.string(),
});
export type ProfileOutcomesResponse = z.infer<typeof profileOutcomesResponseSchema>;
