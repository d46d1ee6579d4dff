import { STRATEGY_DEFAULT_DAYS } from '@ri/contracts';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { StrategyDays } from '../api/strategy-api';
import { useStrategyData } from '../hooks/use-strategy-data';
import { useGenerateInsights } from '../hooks/use-strategy-mutations';
import { strategySummary } from '../lib/strategy-summary';
import { StrategistTabs, type StrategyPermissions, type StrategyTab } from './strategist-tabs';
import { StrategistToolbar } from './strategist-toolbar';
import { StrategyReportDialog } from './strategy-report-dialog';
import { DemoModeBanner, isDemoModeMessage, LOAD_FAILED, LOADING_TEXT, StrategyErrorState } from './strategy-states';
import { StrategySummaryCards } from './strategy-summary-cards';

export type { StrategyPermissions } from './strategist-tabs';
export const GENERATE_FAILED = 'Failed to generate new insights.';

type Props = {
  /** What this person may do beyond reading (each from the endpoint's access rule). */
  permissions: StrategyPermissions;
  /** The business the report names. */
  businessName: string | null;
};

/**
 * /revenue-strategist (spec 3 section 2.1): recommendations from documented rules over the business's own
 * data, the small actions they break into (with status and measured outcome), revenue simulations with their
 * intervals and market insights naming their sources; Generate New Insights reruns the rules over a window.
 */
export function RevenueStrategistScreen({ permissions, businessName }: Props) {
  useDocumentTitle('Revenue Strategist');
  const data = useStrategyData();
  const generate = useGenerateInsights();
  const [days, setDays] = useState<StrategyDays>(STRATEGY_DEFAULT_DAYS);
  const [tab, setTab] = useState<StrategyTab>('recommendations');
  const [reportAt, setReportAt] = useState<Date | null>(null);
  const actionsTab = useRef<HTMLButtonElement>(null);

  const recs = data.recommendations.data;
  const actions = data.actions.data?.actions;
  const sims = data.simulations.data;
  const market = data.market.data;
  const loadError = data.error ? getErrorMessage(data.error, LOAD_FAILED) : null;
  const computed = strategySummary(recs?.recommendations ?? [], actions ?? [], market?.insights ?? []);
  const summary = {
    highPriority: recs ? computed.highPriority : null,
    newThisWeek: recs ? computed.newThisWeek : null,
    liftSum: recs ? computed.liftSum : null,
    recommendationCount: recs ? computed.recommendationCount : null,
    quickWins: actions ? computed.quickWins : null,
    opportunities: market ? computed.opportunities : null,
  };
  const showActions = () => {
    // The clicked button leaves with its tab; keyboard users land on the tab they were sent to.
    flushSync(() => setTab('actions'));
    actionsTab.current?.focus();
  };

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-[1_1_20rem]">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Revenue Strategist Engine</h1>
          <p className="mt-1 text-sm text-slate-600">
            What to change next, from your own data: each recommendation cites its evidence and how its lift was
            estimated.
          </p>
        </div>
        <StrategistToolbar
          days={days}
          onDaysChange={setDays}
          generating={generate.isPending}
          onGenerate={() => generate.mutate(days)}
          onExport={recs ? () => setReportAt(new Date()) : null}
        />
      </div>
      <div aria-live="polite">
        {generate.isPending && (
          <p className="text-sm text-slate-600">Running the rules over the last {days} days of your data...</p>
        )}
        {generate.isSuccess && (
          <Alert tone="success">
            Generated {generate.data.recommendations.length} recommendations over the last{' '}
            {generate.data.window?.days ?? days} days; every tab is up to date.
          </Alert>
        )}
      </div>
      {generate.isError && <Alert tone="error">{getErrorMessage(generate.error, GENERATE_FAILED)}</Alert>}

      {loadError &&
        (isDemoModeMessage(loadError) ? (
          <DemoModeBanner message={loadError} />
        ) : (
          <StrategyErrorState message={loadError} retrying={data.isRetrying} onRetry={() => void data.retry()} />
        ))}
      {(data.isLoading || data.isRetrying) && <Spinner label={LOADING_TEXT} />}
      {!data.isLoading && (recs || actions || sims || market) && (
        <>
          <StrategySummaryCards summary={summary} />
          <StrategistTabs
            tab={tab}
            onTabChange={setTab}
            actionsTabRef={actionsTab}
            data={data}
            permissions={permissions}
            onShowActions={showActions}
          />
        </>
      )}
      {reportAt && recs && (
        <StrategyReportDialog
          input={{
            businessName,
            createdAt: reportAt,
            recommendations: recs,
            actions: actions ?? [],
            simulations: sims ?? null,
            market: market ?? null,
            summary: computed,
          }}
          onClose={() => setReportAt(null)}
        />
      )}
    </div>
  );
}
