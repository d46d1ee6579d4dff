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

function Actions({ campaign, onView, onOptimize }: { campaign: CampaignExtended } & Omit<Props, 'campaigns'>) {
  return (
    <div className="flex justify-end gap-2">
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
      cell: (c) => <span className="font-medium text-slate-900">{c.name}</span>,
      className: 'min-w-40',
    },
    { header: 'Platform', cell: (c) => <PlatformName platform={c.platform} /> },
    { header: 'Status', cell: (c) => <CampaignStatus status={c.status} /> },
    { header: 'Spend / Budget', cell: (c) => <SpendOfBudget campaign={c} /> },
    { header: 'Impressions', cell: (c) => formatCount(c.impressions), align: 'right', className: 'tabular-nums' },
    { header: 'Clicks', cell: (c) => formatCount(c.clicks), align: 'right', className: 'tabular-nums' },
    { header: 'CTR', cell: ctr, align: 'right' },
    { header: 'CPC', cell: cpc, align: 'right' },
    { header: 'Conversions', cell: (c) => <ConversionsVsPlatform campaign={c} />, align: 'right' },
    { header: 'ROAS', cell: (c) => <Roas campaign={c} />, align: 'right' },
    { header: 'Fatigue', cell: fatigue },
    { header: 'Decay', cell: (c) => <MessageDecay campaign={c} r2={c.message_decay_r2} /> },
    {
      header: 'Actions',
      headerHidden: true,
      cell: (c) => <Actions campaign={c} onView={onView} onOptimize={onOptimize} />,
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
      className="min-w-[1100px]"
      cards={{
        tableQuery: '(min-width: 1024px)',
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
