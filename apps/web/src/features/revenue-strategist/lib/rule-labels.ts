/**
 * The strategy rules by their keys (docs/strategy.md): a name for lists and the condition that makes each
 * fire, so View Details and the "checked, found nothing" list say what was looked for.
 */
type RuleText = { label: string; firesWhen: string };

const RULES: Record<string, RuleText> = {
  funnel_leak_profile: {
    label: 'Funnel leak by Neuromind profile',
    firesWhen:
      'A profile continues past a funnel step at least 10 points less often than the other profiles, significant in a two-proportion z-test (Bonferroni-corrected), with at least 50 sessions on each side.',
  },
  funnel_drop: {
    label: 'Funnel step fell since the previous window',
    firesWhen:
      "A step's continuation rate fell at least 5 points against the previous window of the same length, significant (Bonferroni over steps), with at least 100 sessions in each window.",
  },
  ready_not_converting: {
    label: 'Ready visitors not converting',
    firesWhen:
      'At least 30 sessions reached readiness 80 or more and the top of their 95 % Wilson interval is still below the conversion rate their readiness predicts.',
  },
  campaign_wrong_buyers: {
    label: 'Campaign bringing the wrong buyers',
    firesWhen:
      "A campaign with at least 200 sessions converts at 75 % or less of the other campaigns' rate (significant), with lower mean readiness and a higher cost per conversion.",
  },
  fatigued_creatives: {
    label: 'Fatigued ad creatives',
    firesWhen: 'Creatives whose fatigue score is above 0.5: click-through has fallen from its launch baseline.',
  },
  high_value_churn_risk: {
    label: 'High-value customers at churn risk',
    firesWhen:
      "At least 5 top-quarter customers by lifetime value have churn risk 0.7 or more and a mean risk above the base's.",
  },
  pricing_page_exits: {
    label: 'Exits from pricing pages',
    firesWhen:
      "Pricing pages' exit rate is at least 10 points above other pages' (p < 0.05), with at least 200 views of each.",
  },
  ad_cost_trend: {
    label: 'Ad auction costs',
    firesWhen: 'Mean daily CPC (or CPM) changed at least 10 % against the previous window, significant per platform.',
  },
  weekday_pattern: {
    label: 'Weekday revenue pattern',
    firesWhen: "A weekday's mean revenue is at least 20 % from the mean day over the last year (at least 56 days).",
  },
  seasonality: { label: 'Seasonality', firesWhen: 'Revenue per day is known, so the season can be read.' },
  month_of_year: {
    label: 'Next month against its year',
    firesWhen: "Next month's mean day is at least 15 % from the year around it (needs 365 days of revenue).",
  },
  competitor_prices: {
    label: 'Competitor prices',
    firesWhen: 'Your price is at least 10 % from the median of the competitor prices you entered (last 180 days).',
  },
};

/** The rule's name for a list; an unknown key reads as words. */
export function ruleLabel(key: string): string {
  const known = RULES[key];
  if (known) return known.label;
  const text = key.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** When the rule fires, or null for a key this screen does not know. */
export const ruleCondition = (key: string): string | null => RULES[key]?.firesWhen ?? null;
