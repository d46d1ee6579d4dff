import type { Recommendation } from '@ri/contracts';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/api-error';
import type { Permission } from '../../../lib/can';
import { NO_VALUE } from '../../../lib/format';
import { useImplementRecommendation } from '../hooks/use-strategy-mutations';
import { formatFractionPercent, toFraction } from '../lib/fractions';
import { Badge, CategoryBadge, Figures, PriorityBadge } from './badges';
import { CreatedActionsNotice } from './created-actions-notice';

export const IMPLEMENT_FAILED = 'Failed to implement the recommendation. Please try again.';
export const ALREADY_IMPLEMENTED = 'Implemented: its steps are in Small Compounding Actions.';

type Props = {
  rec: Recommendation;
  implement: Permission;
  onDetails: (rec: Recommendation) => void;
  onShowActions: () => void;
};

function Steps({ title, items, ordered }: { title: string; items: readonly string[]; ordered?: boolean }) {
  if (items.length === 0) return null;
  const List = ordered ? 'ol' : 'ul';
  return (
    <div>
      <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h4>
      <List className={`mt-1 space-y-0.5 pl-5 text-sm text-slate-700 ${ordered ? 'list-decimal' : 'list-disc'}`}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </List>
    </div>
  );
}

/**
 * One recommendation (spec 3 section 2.1): its figures as percentages (fractions, normalised as the spec
 * says), steps, success metrics and segments; View Details and Implement, which turns its steps into actions.
 */
export function RecommendationCard({ rec, implement: permission, onDetails, onShowActions }: Props) {
  const implement = useImplementRecommendation();
  const reasonId = useId();
  const implemented = rec.status === 'implemented' || implement.isSuccess;
  const blocked = !permission.allowed ? permission.reason : implemented ? ALREADY_IMPLEMENTED : null;
  const serverMessage = implement.isError ? getErrorMessage(implement.error, '') : '';

  return (
    <article aria-label={rec.title} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-1.5">
        <PriorityBadge priority={rec.priority} />
        <CategoryBadge category={rec.category} />
        {rec.status === 'implemented' && <Badge tone="border-green-200 bg-green-50 text-green-800">Implemented</Badge>}
      </div>
      <div>
        <h3 className="font-semibold text-slate-900">{rec.title}</h3>
        <p className="mt-1 text-sm text-slate-700">{rec.description}</p>
      </div>
      <Figures
        items={[
          { label: 'Expected Lift', value: formatFractionPercent(toFraction(rec.expected_revenue_lift)) },
          { label: 'Impact Score', value: formatFractionPercent(toFraction(rec.impact_score)) },
          { label: 'Effort Required', value: formatFractionPercent(toFraction(rec.effort_required)) },
          { label: 'Confidence', value: formatFractionPercent(toFraction(rec.confidence)) },
          { label: 'Timeframe', value: rec.timeframe || NO_VALUE },
        ]}
      />
      <div className="grid gap-3 md:grid-cols-2">
        <Steps title="Action Steps" items={rec.action_steps} ordered />
        <Steps title="Success Metrics" items={rec.success_metrics} />
      </div>
      {rec.affected_segments.length > 0 && (
        <ul aria-label="Affected segments" className="flex flex-wrap gap-1.5">
          {rec.affected_segments.map((segment) => (
            <li key={segment} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
              {segment}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
        <Button variant="secondary" onClick={() => onDetails(rec)}>
          View Details
        </Button>
        <Button
          busy={implement.isPending}
          disabled={blocked !== null}
          aria-describedby={blocked ? reasonId : undefined}
          onClick={() => implement.mutate(rec.id)}
        >
          {implement.isPending ? 'Implementing...' : 'Implement'}
        </Button>
        {blocked && (
          <p id={reasonId} className="text-xs text-slate-500">
            {blocked}
          </p>
        )}
      </div>
      {implement.data && (
        <CreatedActionsNotice count={implement.data.actions.length} verb="in progress" onShowActions={onShowActions} />
      )}
      {implement.isError && (
        <Alert tone="error">
          {IMPLEMENT_FAILED}
          {serverMessage && <span className="block text-xs">{serverMessage}</span>}
        </Alert>
      )}
    </article>
  );
}
