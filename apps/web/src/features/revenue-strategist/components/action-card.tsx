import type { StrategyAction } from '@ri/contracts';
import { Play, X } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/api-error';
import type { Permission } from '../../../lib/can';
import { NO_VALUE } from '../../../lib/format';
import { useSetActionStatus } from '../hooks/use-strategy-mutations';
import { formatFractionPercent } from '../lib/fractions';
import { formatNumber, words } from '../lib/strategy-format';
import { isQuickWin } from '../lib/strategy-summary';
import { ActionOutcomeView } from './action-outcome';
import { Badge, Figures, StatusBadge } from './badges';
import { StatusHistory } from './status-history';

export const STATUS_FAILED = 'Could not change the status; it is back to what it was.';

function expectedLift(action: StrategyAction) {
  if (action.expected_lift !== null) return { value: formatFractionPercent(action.expected_lift) };
  return {
    value: NO_VALUE,
    note:
      action.source_kind === 'market_insight' ? 'market insights carry no lift estimate' : 'no lift estimate was made',
  };
}

/** The buttons of each status (spec 3 section 4): suggested → Dismiss, Start; in progress → Mark Complete. */
function StatusButtons({
  action,
  onChange,
}: {
  action: StrategyAction;
  onChange: (s: StrategyAction['status']) => void;
}) {
  if (action.status === 'suggested') {
    return (
      <>
        <Button variant="secondary" onClick={() => onChange('dismissed')} aria-label={`Dismiss ${action.title}`}>
          <X aria-hidden="true" className="size-4" />
          Dismiss
        </Button>
        <Button onClick={() => onChange('in_progress')} aria-label={`Start ${action.title}`}>
          <Play aria-hidden="true" className="size-4" />
          Start
        </Button>
      </>
    );
  }
  if (action.status === 'in_progress') {
    return (
      <Button onClick={() => onChange('completed')} aria-label={`Mark Complete ${action.title}`}>
        Mark Complete
      </Button>
    );
  }
  return null;
}

/**
 * One small compounding action: its scores, time and expected lift, its status with the buttons it allows,
 * the outcome once completed, and who changed it when. A status change shows at once and is undone if the
 * server refuses it.
 */
export function ActionCard({ action, permission }: { action: StrategyAction; permission: Permission }) {
  const change = useSetActionStatus();
  const lift = expectedLift(action);
  const dismissed = action.status === 'dismissed';
  const canAct = action.status === 'suggested' || action.status === 'in_progress';

  return (
    <article
      aria-label={action.title}
      className={`space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm ${dismissed ? 'opacity-60' : ''}`}
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <StatusBadge status={action.status} />
        <Badge tone="border-indigo-200 bg-indigo-50 text-indigo-800">{words(action.category)}</Badge>
        {canAct && isQuickWin(action) && (
          <Badge tone="border-emerald-200 bg-emerald-50 text-emerald-800">Quick win</Badge>
        )}
      </div>
      <div>
        <h3 className={`font-semibold text-slate-900 ${dismissed ? 'line-through decoration-slate-400' : ''}`}>
          {action.title}
        </h3>
        <p className="mt-1 text-sm text-slate-700">{action.description}</p>
      </div>
      <Figures
        items={[
          { label: 'Effort', value: `${formatNumber(action.effort_score, 1)}/10` },
          { label: 'Impact', value: `${formatNumber(action.impact_score, 1)}/10` },
          { label: 'Leverage', value: `${formatNumber(action.leverage_ratio, 2)}x` },
          { label: 'Implementation time', value: action.implementation_time },
          { label: 'Expected lift', value: lift.value, note: lift.note },
        ]}
      />
      {action.status === 'completed' && <ActionOutcomeView outcome={action.outcome} />}
      {canAct && (
        <div className="flex flex-wrap items-center gap-2">
          {permission.allowed ? (
            <StatusButtons action={action} onChange={(status) => change.mutate({ id: action.id, status })} />
          ) : (
            <p className="text-xs text-slate-500">{permission.reason}</p>
          )}
        </div>
      )}
      {change.isError && (
        <Alert tone="error">
          {STATUS_FAILED}
          <span className="block text-xs">{getErrorMessage(change.error, '')}</span>
        </Alert>
      )}
      <StatusHistory history={action.history} />
    </article>
  );
}
