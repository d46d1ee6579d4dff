import type { Integration, SyncProgressResponse } from '@ri/contracts';
import { PlugZap } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import type { Permission } from '../../../lib/can';
import type { CategorisedPlatform } from '../lib/categories';
import { AvailableCard } from './available-card';
import { type CardPermissions, ConnectedCard } from './connected-card';

const gridClass = 'grid grid-cols-1 gap-4 md:grid-cols-2';

type ConnectedProps = {
  integrations: Integration[];
  platforms: CategorisedPlatform[];
  progress: SyncProgressResponse | undefined;
  requesting: ReadonlySet<string>;
  errors: Readonly<Record<string, string>>;
  permissions: CardPermissions;
  reasonId: string | undefined;
  onSync: (id: string) => void;
  onDisconnect: (integration: Integration) => void;
};

/** The Connected Platforms grid, or a line saying nothing is connected (in this category). */
export function ConnectedGrid({ integrations, platforms, progress, requesting, errors, ...rest }: ConnectedProps) {
  if (integrations.length === 0) {
    return <p className="text-sm text-slate-600">No platforms connected yet. Connect one from the list below.</p>;
  }
  return (
    <div className={gridClass}>
      {integrations.map((integration) => (
        <ConnectedCard
          key={integration.id}
          integration={integration}
          platformName={platforms.find((p) => p.id === integration.provider)?.name ?? integration.provider}
          progress={progress?.sync_progress[integration.id]}
          breakdownTotal={progress?.breakdown_by_integration[integration.id]?.total}
          requesting={requesting.has(integration.id)}
          syncError={errors[integration.id]}
          permissions={rest.permissions}
          reasonId={rest.reasonId}
          onSync={() => rest.onSync(integration.id)}
          onDisconnect={() => rest.onDisconnect(integration)}
        />
      ))}
    </div>
  );
}

type AvailableProps = {
  platforms: CategorisedPlatform[];
  connected: ReadonlySet<string>;
  connect: Permission;
  reasonId: string | undefined;
  emptyText: string;
  retrying: boolean;
  onRetry: () => void;
  onConnect: (platformId: string) => void;
};

/** The Available Platforms grid, or the empty state of section 2.3 with 'Retry Loading'. */
export function AvailableGrid({ platforms, connected, emptyText, retrying, onRetry, ...rest }: AvailableProps) {
  if (platforms.length === 0) {
    return (
      <EmptyState
        icon={PlugZap}
        title="No platforms available"
        compact
        action={
          <Button variant="secondary" busy={retrying} onClick={onRetry}>
            Retry Loading
          </Button>
        }
      >
        {emptyText}
      </EmptyState>
    );
  }
  return (
    <div className={gridClass}>
      {platforms.map((platform) => (
        <AvailableCard
          key={platform.id}
          platform={platform}
          connected={connected.has(platform.id)}
          connect={rest.connect}
          reasonId={rest.reasonId}
          onConnect={() => rest.onConnect(platform.id)}
        />
      ))}
    </div>
  );
}
