import type { Campaign } from '@ri/contracts';
import { formatCount } from '../../../lib/format';
import { formatConversions, formatDecay, formatMoney, formatRoas } from '../lib/ad-format';
import { decayBarPercent, spendBarPercent, spendOfBudgetPercent } from '../lib/ad-levels';
import { PLATFORM_COLORS, PLATFORM_FILTER_LABELS } from '../lib/ad-platforms';
import { Figure, reasonFor } from './figures';
import { Bar, FatigueChip } from './meters';

const statusTones: Record<Campaign['status'], string> = {
  active: 'bg-green-100 text-green-800',
  paused: 'bg-amber-100 text-amber-800',
  completed: 'bg-slate-100 text-slate-700',
};

export function CampaignStatus({ status }: { status: Campaign['status'] }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium capitalize ${statusTones[status]}`}>{status}</span>
  );
}

export function PlatformName({ platform }: { platform: Campaign['platform'] }) {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: PLATFORM_COLORS[platform] }} />
      {PLATFORM_FILTER_LABELS[platform]}
    </span>
  );
}

/** Spend of budget as a bar capped at 100 % (spec section 5), with the uncapped share in the text. */
export function SpendOfBudget({ campaign }: { campaign: Campaign }) {
  const money = (value: number) => formatMoney(value, campaign.currency);
  const bar = spendBarPercent(campaign.spend, campaign.budget);
  const share = spendOfBudgetPercent(campaign.spend, campaign.budget);
  if (bar === null || share === null || campaign.budget === null) {
    return (
      <div className="min-w-36">
        <span className="tabular-nums">{money(campaign.spend)}</span>
        <span className="block text-xs text-slate-500">{reasonFor(campaign.reasons, 'budget')}</span>
      </div>
    );
  }
  const text = `${money(campaign.spend)} of ${money(campaign.budget)} (${Math.round(share)}%)`;
  return (
    <Bar
      percent={bar}
      label={`${campaign.name} spend of budget`}
      valueText={text}
      tone={share > 100 ? 'bg-red-500' : 'bg-indigo-500'}
    >
      <span className="tabular-nums">{text}</span>
    </Bar>
  );
}

/** Message decay as a bar capped at 100 % with the rate and its fit beside it. */
export function MessageDecay({ campaign, r2 }: { campaign: Campaign; r2?: number | null }) {
  const rate = campaign.message_decay_rate;
  if (rate === null) {
    return <Figure value={null} format={String} reason={reasonFor(campaign.reasons, 'message_decay_rate')} />;
  }
  return (
    <Bar
      percent={decayBarPercent(rate)}
      label={`${campaign.name} message decay`}
      valueText={formatDecay(rate)}
      tone="bg-amber-500"
    >
      <span>
        {formatDecay(rate)}
        {r2 !== undefined && r2 !== null && ` (R² ${r2.toFixed(2)})`}
      </span>
    </Bar>
  );
}

export function Fatigue({ score, reason }: { score: number | null; reason: string }) {
  return score === null ? <Figure value={null} format={String} reason={reason} /> : <FatigueChip score={score} />;
}

/** Our conversions with the platform's claim beneath them, so the two are read together. */
export function ConversionsVsPlatform({ campaign }: { campaign: Campaign }) {
  return (
    <div>
      <span className="tabular-nums whitespace-nowrap">{formatConversions(campaign.conversions)}</span>
      <span className="block text-xs text-slate-500">
        platform{' '}
        <Figure
          value={campaign.platform_conversions}
          format={formatConversions}
          reason={reasonFor(campaign.reasons, 'platform_conversions')}
        />
      </span>
    </div>
  );
}

export function Roas({ campaign }: { campaign: Campaign }) {
  return <Figure value={campaign.roas} format={formatRoas} reason={reasonFor(campaign.reasons, 'roas')} />;
}

export const impressionsText = (campaign: Campaign) => formatCount(campaign.impressions);
