import type { CampaignExtended } from '@ri/contracts';
import { Button } from '../../../components/ui/button';
import { type DataColumn, DataTable } from '../../../components/ui/data-table';
import { FieldGrid } from '../../../components/ui/field-grid';
import { formatCount } from '../../../lib/format';
import { formatCtr, formatMoney } from '../lib/ad-format';
import {
  CampaignStatus,
  ConversionsVsPlatform,
  Fatigue,
  MessageDecay,
  PlatformName,
  Roas,
  SpendOfBudget,
} from './campaign-cells';
import { Figure, reasonFor } from './figures';

/** From this width the campaigns show as a table; below it, as cards. */
export const TABLE_QUERY = '(min-width: 1440px)';

type Props = {
  campaigns: readonly CampaignExtended[];
  onView: (campaign: CampaignExtended) => void;
  onOptimize: (campaign: CampaignExtended) => void;
};

const ctr = (c: CampaignExtended) => <Figure value={c.ctr} format={formatCtr} reason={reasonFor(c.reasons, 'ctr')} />;
const cpc = (c: CampaignExtended) => (
  <Figure value={c.cpc} format={(v) => formatMoney(v, c.currency)} reason={reasonFor(c.reasons, 'cpc')} />
);
const fatigue = (c: CampaignExtended) => (
  <Fatigue score={c.creative_fatigue_score} reason={reasonFor(c.reasons, 'creative_fatigue_score')} />
);

function Actions({
  campaign,
  onView,
  onOptimize,
  stacked = false,
}: { campaign: CampaignExtended; stacked?: boolean } & Omit<Props, 'campaigns'>) {
  return (
    <div className={stacked ? 'flex flex-col items-stretch gap-2' : 'flex justify-end gap-2'}>
      <Button
        variant="secondary"
        className="px-3 py-1"
        aria-label={`View ${campaign.name}`}
        onClick={() => onView(campaign)}
      >
        View
      </Button>
      <Button className="px-3 py-1" aria-label={`Optimize ${campaign.name}`} onClick={() => onOptimize(campaign)}>
        Optimize
      </Button>
    </div>
  );
}

/**
 * Campaign Performance Analysis: one row per campaign with spend against budget, delivery, our conversions
 * beside the platform's, ROAS, fatigue and decay, and View and Optimize. On narrower screens each
 * campaign is a card.
 */
export function CampaignTable({ campaigns, onView, onOptimize }: Props) {
  const columns: DataColumn<CampaignExtended>[] = [
    {
      header: 'Campaign',
      cell: (c) => (
        <div className="space-y-1">
          <span className="block font-medium text-slate-900">{c.name}</span>
          <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
            <PlatformName platform={c.platform} />
            <CampaignStatus status={c.status} />
          </span>
        </div>
      ),
      className: 'min-w-44',
    },
    { header: 'Spend / Budget', cell: (c) => <SpendOfBudget campaign={c} /> },
    {
      header: 'Impressions / Clicks',
      cell: (c) => (
        <>
          <span className="block">{formatCount(c.impressions)}</span>
          <span className="block text-xs text-slate-500">{formatCount(c.clicks)} clicks</span>
        </>
      ),
      align: 'right',
      className: 'tabular-nums whitespace-nowrap',
    },
    {
      header: 'CTR / CPC',
      cell: (c) => (
        <>
          <span className="block">{ctr(c)}</span>
          <span className="block text-xs text-slate-500">{cpc(c)}</span>
        </>
      ),
      align: 'right',
    },
    { header: 'Conversions', cell: (c) => <ConversionsVsPlatform campaign={c} />, align: 'right' },
    { header: 'ROAS', cell: (c) => <Roas campaign={c} />, align: 'right' },
    { header: 'Fatigue', cell: fatigue },
    { header: 'Decay', cell: (c) => <MessageDecay campaign={c} r2={c.message_decay_r2} /> },
    {
      header: 'Actions',
      headerHidden: true,
      cell: (c) => <Actions campaign={c} onView={onView} onOptimize={onOptimize} stacked />,
      align: 'right',
    },
  ];
  return (
    <DataTable
      caption="Campaign Performance Analysis"
      columns={columns}
      rows={campaigns}
      rowKey={(c) => c.id}
      density="roomy"
      alignTop
      className="min-w-[1000px]"
      cards={{
        // The table needs about 1,050 px: with the sidebar, that is a 1440 px screen.
        tableQuery: TABLE_QUERY,
        className: 'py-4',
        render: (c) => (
          <article aria-label={c.name} className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold text-slate-900">{c.name}</h3>
              <CampaignStatus status={c.status} />
            </div>
            <SpendOfBudget campaign={c} />
            <FieldGrid
              fields={[
                { label: 'Platform', value: <PlatformName platform={c.platform} /> },
                { label: 'Impressions', value: formatCount(c.impressions), className: 'tabular-nums' },
                { label: 'Clicks', value: formatCount(c.clicks), className: 'tabular-nums' },
                { label: 'CTR', value: ctr(c) },
                { label: 'CPC', value: cpc(c) },
                { label: 'ROAS', value: <Roas campaign={c} /> },
                { label: 'Conversions', value: <ConversionsVsPlatform campaign={c} /> },
                { label: 'Fatigue', value: fatigue(c) },
                { label: 'Decay', value: <MessageDecay campaign={c} r2={c.message_decay_r2} /> },
              ]}
            />
            <Actions campaign={c} onView={onView} onOptimize={onOptimize} />
          </article>
        ),
      }}
    />
  );
}
