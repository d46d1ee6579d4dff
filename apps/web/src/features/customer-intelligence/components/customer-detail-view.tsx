import { type Customer, customerName, JOURNEY_STAGES } from '@ri/contracts';
import { Activity, DollarSign, Target, TrendingDown, UserX } from 'lucide-react';
import { useState } from 'react';
import { ProfileBadge } from '../../../components/domain/profile-badge';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorPanel } from '../../../components/ui/load-error-panel';
import { MetricCard, MetricGrid } from '../../../components/ui/metric-card';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, getErrorMessage } from '../../../lib/api-error';
import type { Permission } from '../../../lib/can';
import { formatCount, formatPercent, NO_VALUE } from '../../../lib/format';
import { useCustomerDetail } from '../hooks/use-customers';
import { formatMoney, formatSessionLength, reasonFor, words } from '../lib/customer-format';
import { ActionHistory } from './action-history';
import { ChurnChip } from './churn-chip';
import { LOAD_FAILED } from './customer-overview';
import { CustomerTimeline } from './customer-timeline';
import { EngagementDialog } from './engagement-dialog';
import { RecordsAndMerges, SOURCE_LABELS } from './records-merges';
import { Section } from './section';
import { TraitBars } from './trait-bars';
import { ValueChart } from './value-chart';

/** A 404, or an id that is not a customer id at all: either way there is no such customer. */
const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || (error.status === 400 && error.field === 'id'));

function DetailCards({ customer: c }: { customer: Customer }) {
  const money = (v: number) => formatMoney(v, c.currency);
  return (
    <MetricGrid label="Customer figures">
      <MetricCard
        label="Lifetime Value"
        icon={DollarSign}
        value={c.lifetime_value === null ? NO_VALUE : money(c.lifetime_value)}
        description={
          <>
            <span className="block">
              Past {money(c.past_revenue)} from {formatCount(c.orders)} orders
            </span>
            <span className="block">
              {c.forecast_value === null
                ? `Forecast ${NO_VALUE}: ${reasonFor(c.reasons, 'forecast_value')}`
                : `Forecast ${money(c.forecast_value)} over the next 12 months`}
            </span>
          </>
        }
      />
      <MetricCard
        label="Conversion Probability"
        icon={Target}
        value={c.conversion_probability === null ? NO_VALUE : formatPercent(c.conversion_probability)}
        description={c.conversion_probability === null ? reasonFor(c.reasons, 'conversion_probability') : undefined}
      />
      <MetricCard
        label="Total Sessions"
        icon={Activity}
        value={formatCount(c.total_sessions)}
        description={`Average session ${formatSessionLength(c.avg_session_duration)}`}
      />
      <MetricCard
        label="Churn Risk"
        icon={TrendingDown}
        value={c.churn_risk === null ? NO_VALUE : `${Math.round(c.churn_risk * 100)}%`}
        description={c.churn_risk === null ? reasonFor(c.reasons, 'churn_risk') : <ChurnChip risk={c.churn_risk} />}
      />
    </MetricGrid>
  );
}

function JourneyStage({ stage }: { stage: Customer['journey_stage'] }) {
  return (
    <ol aria-label="Journey stage" className="flex flex-wrap gap-1">
      {JOURNEY_STAGES.map((s) => (
        <li
          key={s}
          aria-current={s === stage ? 'step' : undefined}
          className={`rounded-full px-3 py-1 text-xs font-medium ${s === stage ? 'bg-indigo-600 text-white' : 'bg-slate-100 text-slate-600'}`}
        >
          {words(s)}
        </li>
      ))}
    </ol>
  );
}

/** Individual: one customer's header, figures, traits, journey, records, value over time, timeline and actions. */
export function CustomerDetailView({ customerId, manage }: { customerId: string; manage: Permission }) {
  const detail = useCustomerDetail(customerId);
  const [engaging, setEngaging] = useState(false);
  if (detail.isPending) return <Spinner label="Loading customer..." />;
  if (detail.isError) {
    if (isNotFound(detail.error)) {
      return (
        <EmptyState
          framed
          icon={UserX}
          title="Customer not found"
          action={<ButtonLink to="/customer-intelligence">Back to all customers</ButtonLink>}
        >
          There is no customer with this id in this business. It may have been merged into another customer when the
          profiles were rebuilt.
        </EmptyState>
      );
    }
    return (
      <LoadErrorPanel
        title="Unable to load the customer"
        message={getErrorMessage(detail.error, LOAD_FAILED)}
        retrying={detail.isFetching}
        onRetry={() => void detail.refetch()}
      />
    );
  }
  const { customer: c } = detail.data;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 className="text-xl font-semibold break-words text-slate-900">{customerName(c)}</h2>
          {c.email && c.email !== customerName(c) && <p className="text-sm text-slate-600">{c.email}</p>}
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            {c.neuromind_profile ? (
              <>
                <ProfileBadge profile={c.neuromind_profile} confidence={c.profile_confidence ?? undefined} />
                <span>from {formatCount(c.profile_sessions)} sessions</span>
              </>
            ) : (
              <span>No profile: {reasonFor(c.reasons, 'neuromind_profile')}</span>
            )}
          </div>
          <p className="text-xs text-slate-500">
            Known to {c.sources.map((s) => SOURCE_LABELS[s]).join(', ')} · Acquired via {c.acquisition_source}
          </p>
        </div>
        {manage.allowed ? (
          <Button onClick={() => setEngaging(true)}>Engage Customer</Button>
        ) : (
          <p className="max-w-xs text-xs text-slate-500">{manage.reason}</p>
        )}
      </div>
      <DetailCards customer={c} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Behavioral Trait Analysis" hint="From the signals in this customer's sessions.">
          <TraitBars customer={c} />
        </Section>
        <Section title="Journey Stage">
          <JourneyStage stage={c.journey_stage} />
        </Section>
      </div>
      <Section title="Value Over Time" hint="Net revenue to date, and the lifetime-value forecast dashed.">
        {detail.data.value_series.length > 0 ? (
          <ValueChart series={detail.data.value_series} currency={c.currency} />
        ) : (
          <p className="text-sm text-slate-600">No payment recorded for this customer yet.</p>
        )}
      </Section>
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Records Merged" hint="This customer as each system knows them, and the keys that joined them.">
          <RecordsAndMerges detail={detail.data} manage={manage} />
        </Section>
        <Section title="Actions Taken">
          <ActionHistory customerId={c.id} currency={c.currency} />
        </Section>
      </div>
      <Section title="Timeline">
        <CustomerTimeline items={detail.data.timeline} currency={c.currency} />
      </Section>
      {engaging && <EngagementDialog customer={c} implement={manage} onClose={() => setEngaging(false)} />}
    </div>
  );
}
