import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useBusinessId } from '../../../lib/business-id';
import {
  generateStrategicInsights,
  recommendationsStaleKey,
  savedRecommendationsQueryOptions,
} from '../api/insights-api';
import { type InsightOutcome, runInsightFlow } from '../lib/insight-flow';

/** Outcomes shown in the modal; the others are an alert on the page. */
const SHOWN = new Set<InsightOutcome['kind']>(['saved', 'generated', 'fallback']);

/**
 * Generate Strategic Insights (spec section 4): runs the flow, opens the modal when there is something to show
 * and otherwise leaves the outcome for the page's alert. `regenerate` (the modal's own button) skips the saved list.
 */
export function useInsightGeneration() {
  const businessId = useBusinessId();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<InsightOutcome | null>(null);
  const [open, setOpen] = useState(false);
  const running = useRef(false);

  const start = async (regenerate = false) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    const options = savedRecommendationsQueryOptions(businessId);
    try {
      const result = await runInsightFlow(
        {
          fetchSaved: () => queryClient.fetchQuery(options),
          refetchSaved: async () => {
            // Every saved list of the business (the strategist's too) is stale; this one is read at once.
            await queryClient.invalidateQueries({ queryKey: recommendationsStaleKey(businessId), refetchType: 'none' });
            return queryClient.fetchQuery({ ...options, staleTime: 0 });
          },
          generate: () => generateStrategicInsights(businessId),
        },
        regenerate,
      );
      setOutcome(result);
      if (SHOWN.has(result.kind)) setOpen(true);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return {
    busy,
    outcome,
    open,
    start: (regenerate?: boolean) => void start(regenerate),
    close: () => setOpen(false),
    dismiss: () => setOutcome(null),
  };
}
