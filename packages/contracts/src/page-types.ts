import { z } from 'zod';

// ───────────────────────── per-business page-type rules ─────────────────────────
// A business corrects the engine's page-type inference with path-prefix rules (docs/neuromind.md,
// "Page-type rules"). The engine reads its PAGE_TYPES from here, so there is one list.

/** What a page is for, as the engine infers it. */
export const PAGE_TYPES = [
  'pricing',
  'product',
  'reviews',
  'faq',
  'about',
  'demo',
  'cart',
  'comparison',
  'blog',
  'home',
  'other',
] as const;
export const pageTypeSchema = z.enum(PAGE_TYPES);
export type PageTypeName = z.infer<typeof pageTypeSchema>;

/** The most rules a business keeps. */
export const MAX_PAGE_TYPE_RULES = 200;
/** The longest path prefix a rule may have. */
export const MAX_PAGE_TYPE_MATCH_LENGTH = 200;
/** The observed pages are the most viewed of this many days. */
export const PAGE_TYPES_WINDOW_DAYS = 30;
/** How many observed pages the read lists. */
export const MAX_OBSERVED_PAGES = 200;

/** A path prefix as the engine compares it: lower case, and without a trailing slash except the root's. */
export const normalizePageTypeMatch = (value: string): string => {
  const lower = value.trim().toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') || '/' : lower;
};

/** A rule's path prefix: starts with '/', no whitespace, query or fragment; normalised as the engine reads it. */
export const pageTypeMatchSchema = z
  .string({ message: 'match must be a text such as /offers' })
  .overwrite(normalizePageTypeMatch)
  .min(1, 'match is required: a path prefix such as /offers')
  .max(MAX_PAGE_TYPE_MATCH_LENGTH, `match must be at most ${MAX_PAGE_TYPE_MATCH_LENGTH} characters`)
  .startsWith('/', 'match must start with / (a path prefix such as /offers)')
  .regex(/^[^\s]*$/, 'match must not contain spaces')
  .regex(/^[^?#]*$/, 'match is a path prefix: leave out the query (?…) and fragment (#…)');

/** One rule: every path starting with `match` is of `page_type`. */
export const pageTypeRuleSchema = z.object({
  match: pageTypeMatchSchema,
  page_type: z.enum(PAGE_TYPES, { message: `page_type must be one of ${PAGE_TYPES.join(', ')}` }),
});
export type PageTypeRule = z.output<typeof pageTypeRuleSchema>;

/** `PUT /tracking/page-types`: the whole rule set, which replaces the stored one. */
export const putPageTypeRulesBodySchema = z.object({
  rules: z
    .array(pageTypeRuleSchema)
    .max(MAX_PAGE_TYPE_RULES, `at most ${MAX_PAGE_TYPE_RULES} rules`)
    .superRefine((rules, ctx) => {
      // Compared after normalisation, so /Offers/ and /offers are the same rule.
      const seen = new Set<string>();
      rules.forEach((rule, index) => {
        if (!seen.has(rule.match)) seen.add(rule.match);
        else
          ctx.addIssue({
            code: 'custom',
            path: [index, 'match'],
            message: `duplicate match "${rule.match}": a path prefix can have only one rule`,
          });
      });
    }),
});
export type PutPageTypeRulesBody = z.input<typeof putPageTypeRulesBodySchema>;

export const storedPageTypeRuleSchema = z.object({
  match: z.string(),
  page_type: pageTypeSchema,
  updated_at: z.string(),
});
export type StoredPageTypeRule = z.infer<typeof storedPageTypeRuleSchema>;

/** A page path seen in the window, typed without the rules and with them. */
export const observedPageSchema = z.object({
  path: z.string(),
  views: z.number().int(),
  inferred_type: pageTypeSchema,
  /** How sure the engine is of `inferred_type`, in [0, 1] (about 0.3 when nothing in the URL or title names a type). */
  inferred_confidence: z.number().min(0).max(1).optional(),
  effective_type: pageTypeSchema,
  /** The `match` of the rule that applies (the longest matching prefix), or null. */
  rule: z.string().nullable(),
});
export type ObservedPage = z.infer<typeof observedPageSchema>;

/** `GET` and `PUT /tracking/page-types`: the rules, and the most viewed pages of the window, most viewed first. */
export const pageTypesResponseSchema = z.object({
  rules: z.array(storedPageTypeRuleSchema),
  pages: z.array(observedPageSchema),
});
export type PageTypesResponse = z.infer<typeof pageTypesResponseSchema>;
