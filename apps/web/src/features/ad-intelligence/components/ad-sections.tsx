import type { CampaignExtended, Creative } from '@ri/contracts';
import { BarChart3, Image, Megaphone, Radio } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-error';
import { formatCount } from '../../../lib/format';
import type { AdFilters } from '../api/ad-intelligence-api';
import { useAdMetrics, useCampaigns, useChannelInsights, useCreatives } from '../hooks/use-ad-intelligence';
import { LOAD_FAILED } from './ad-states';
import { CampaignTable } from './campaign-table';
import { ChannelInsights } from './channel-insights';
import { CreativeGrid } from './creative-grid';
import { Section } from './section';
import { SpendRevenueChart } from './spend-revenue-chart';

type Read = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
};

/** A section's read: its spinner, its failure with Retry, and its content dimmed while a new filter loads. */
function ReadState({ read, loading, children }: { read: Read; loading: string; children: ReactNode }) {
  if (read.isPending) return <Spinner label={loading} />;
  return (
    <>
      {read.isError && (
        <div className="mb-3 space-y-2">
          <Alert tone="error">{getErrorMessage(read.error, LOAD_FAILED)}</Alert>
          <Button variant="secondary" busy={read.isFetching} onClick={() => void read.refetch()}>
            Retry
          </Button>
        </div>
      )}
      <div aria-busy={read.isPlaceholderData || undefined} className={read.isPlaceholderData ? 'opacity-60' : ''}>
        {children}
      </div>
    </>
  );
}

type SectionProps = { filters: AdFilters; windowText: string };

export function SpendSection({ filters, windowText }: SectionProps) {
  const metrics = useAdMetrics(filters);
  const reasons = metrics.data ? Object.values(metrics.data.reasons) : [];
  return (
    <Section
      title="Spend and Attributed Revenue"
      hint="What the ads cost each day against the revenue of the conversions we attribute to them (last click). The dashed line is the revenue the platforms claim."
    >
      <ReadState read={metrics} loading="Loading daily figures...">
        {reasons.map((reason) => (
          <p key={reason} className="mb-2 text-xs text-amber-800">
            {reason}
          </p>
        ))}
        {metrics.data &&
          (metrics.data.series.length === 0 ? (
            <EmptyState icon={BarChart3} title="No days to chart" compact>
              No ad delivery was synced for {windowText}.
            </EmptyState>
          ) : (
            <SpendRevenueChart days={metrics.data.series} currency={metrics.data.currency} windowText={windowText} />
          ))}
      </ReadState>
    </Section>
  );
}

export function ChannelsSection({ filters, windowText }: SectionProps) {
  const channels = useChannelInsights(filters);
  return (
    <Section
      title="Channel Performance Insights"
      hint="Each ad platform and each traffic source we track, against the previous window. The opportunity score weighs return against what is being spent."
    >
      <ReadState read={channels} loading="Loading channels...">
        {channels.data &&
          (channels.data.channels.length === 0 ? (
            <EmptyState icon={Radio} title="No channel activity" compact>
              No spend and no tracked session in {windowText}.
            </EmptyState>
          ) : (
            <ChannelInsights channels={channels.data.channels} days={filters.days} />
          ))}
      </ReadState>
    </Section>
  );
}

export function CampaignsSection({
  filters,
  windowText,
  onView,
  onOptimize,
}: SectionProps & { onView: (c: CampaignExtended) => void; onOptimize: (c: CampaignExtended) => void }) {
  const campaigns = useCampaigns(filters);
  const data = campaigns.data;
  return (
    <Section
      title="Campaign Performance Analysis"
      hint="Conversions and ROAS are ours: tracked conversions and linked payments attributed by last click. The platform's own count sits beneath."
      actions={
        data && data.total > data.campaigns.length ? (
          <p className="text-xs text-slate-500">
            Showing {formatCount(data.campaigns.length)} of {formatCount(data.total)} campaigns
          </p>
        ) : undefined
      }
    >
      <ReadState read={campaigns} loading="Loading campaigns...">
        {data &&
          (data.campaigns.length === 0 ? (
            <EmptyState icon={Megaphone} title="No campaigns in this window" compact>
              No campaign delivered in {windowText}.
            </EmptyState>
          ) : (
            <CampaignTable campaigns={data.campaigns} onView={onView} onOptimize={onOptimize} />
          ))}
      </ReadState>
    </Section>
  );
}

export function CreativesSection({
  filters,
  windowText,
  onDetails,
}: SectionProps & { onDetails: (creative: Creative) => void }) {
  const creatives = useCreatives(filters);
  return (
    <Section
      title="Creative Performance Analysis"
      hint="Fatigue compares a creative's recent CTR with its launch baseline; it shows once the creative has run long enough to tell."
    >
      <ReadState read={creatives} loading="Loading creatives...">
        {creatives.data &&
          (creatives.data.creatives.length === 0 ? (
            <EmptyState icon={Image} title="No creatives in this window" compact>
              No ad delivered in {windowText}.
            </EmptyState>
          ) : (
            <CreativeGrid creatives={creatives.data.creatives} onDetails={onDetails} />
          ))}
      </ReadState>
    </Section>
  );
}
