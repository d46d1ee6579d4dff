import type { MarketInsight } from '@ri/contracts';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/api-error';
import type { Permission } from '../../../lib/can';
import { useCreateActionPlan } from '../hooks/use-strategy-mutations';
import { words } from '../lib/strategy-format';
import { Badge, InsightTypeBadge } from './badges';
import { CreatedActionsNotice } from './created-actions-notice';

export const PLAN_FAILED = 'Failed to create the action plan. Please try again.';

const urgencyTones: Record<MarketInsight['urgency'], string> = {
  immediate: 'border-red-200 bg-red-50 text-red-800',
  short_term: 'border-amber-200 bg-amber-50 text-amber-800',
  long_term: 'border-slate-200 bg-slate-50 text-slate-700',
};

type Props = {
  insight: MarketInsight;
  permission: Permission;
  /** How many actions already come from this insight: a plan exists when above 0. */
  plannedActions: number;
  onShowActions: () => void;
};

/** One market insight (spec 3 section 2.1) with its data source, and Create Action Plan. */
export function InsightCard({ insight, permission, plannedActions, onShowActions }: Props) {
  const plan = useCreateActionPlan();
  const reasonId = useId();
  const blocked = !permission.allowed
    ? permission.reason
    : plannedActions > 0 && !plan.data
      ? `Planned: ${plannedActions} ${plannedActions === 1 ? 'action' : 'actions'} in Small Compounding Actions.`
      : null;

  return (
    <article aria-label={insight.title} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-1.5">
        <InsightTypeBadge type={insight.type} />
        <Badge tone={urgencyTones[insight.urgency]}>Urgency: {words(insight.urgency)}</Badge>
        <Badge tone="border-slate-200 bg-white text-slate-700">Impact: {words(insight.impact)}</Badge>
      </div>
      <div>
        <h3 className="font-semibold text-slate-900">{insight.title}</h3>
        <p className="mt-1 text-sm text-slate-700">{insight.description}</p>
      </div>
      {insight.recommended_actions.length > 0 && (
        <div>
          <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Recommended actions</h4>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
            {insight.recommended_actions.map((a) => (
              <li key={a}>{a}</li>
            ))}
          </ul>
        </div>
      )}
      <p className="text-xs text-slate-500">
        <span className="font-medium">Data source:</span> {insight.data_source}
      </p>
      <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
        <Button
          busy={plan.isPending}
          disabled={blocked !== null || plan.isSuccess}
          aria-describedby={blocked ? reasonId : undefined}
          onClick={() => plan.mutate(insight.id)}
        >
          {plan.isPending ? 'Creating...' : 'Create Action Plan'}
        </Button>
        {blocked && (
          <p id={reasonId} className="text-xs text-slate-500">
            {blocked}
          </p>
        )}
      </div>
      {plan.data && (
        <CreatedActionsNotice count={plan.data.actions.length} verb="suggested" onShowActions={onShowActions} />
      )}
      {plan.isError && (
        <Alert tone="error">
          {PLAN_FAILED}
          <span className="block text-xs">{getErrorMessage(plan.error, '')}</span>
        </Alert>
      )}
    </article>
  );
}
