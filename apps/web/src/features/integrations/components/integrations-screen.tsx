import type { Integration, SaveIntegrationResponse } from '@ri/contracts';
import { Plus } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadErrorPanel } from '../../../components/ui/load-error-panel';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-error';
import type { Permission } from '../../../lib/can';
import { useIntegrationSync } from '../hooks/use-integration-sync';
import { useDataPointsStats, useIntegrations, useProviders } from '../hooks/use-integrations-data';
import { type CategoryFilter, emptyCategoryText, flattenProviders, inCategory } from '../lib/categories';
import { lastSyncLabel } from '../lib/integration-status';
import { CategoryChips } from './category-chips';
import { ConnectDialog } from './connect-dialog';
import { DisconnectDialog } from './disconnect-dialog';
import { IntegrationSummaryModal } from './integration-summary-modal';
import { OAuthResultAlert } from './oauth-result-alert';
import { AvailableGrid, ConnectedGrid } from './platform-grids';
import { SummaryCards } from './summary-cards';

/** Who may connect, sync and disconnect, decided by app/ from the endpoints' access rules. */
export type IntegrationPermissions = { connect: Permission; sync: Permission; disconnect: Permission };

const LOAD_FAILED = 'Failed to load integrations data';

/**
 * The Platform Integrations tab (spec doc 3, section 2.3): summary figures, category chips, the connected
 * platforms with their sync, and the platforms that can be connected, with the connect and summary dialogs.
 */
export function IntegrationsScreen({ permissions }: { permissions: IntegrationPermissions }) {
  const navigate = useNavigate();
  const reasonId = useId();
  const providers = useProviders();
  const integrations = useIntegrations();
  const list = integrations.data?.integrations ?? [];
  const { progress, requesting, errors, sync } = useIntegrationSync(list.length > 0);
  const stats = useDataPointsStats(integrations.isSuccess);
  const [filter, setFilter] = useState<CategoryFilter>('all');
  const [connectFor, setConnectFor] = useState<{ platformId: string | null } | null>(null);
  const [summary, setSummary] = useState<SaveIntegrationResponse | null>(null);
  const [disconnecting, setDisconnecting] = useState<Integration | null>(null);

  const platforms = useMemo(() => flattenProviders(providers.data?.providers ?? {}), [providers.data]);
  const connected = useMemo(() => new Set(list.map((i) => i.provider)), [list]);

  if (providers.isPending || integrations.isPending) return <Spinner label="Loading platform connections..." />;
  if (providers.isError || integrations.isError) {
    return (
      <LoadErrorPanel
        title="Failed to Load Integrations"
        message={getErrorMessage(providers.error ?? integrations.error, LOAD_FAILED)}
        retryLabel="Try Again"
        retrying={providers.isFetching || integrations.isFetching}
        onRetry={() => {
          void providers.refetch();
          void integrations.refetch();
        }}
      />
    );
  }

  const reason = permissions.connect.allowed ? null : permissions.connect.reason;
  const shownReasonId = reason ? reasonId : undefined;
  const dataPoints = stats.data?.total_data_points ?? (list.length === 0 ? 0 : null);

  return (
    <div className="space-y-6">
      <OAuthResultAlert />
      <SummaryCards
        connected={list.length}
        dataPoints={dataPoints}
        lastSync={lastSyncLabel(progress.data?.overall_status)}
        available={platforms.length}
      />
      {reason && (
        <div id={reasonId}>
          <Alert tone="info">{reason}</Alert>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CategoryChips value={filter} onChange={setFilter} />
        <Button
          onClick={() => setConnectFor({ platformId: null })}
          disabled={!permissions.connect.allowed}
          aria-describedby={shownReasonId}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add Integration
        </Button>
      </div>
      <section aria-labelledby="connected-platforms" className="space-y-3">
        <h2 id="connected-platforms" className="text-lg font-semibold text-slate-900">
          Connected Platforms
        </h2>
        <ConnectedGrid
          integrations={list.filter((i) => inCategory(i.integration_type, filter))}
          platforms={platforms}
          progress={progress.data}
          requesting={requesting}
          errors={errors}
          permissions={permissions}
          reasonId={shownReasonId}
          onSync={(id) => void sync(id)}
          onDisconnect={setDisconnecting}
        />
      </section>
      <section aria-labelledby="available-platforms" className="space-y-3">
        <h2 id="available-platforms" className="text-lg font-semibold text-slate-900">
          Available Platforms
        </h2>
        <AvailableGrid
          platforms={platforms.filter((p) => inCategory(p.category, filter))}
          connected={connected}
          connect={permissions.connect}
          reasonId={shownReasonId}
          emptyText={emptyCategoryText(platforms.length === 0 ? 'all' : filter)}
          retrying={providers.isFetching}
          onRetry={() => void providers.refetch()}
          onConnect={(platformId) => setConnectFor({ platformId })}
        />
      </section>
      {connectFor && (
        <ConnectDialog
          platforms={platforms}
          connected={connected}
          initialPlatformId={connectFor.platformId}
          onClose={() => setConnectFor(null)}
          onSaved={(result) => {
            setConnectFor(null);
            setSummary(result);
          }}
        />
      )}
      {summary && (
        <IntegrationSummaryModal
          result={summary}
          onClose={() => setSummary(null)}
          onContinue={() => {
            setSummary(null);
            void navigate('/');
          }}
          onUpdatePermissions={() => {
            setSummary(null);
            setConnectFor({ platformId: summary.integration.provider });
          }}
        />
      )}
      {disconnecting && <DisconnectDialog integration={disconnecting} onClose={() => setDisconnecting(null)} />}
    </div>
  );
}
