import type { CampaignExtended, OptimizationRecommendation } from '@ri/contracts';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/api-error';
import type { Permission } from '../../../lib/can';
import { humaniseName } from '../../../lib/format';
import type { AdDays } from '../api/ad-intelligence-api';
import { useImplementOptimization } from '../hooks/use-ad-optimizations';
import { confirmText } from '../lib/optimization-text';
import { RecordedAction } from './recorded-action';

export const IMPLEMENT_FAILED = 'Failed to implement optimization. Please try again.';

const priorityTones: Record<OptimizationRecommendation['priority'], string> = {
  high: 'bg-red-100 text-red-800',
  medium: 'bg-amber-100 text-amber-800',
  low: 'bg-slate-100 text-slate-700',
};

const METRIC_ACRONYMS = new Set(['roas', 'ctr', 'cpc', 'cpm', 'cpa']);

/** A metric's key as people read it: 'roas' is ROAS, 'spend_share_of_budget' is Spend share of budget. */
export function metricLabel(metric: string): string {
  const words = metric.split('_').map((w) => (METRIC_ACRONYMS.has(w) ? w.toUpperCase() : w));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function Evidence({ evidence }: { evidence: OptimizationRecommendation['evidence'] }) {
  if (evidence.length === 0) return null;
  return (
    <ul aria-label="Evidence" className="mt-2 flex flex-wrap gap-1.5">
      {evidence.map((e) => (
        <li key={e.metric} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700 tabular-nums">
          {metricLabel(e.metric)}: {e.value === null ? 'not known' : e.value.toLocaleString()}
          {e.threshold !== null && ` (rule: ${e.threshold.toLocaleString()})`}
        </li>
      ))}
    </ul>
  );
}

type Props = {
  recommendation: OptimizationRecommendation;
  campaign: CampaignExtended;
  days: AdDays;
  implement: Permission;
};

/**
 * One recommendation: why (its numbers), what it should bring, the steps, and Implement Optimization, which
 * first states exactly what will change and only then asks the server to do it. The recorded action, with
 * Undo, then takes the button's place.
 */
export function RecommendationCard({ recommendation: rec, campaign, days, implement: permission }: Props) {
  const [confirming, setConfirming] = useState(false);
  const implement = useImplementOptimization();
  const stepRef = useRef<HTMLDivElement>(null);
  const wasConfirming = useRef(false);

  // Keyboard users land on the next step: Confirm when it appears, back on Implement after Cancel, and
  // on the recorded action's first button (Undo) once it is done.
  useEffect(() => {
    if (confirming || wasConfirming.current) (stepRef.current?.querySelector('button') ?? stepRef.current)?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const submit = () =>
    implement.mutate(
      { campaignId: campaign.id, recommendationId: rec.id, days },
      { onSuccess: () => setConfirming(false) },
    );
  const serverMessage = implement.isError ? getErrorMessage(implement.error, '') : '';

  return (
    <article aria-label={rec.title} className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium capitalize ${priorityTones[rec.priority]}`}>
          {rec.priority} priority
        </span>
        <span className="text-xs text-slate-500">{humaniseName(rec.type)}</span>
      </div>
      <h3 className="mt-1 font-semibold text-slate-900">{rec.title}</h3>
      <p className="mt-1 text-sm text-slate-700">{rec.description}</p>
      <p className="mt-1 text-sm text-slate-700">
        <span className="font-medium">Expected impact:</span> {rec.expected_impact}
      </p>
      <Evidence evidence={rec.evidence} />
      {rec.implementation_steps.length > 0 && (
        <ol className="mt-2 list-decimal space-y-0.5 pl-5 text-sm text-slate-700">
          {rec.implementation_steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      )}

      <div ref={stepRef} tabIndex={-1} className="mt-3 outline-none">
        {implement.data ? (
          <RecordedAction action={implement.data} undo={permission} />
        ) : confirming ? (
          <div className="rounded-lg border border-indigo-200 bg-indigo-50 p-3">
            <p className="text-sm font-medium text-indigo-950">
              {confirmText(rec, campaign.platform, campaign.currency)}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button busy={implement.isPending} onClick={submit}>
                {implement.isPending ? 'Implementing...' : 'Confirm'}
              </Button>
              <Button variant="secondary" disabled={implement.isPending} onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </div>
          </div>
        ) : permission.allowed ? (
          <Button onClick={() => setConfirming(true)}>Implement Optimization</Button>
        ) : (
          <p className="text-xs text-slate-500">{permission.reason}</p>
        )}
        {implement.isError && (
          <div className="mt-2">
            <Alert tone="error">
              {IMPLEMENT_FAILED}
              {serverMessage && serverMessage !== IMPLEMENT_FAILED && (
                <span className="block text-xs">{serverMessage}</span>
              )}
            </Alert>
          </div>
        )}
      </div>
    </article>
  );
}
