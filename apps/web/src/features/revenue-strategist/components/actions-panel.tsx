import type { StrategyAction } from '@ri/contracts';
import { ListChecks } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import type { Permission } from '../../../lib/can';
import { ActionCard } from './action-card';

/** Open actions first (in the server's order of priority), then the completed, then the dismissed. */
const RANK: Record<StrategyAction['status'], number> = { in_progress: 0, suggested: 0, completed: 1, dismissed: 2 };

/** The Small Compounding Actions tab. */
export function ActionsPanel({ actions, permission }: { actions: readonly StrategyAction[]; permission: Permission }) {
  if (actions.length === 0) {
    return (
      <EmptyState icon={ListChecks} title="No actions yet" compact>
        Actions are the small steps of a recommendation or a market insight. Implement a recommendation, or Create
        Action Plan on a market insight, and its steps appear here to start, complete or dismiss.
      </EmptyState>
    );
  }
  const ordered = [...actions].sort((a, b) => RANK[a.status] - RANK[b.status]);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Small steps from the recommendations and market insights, ordered by priority. Leverage is impact over effort; a
        completed action shows what its metric did after it.
      </p>
      {ordered.map((action) => (
        <ActionCard key={action.id} action={action} permission={permission} />
      ))}
    </div>
  );
}
