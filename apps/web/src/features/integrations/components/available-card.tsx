import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { Permission } from '../../../lib/can';
import type { CategorisedPlatform } from '../lib/categories';
import { HUBSPOT_COMING_SOON } from '../lib/credential-forms';
import { Pill } from './status-badge';

/** Spec section 9: three capabilities and three data types on a card. */
const SHOWN = 3;

function FirstThree({ title, items }: { title: string; items: string[] }) {
  const more = items.length - SHOWN;
  return (
    <div>
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h4>
      <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
        {items.slice(0, SHOWN).map((item) => (
          <li key={item}>{item}</li>
        ))}
        {more > 0 && <li className="text-xs text-slate-500">+{more} more</li>}
      </ul>
    </div>
  );
}

/** The button's words (section 2.3): 'Connected' once connected, 'Add Credentials' for Meta Ads, else 'Connect'. */
export const availableButtonLabel = (id: string, connected: boolean) =>
  connected ? 'Connected' : id === 'facebook_ads' ? 'Add Credentials' : 'Connect';

type Props = {
  platform: CategorisedPlatform;
  connected: boolean;
  connect: Permission;
  reasonId: string | undefined;
  onConnect: () => void;
};

/** A platform that can be connected: what it brings, and the way to connect it. */
export function AvailableCard({ platform, connected, connect, reasonId, onConnect }: Props) {
  const [comingSoon, setComingSoon] = useState(false);
  const headingId = `platform-${platform.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-slate-900">
          {platform.name}
        </h3>
        <div className="flex flex-wrap gap-1">
          {platform.coming_soon && <Pill>Coming soon</Pill>}
          <Pill>{platform.setup_complexity}</Pill>
        </div>
      </div>
      <p className="mt-1 text-sm text-slate-600">{platform.description}</p>
      <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FirstThree title="Capabilities" items={platform.capabilities} />
        <FirstThree title="Data types" items={platform.data_types} />
      </div>
      {comingSoon && (
        <div className="mt-3">
          <Alert tone="info">{HUBSPOT_COMING_SOON}</Alert>
        </div>
      )}
      <div className="mt-4 pt-1 sm:mt-auto">
        <Button
          variant={connected ? 'secondary' : 'primary'}
          disabled={connected || !connect.allowed}
          aria-describedby={!connected && !connect.allowed ? reasonId : undefined}
          onClick={() => (platform.coming_soon ? setComingSoon(true) : onConnect())}
        >
          {availableButtonLabel(platform.id, connected)}
        </Button>
      </div>
    </article>
  );
}
