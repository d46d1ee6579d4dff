import type { RefObject } from 'react';
import { TabList, TabPanel, Tabs, TabTrigger } from '../../../components/ui/tabs';
import type { Permission } from '../../../lib/can';
import type { useStrategyData } from '../hooks/use-strategy-data';
import { ActionsPanel } from './actions-panel';
import { MarketPanel } from './market-panel';
import { RecommendationsPanel } from './recommendations-panel';
import { SimulationsPanel } from './simulations-panel';
import { TabLoadError } from './strategy-states';

export type StrategyTab = 'recommendations' | 'actions' | 'simulations' | 'market';

/** What this person may do beyond reading, each from its endpoint's access rule. */
export type StrategyPermissions = {
  implement: Permission;
  setStatus: Permission;
  actionPlan: Permission;
  prices: Permission;
};

type Props = {
  tab: StrategyTab;
  onTabChange: (tab: StrategyTab) => void;
  actionsTabRef: RefObject<HTMLButtonElement | null>;
  data: ReturnType<typeof useStrategyData>;
  permissions: StrategyPermissions;
  onShowActions: () => void;
};

function Count({ value }: { value: number | undefined }) {
  if (value === undefined) return null;
  return (
    <span className="ml-1.5 rounded-full bg-slate-200 px-1.5 py-0.5 text-xs text-slate-700 tabular-nums">{value}</span>
  );
}

/**
 * The four tabs of spec 3 section 2.1, each with its count. Radix gives the tab list its keys: arrows move
 * between tabs, Home and End jump, Tab goes into the panel; the list scrolls sideways on a phone.
 */
export function StrategistTabs({ tab, onTabChange, actionsTabRef, data, permissions, onShowActions }: Props) {
  const recs = data.recommendations.data;
  const actions = data.actions.data?.actions;
  const sims = data.simulations.data;
  const market = data.market.data;
  return (
    <Tabs value={tab} onValueChange={(value) => onTabChange(value as StrategyTab)}>
      <TabList aria-label="Revenue Strategist">
        <TabTrigger value="recommendations">
          Strategic Recommendations
          <Count value={recs?.recommendations.length} />
        </TabTrigger>
        <TabTrigger value="actions" ref={actionsTabRef}>
          Small Compounding Actions
          <Count value={actions?.length} />
        </TabTrigger>
        <TabTrigger value="simulations">
          Revenue Simulations
          <Count value={sims?.simulations.length} />
        </TabTrigger>
        <TabTrigger value="market">
          Market Insights
          <Count value={market?.insights.length} />
        </TabTrigger>
      </TabList>
      <TabPanel value="recommendations">
        <RecommendationsPanel
          all={data.recommendations}
          implement={permissions.implement}
          onShowActions={onShowActions}
        />
      </TabPanel>
      <TabPanel value="actions">
        {actions ? (
          <ActionsPanel actions={actions} permission={permissions.setStatus} />
        ) : (
          <TabLoadError what="actions" />
        )}
      </TabPanel>
      <TabPanel value="simulations">
        {sims ? <SimulationsPanel data={sims} /> : <TabLoadError what="simulations" />}
      </TabPanel>
      <TabPanel value="market">
        {market ? (
          <MarketPanel
            data={market}
            actions={actions ?? []}
            permissions={{ actionPlan: permissions.actionPlan, prices: permissions.prices }}
            onShowActions={onShowActions}
          />
        ) : (
          <TabLoadError what="market insights" />
        )}
      </TabPanel>
    </Tabs>
  );
}
