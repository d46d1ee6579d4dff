import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-error';
import type { Permission } from '../../../lib/can';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDashboard, useLoadData } from '../hooks/use-dashboard';
import { useDashboardWindow } from '../hooks/use-dashboard-window';
import { useInsightGeneration } from '../hooks/use-insight-generation';
import { hasAnyData, missingReasons, reasonAt } from '../lib/dashboard-data';
import { goalCards } from '../lib/goal-gap';
import { moduleCards } from '../lib/module-cards';
import { DashboardCharts } from './dashboard-charts';
import { DashboardHeader } from './dashboard-header';
import { DashboardEmpty, DashboardError, DemoModeBanner, isDemoModeMessage, LOAD_FAILED } from './dashboard-states';
import { GoalCards } from './goal-cards';
import { GoalsDialog } from './goals-dialog';
import { InsightsCard } from './insights-card';
import { InsightsDialog } from './insights-dialog';
import { MissingData } from './missing-data';
import { ModuleCards } from './module-cards';
import { ProfileDistribution } from './profile-distribution';

export type DashboardPermissions = {
  /** Setting the goals (owners and admins). */
  goals: Permission;
  /** Generating the Neuromind profiles (members who may write). */
  profiles: Permission;
};

/**
 * / : goals against reality, the six intelligence modules, the day-by-day charts, the Neuromind profile
 * distribution and the strategic insights, over 7, 30 or 90 days. Every figure comes from the business's data
 * with its source; an unknown one is a dash with the reason.
 */
export function DashboardScreen({ permissions }: { permissions: DashboardPermissions }) {
  useDocumentTitle('Dashboard');
  const range = useDashboardWindow();
  const query = useDashboard(range.days);
  const loadData = useLoadData();
  const insights = useInsightGeneration();
  const [editingGoals, setEditingGoals] = useState(false);
  const [goalsSaved, setGoalsSaved] = useState(false);

  const openGoals = () => {
    setGoalsSaved(false);
    setEditingGoals(true);
  };

  const d = query.data;
  const loadError = query.isError ? getErrorMessage(query.error, LOAD_FAILED) : null;
  const outcome = insights.outcome;
  const pageAlert =
    !insights.open && outcome && (outcome.kind === 'none' || outcome.kind === 'failed') ? outcome : null;
  const customers = d?.customer_intelligence.total_users ?? null;

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <DashboardHeader
        readiness={d?.readiness_score}
        readinessReason={d ? reasonAt(d, 'readiness_score') : ''}
        asOf={d?.as_of}
        window={range.value}
        onWindowChange={range.setValue}
        generating={insights.busy}
        onGenerate={() => insights.start()}
      />

      {pageAlert && (
        <Alert tone="error">
          <p>{pageAlert.alert}</p>
          {pageAlert.kind === 'none' && <MissingData list={pageAlert.list} />}
          <Button variant="link" className="mt-1 text-xs" onClick={insights.dismiss}>
            Dismiss
          </Button>
        </Alert>
      )}
      {goalsSaved && (
        <Alert tone="success">
          <p>Goals saved.</p>
          <Button variant="link" className="mt-1 text-xs" onClick={() => setGoalsSaved(false)}>
            Dismiss
          </Button>
        </Alert>
      )}

      {query.isPending && <Spinner label="Loading dashboard data..." />}
      {loadError &&
        !d &&
        (isDemoModeMessage(loadError) ? (
          <DemoModeBanner message={loadError} />
        ) : (
          <DashboardError message={loadError} retrying={query.isFetching} onRetry={() => void query.refetch()} />
        ))}
      {d && !hasAnyData(d) && (
        <DashboardEmpty
          days={d.window.days}
          reasons={missingReasons(d)}
          loading={loadData.isPending || query.isFetching}
          onLoad={() => loadData.mutate()}
          onSetGoals={permissions.goals.allowed ? openGoals : undefined}
        />
      )}
      {d && hasAnyData(d) && (
        <div
          aria-busy={query.isPlaceholderData || undefined}
          className={`space-y-6 ${query.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {loadError && <Alert tone="error">Could not refresh the figures: {loadError}</Alert>}
          <GoalCards
            cards={goalCards(d, permissions.goals.allowed)}
            goals={d.goals}
            days={d.window.days}
            permission={permissions.goals}
            onEditGoals={openGoals}
          />
          <ModuleCards cards={moduleCards(d)} />
          <DashboardCharts dashboard={d} />
          <div className="grid gap-6 lg:grid-cols-2">
            <ProfileDistribution
              profiles={d.neuromind_profiles}
              emptyReason={
                customers === null
                  ? reasonAt(d, 'customer_intelligence.total_users')
                  : `${customers.toLocaleString('en-US')} customers, none of them profiled yet.`
              }
              permission={permissions.profiles}
            />
            <InsightsCard
              generating={insights.busy}
              onGenerate={() => insights.start()}
              onOpen={() => insights.start()}
            />
          </div>
        </div>
      )}

      {/* Dialogs render into a portal; their place here changes nothing on the page. */}
      {editingGoals && d && (
        <GoalsDialog
          goals={d.goals}
          currency={d.currency ?? d.goals.currency}
          onClose={() => setEditingGoals(false)}
          onSaved={() => {
            setEditingGoals(false);
            setGoalsSaved(true);
          }}
        />
      )}
      {insights.open && outcome && (
        <InsightsDialog
          outcome={outcome}
          onClose={insights.close}
          onRegenerate={() => insights.start(true)}
          regenerating={insights.busy}
        />
      )}
    </div>
  );
}
