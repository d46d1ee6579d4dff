import type { Integration, SyncProgress } from '@ri/contracts';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import type { Permission } from '../../../lib/can';
import { formatCount, formatDateTime } from '../../../lib/format';
import { dataPointsOf, displayStatus, syncButtonView, TIMEOUT_RESUMING_TEXT } from '../lib/integration-status';
import { ConversionsApiPanel } from './conversions-api-panel';
import { Pill, StatusBadge } from './status-badge';
import { SyncProgressView } from './sync-progress-view';

export type CardPermissions = { sync: Permission; disconnect: Permission };

type Props = {
  integration: Integration;
  platformName: string;
  progress: SyncProgress | undefined;
  breakdownTotal: number | undefined;
  requesting: boolean;
  syncError: string | undefined;
  permissions: CardPermissions;
  /** The id of the sentence that says why actions are off, for screen readers. */
  reasonId: string | undefined;
  onSync: () => void;
  onDisconnect: () => void;
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** When pasted credentials (a Google access token lasts an hour) stop working, or that they have. */
function CredentialsExpiry({ at }: { at: string }) {
  const expired = Date.parse(at) <= Date.now();
  return (
    <p
      className={`mt-3 rounded-lg px-3 py-2 text-sm ${expired ? 'bg-red-50 text-red-800' : 'bg-slate-50 text-slate-700'}`}
    >
      {expired
        ? `The pasted access token stopped working at ${formatDateTime(at)}: connect again with a fresh token to sync.`
        : `The pasted access token stops working at ${formatDateTime(at)}; syncs after that need a fresh token.`}
    </p>
  );
}

/** A connected platform: its figures, status and sync, and Disconnect (section 2.3). */
export function ConnectedCard(props: Props) {
  const { integration, progress, requesting, permissions, reasonId } = props;
  const status = displayStatus(integration, progress, requesting);
  const runStatus = progress?.overall_status;
  const button = syncButtonView(status, runStatus, requesting);
  const resuming = runStatus === 'timeout_resuming';
  const points = dataPointsOf(integration, props.breakdownTotal, progress);
  const headingId = `integration-${integration.id}`;

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold text-slate-900">
            {integration.name}
          </h3>
          <p className="text-xs text-slate-500">
            {[
              props.platformName === integration.name ? null : props.platformName,
              integration.account_info?.business_name ?? integration.vendor_account?.name,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          {integration.sandbox && <Pill>Sandbox</Pill>}
          <StatusBadge status={status} />
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        <Fact label="Data points">{points === null ? 'Unknown' : formatCount(points)}</Fact>
        <Fact label="Connection Status">
          {resuming ? <StatusBadge status="paused" label="Resuming After Timeout" /> : <StatusBadge status={status} />}
        </Fact>
        <Fact label="Sync Frequency">Manual</Fact>
        <Fact label="Last sync">{integration.last_sync ? formatDateTime(integration.last_sync) : 'Never'}</Fact>
      </dl>
      {integration.credentials_expire_at && <CredentialsExpiry at={integration.credentials_expire_at} />}
      {resuming && (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
          {progress?.progress_message || TIMEOUT_RESUMING_TEXT}
        </p>
      )}
      {status === 'syncing' && progress && !requesting && <SyncProgressView progress={progress} />}
      {status === 'error' && integration.error && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {integration.error}
        </p>
      )}
      {integration.provider === 'facebook_conversions' && (
        <ConversionsApiPanel integration={integration} canEdit={permissions.disconnect} reasonId={reasonId} />
      )}
      {props.syncError && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {props.syncError}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2 pt-1 sm:mt-auto">
        <Button
          onClick={props.onSync}
          disabled={button.disabled || !permissions.sync.allowed}
          busy={button.label === 'Syncing'}
          aria-describedby={permissions.sync.allowed ? undefined : reasonId}
        >
          {button.label}
        </Button>
        <Button
          variant="secondary"
          onClick={props.onDisconnect}
          disabled={!permissions.disconnect.allowed}
          aria-describedby={permissions.disconnect.allowed ? undefined : reasonId}
        >
          Disconnect
        </Button>
      </div>
    </article>
  );
}
