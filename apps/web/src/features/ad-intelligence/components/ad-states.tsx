import type { AdIntelligenceSummary, AdPlatformStatus } from '@ri/contracts';
import { Megaphone, PlugZap } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button-link';
import { EmptyState } from '../../../components/ui/empty-state';

export { DemoModeBanner, isDemoModeMessage } from '../../../components/ui/demo-mode-banner';

import { LoadErrorPanel, type LoadErrorProps } from '../../../components/ui/load-error-panel';

export const LOAD_FAILED = 'Failed to load ad intelligence data';

export function AdErrorState(props: LoadErrorProps) {
  return <LoadErrorPanel title="Unable to load Ad Intelligence" {...props} />;
}

const IntegrationsLink = ({ children }: { children: string }) => <ButtonLink to="/integrations">{children}</ButtonLink>;

/** Why the screen has no ad figures, when it has none: nothing connected, the chosen platform not connected, or no delivery. */
export type AdDataState =
  | { kind: 'ok' }
  | { kind: 'no-platform' }
  | { kind: 'platform-not-connected'; status: AdPlatformStatus }
  | { kind: 'not-synced' }
  | { kind: 'no-delivery' };

/** Reads the summary for the reason there is nothing to show, if there is one. */
export function adDataState(summary: AdIntelligenceSummary): AdDataState {
  const connected = summary.platforms.filter((p) => p.connected);
  if (summary.platform !== 'all') {
    const status = summary.platforms.find((p) => p.platform === summary.platform);
    if (status && !status.connected) return { kind: 'platform-not-connected', status };
  }
  if (connected.length === 0) return { kind: 'no-platform' };
  const relevant = summary.platform === 'all' ? connected : connected.filter((p) => p.platform === summary.platform);
  if (relevant.every((p) => p.last_synced_at === null)) return { kind: 'not-synced' };
  if (summary.impressions === 0 && !summary.total_spend) return { kind: 'no-delivery' };
  return { kind: 'ok' };
}

/** The empty state for each reason, with the way forward. */
export function AdEmptyState({ state, days }: { state: Exclude<AdDataState, { kind: 'ok' }>; days: number }) {
  switch (state.kind) {
    case 'no-platform':
      return (
        <EmptyState
          framed
          icon={PlugZap}
          title="No ad data yet: connect Meta Ads or Google Ads"
          action={<IntegrationsLink>Connect an ad platform</IntegrationsLink>}
        >
          Spend, campaigns and creatives come from your ad accounts' daily insights. Connect one on the Integrations
          page; the figures appear here after its first sync. Conversions are attributed from your tracked visitors
          meanwhile.
        </EmptyState>
      );
    case 'platform-not-connected':
      return (
        <EmptyState
          framed
          icon={PlugZap}
          title={`${state.status.label} is not connected`}
          action={<IntegrationsLink>Go to Integrations</IntegrationsLink>}
        >
          {state.status.reason ?? 'Connect it on the Integrations page to see its campaigns here.'} Choose All platforms
          to see the others.
        </EmptyState>
      );
    case 'not-synced':
      return (
        <EmptyState framed icon={Megaphone} title="Connected: waiting for the first sync">
          Your ad account is connected, but no ad data has been synced yet. The first sync reads up to 90 days of daily
          insights; this screen fills in when it finishes.
        </EmptyState>
      );
    case 'no-delivery':
      return (
        <EmptyState framed icon={Megaphone} title={`Synced, but no delivery in the last ${days} days`}>
          Your ad data is synced, but no campaign had impressions or spend in this window. Choose a longer time frame,
          or check that your campaigns are running.
        </EmptyState>
      );
  }
}
