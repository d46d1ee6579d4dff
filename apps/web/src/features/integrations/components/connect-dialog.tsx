import type { SaveIntegrationResponse } from '@ri/contracts';
import { ArrowLeft, Check } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { focusRing } from '../../../lib/focus-ring';
import type { CategorisedPlatform } from '../lib/categories';
import { GOHIGHLEVEL, GOOGLE_ADS, HUBSPOT_COMING_SOON, STRIPE } from '../lib/credential-forms';
import { ConversionsApiForm } from './conversions-api-form';
import { GhlForm } from './ghl-form';
import { GoogleForm } from './google-form';
import { MetaAdsForm } from './meta-ads-form';
import { OAuthSignIn } from './oauth-sign-in';
import { PendingProviderForm } from './pending-provider-form';
import { StripeForm } from './stripe-form';

type Props = {
  platforms: CategorisedPlatform[];
  connected: ReadonlySet<string>;
  /** The platform whose form opens first; null opens the chooser. */
  initialPlatformId: string | null;
  onClose: () => void;
  onSaved: (result: SaveIntegrationResponse) => void;
};

function Chooser({
  platforms,
  connected,
  onChoose,
}: Pick<Props, 'platforms' | 'connected'> & { onChoose: (id: string) => void }) {
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <div className="space-y-3">
      {notice && <Alert tone="info">{notice}</Alert>}
      <ul className="space-y-2">
        {platforms.map((platform) => {
          const isConnected = connected.has(platform.id);
          return (
            <li key={platform.id}>
              <button
                type="button"
                disabled={isConnected}
                onClick={() => (platform.coming_soon ? setNotice(HUBSPOT_COMING_SOON) : onChoose(platform.id))}
                className={`w-full rounded-lg border border-slate-200 px-4 py-3 text-left hover:border-indigo-300 hover:bg-indigo-50 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:hover:border-slate-200 ${focusRing}`}
              >
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium text-slate-900">{platform.name}</span>
                  {isConnected && <span className="text-xs font-medium text-green-700">✓ Already connected</span>}
                  {platform.coming_soon && <span className="text-xs text-slate-500">Coming soon</span>}
                </span>
                <span className="mt-0.5 block text-sm text-slate-600">{platform.description}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * Add Integration: a chooser of the platforms (connected ones disabled), then the chosen platform's
 * capabilities and credential form, with a way back. Every provider of the spec connects for real; HubSpot is
 * listed as coming soon.
 */
export function ConnectDialog({ platforms, connected, initialPlatformId, onClose, onSaved }: Props) {
  const [selectedId, setSelectedId] = useState<string | null>(initialPlatformId);
  const selected = platforms.find((p) => p.id === selectedId) ?? null;
  const integrationName = selected?.name ?? '';

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={selected ? `Connect ${selected.name}` : 'Add Integration'}
      description={selected ? selected.description : 'Choose the platform to connect.'}
    >
      {selected ? (
        <div className="space-y-4">
          <Button variant="link" onClick={() => setSelectedId(null)}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            All platforms
          </Button>
          <section aria-label="Capabilities">
            <h3 className="text-sm font-medium text-slate-700">What connecting brings</h3>
            <ul className="mt-1 space-y-1 text-sm text-slate-600">
              {selected.capabilities.map((capability) => (
                <li key={capability} className="flex gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-600" />
                  {capability}
                </li>
              ))}
            </ul>
          </section>
          <OAuthSignIn platformId={selected.id} integrationName={integrationName} />
          {selected.id === STRIPE ? (
            <StripeForm integrationName={integrationName} onCancel={onClose} onSaved={onSaved} />
          ) : selected.id === 'facebook_ads' ? (
            <MetaAdsForm integrationName={integrationName} onCancel={onClose} onSaved={onSaved} />
          ) : selected.id === GOOGLE_ADS ? (
            <GoogleForm integrationName={integrationName} onCancel={onClose} onSaved={onSaved} />
          ) : selected.id === GOHIGHLEVEL ? (
            <GhlForm integrationName={integrationName} onCancel={onClose} onSaved={onSaved} />
          ) : selected.id === 'facebook_conversions' ? (
            <ConversionsApiForm integrationName={integrationName} onCancel={onClose} onSaved={onSaved} />
          ) : (
            <PendingProviderForm
              providerId={selected.id}
              platformName={selected.name}
              integrationName={integrationName}
              onCancel={onClose}
            />
          )}
        </div>
      ) : (
        <Chooser platforms={platforms} connected={connected} onChoose={setSelectedId} />
      )}
    </Modal>
  );
}
