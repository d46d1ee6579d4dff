import type { CampaignExtended } from '@ri/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldGrid } from '../../../components/ui/field-grid';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-error';
import { formatCount } from '../../../lib/format';
import type { AdDays } from '../api/ad-intelligence-api';
import { useCampaignDetails } from '../hooks/use-ad-intelligence';
import { formatCtr, formatDay, formatMoney, formatRoas } from '../lib/ad-format';
import { AudienceView } from './audience-view';
import {
  CampaignStatus,
  ConversionsVsPlatform,
  Fatigue,
  MessageDecay,
  PlatformName,
  Roas,
  SpendOfBudget,
} from './campaign-cells';
import { creativeTitle } from './creative-grid';
import { DialogSection } from './dialog-section';
import { Figure, reasonFor } from './figures';
import { ReconciliationView } from './reconciliation-view';
import { SpendRevenueChart } from './spend-revenue-chart';

function CampaignFigures({ campaign }: { campaign: CampaignExtended }) {
  const money = (value: number) => formatMoney(value, campaign.currency);
  const r = (field: string) => reasonFor(campaign.reasons, field);
  return (
    <div className="space-y-3">
      <SpendOfBudget campaign={campaign} />
      <FieldGrid
        className="text-sm"
        fields={[
          { label: 'Impressions', value: formatCount(campaign.impressions), className: 'tabular-nums' },
          { label: 'Clicks', value: formatCount(campaign.clicks), className: 'tabular-nums' },
          { label: 'Sessions tracked', value: formatCount(campaign.sessions), className: 'tabular-nums' },
          { label: 'CTR', value: <Figure value={campaign.ctr} format={formatCtr} reason={r('ctr')} /> },
          { label: 'CPC', value: <Figure value={campaign.cpc} format={money} reason={r('cpc')} /> },
          { label: 'Conversions', value: <ConversionsVsPlatform campaign={campaign} /> },
          { label: 'Attributed revenue', value: money(campaign.attributed_revenue), className: 'tabular-nums' },
          {
            label: 'Platform revenue',
            value: <Figure value={campaign.platform_revenue} format={money} reason={r('platform_revenue')} />,
          },
          { label: 'ROAS (ours)', value: <Roas campaign={campaign} /> },
          {
            label: 'ROAS (platform)',
            value: <Figure value={campaign.platform_roas} format={formatRoas} reason={r('platform_roas')} />,
          },
          {
            label: 'Creative fatigue',
            value: <Fatigue score={campaign.creative_fatigue_score} reason={r('creative_fatigue_score')} />,
          },
          { label: 'Message decay', value: <MessageDecay campaign={campaign} r2={campaign.message_decay_r2} /> },
        ]}
      />
    </div>
  );
}

type Props = {
  campaign: CampaignExtended;
  days: AdDays;
  windowText: string;
  onOptimize: (campaign: CampaignExtended) => void;
  onClose: () => void;
};

/**
 * Campaign Details: the campaign's figures, what the platform claims against what we attribute, the
 * visitors it brought by profile and readiness band, its days and its creatives.
 */
export function CampaignDetailsDialog({ campaign: row, days, windowText, onOptimize, onClose }: Props) {
  const details = useCampaignDetails(row.id, days);
  const campaign = details.data?.campaign ?? row;
  const dates = [campaign.start_date, campaign.end_date].map((d) => (d ? formatDay(d) : null));
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={campaign.name}
      description={
        <span className="inline-flex flex-wrap items-center gap-2">
          <PlatformName platform={campaign.platform} />
          <CampaignStatus status={campaign.status} />
          {dates[0] && <span>{dates[1] ? `${dates[0]} – ${dates[1]}` : `since ${dates[0]}`}</span>}
        </span>
      }
      footer={<Button onClick={() => onOptimize(campaign)}>Optimize</Button>}
    >
      <div className="space-y-4">
        <DialogSection title={`Figures over ${windowText}`}>
          <CampaignFigures campaign={campaign} />
        </DialogSection>
        <DialogSection title="Platform claims against what we attribute">
          <ReconciliationView reconciliation={campaign.reconciliation} />
        </DialogSection>
        <DialogSection title="Audience by Neuromind profile and readiness">
          <AudienceView audience={campaign.audience} />
        </DialogSection>
        <DialogSection title="Day by day">
          {details.isPending && <Spinner label="Loading the campaign's days..." />}
          {details.isError && (
            <Alert tone="error">{getErrorMessage(details.error, "Failed to load the campaign's days")}</Alert>
          )}
          {details.data && (
            <SpendRevenueChart days={details.data.daily} currency={campaign.currency} windowText={windowText} />
          )}
        </DialogSection>
        {details.data && (
          <DialogSection title="Creatives">
            {details.data.creatives.length === 0 ? (
              <p className="text-sm text-slate-600">No creative of this campaign delivered in {windowText}.</p>
            ) : (
              <ul className="divide-y divide-slate-100 text-sm">
                {details.data.creatives.map((creative) => (
                  <li key={creative.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <span className="min-w-0 font-medium text-slate-800">{creativeTitle(creative)}</span>
                    <span className="flex items-center gap-3 text-xs">
                      <Figure
                        value={creative.ctr}
                        format={(v) => `CTR ${formatCtr(v)}`}
                        reason={reasonFor(creative.reasons, 'ctr')}
                      />
                      <Fatigue score={creative.fatigue_score} reason={reasonFor(creative.reasons, 'fatigue_score')} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </DialogSection>
        )}
      </div>
    </Modal>
  );
}
