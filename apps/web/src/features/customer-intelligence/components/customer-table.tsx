import { type Customer, customerName } from '@ri/contracts';
import { ProfileBadge } from '../../../components/domain/profile-badge';
import { ReadinessBadge } from '../../../components/domain/readiness-badge';
import { Button } from '../../../components/ui/button';
import { type DataColumn, DataTable } from '../../../components/ui/data-table';
import { FieldGrid } from '../../../components/ui/field-grid';
import { formatRelativeTime } from '../../../lib/format';
import { formatMoney, reasonFor, words } from '../lib/customer-format';
import { canEngage } from '../lib/customer-levels';
import { ChurnChip } from './churn-chip';
import { EngagementChip } from './engagement-chip';
import { Figure, NotKnown } from './figure';

/** From this width the customers show as a table; below it (phones), as cards. */
export const CUSTOMER_TABLE_QUERY = '(min-width: 640px)';

type Props = {
  customers: readonly Customer[];
  onView: (customer: Customer) => void;
  onEngage: (customer: Customer) => void;
  onOpenProfile: (customer: Customer) => void;
};

const profile = (c: Customer) =>
  c.neuromind_profile ? (
    <ProfileBadge profile={c.neuromind_profile} />
  ) : (
    <NotKnown reason={reasonFor(c.reasons, 'neuromind_profile')} />
  );
const readiness = (c: Customer) =>
  c.readiness_score === null ? (
    <NotKnown reason={reasonFor(c.reasons, 'readiness_score')} />
  ) : (
    <ReadinessBadge score={c.readiness_score} size="sm" />
  );
const churn = (c: Customer) =>
  c.churn_risk === null ? <NotKnown reason={reasonFor(c.reasons, 'churn_risk')} /> : <ChurnChip risk={c.churn_risk} />;
const ltv = (c: Customer) => (
  <Figure
    value={c.lifetime_value}
    format={(v) => formatMoney(v, c.currency)}
    reason={reasonFor(c.reasons, 'lifetime_value')}
  />
);

function Actions({
  customer,
  onView,
  onEngage,
  stacked = false,
}: { customer: Customer; stacked?: boolean } & Omit<Props, 'customers' | 'onOpenProfile'>) {
  const name = customerName(customer);
  return (
    <div className={stacked ? 'flex flex-col items-stretch gap-2' : 'flex flex-wrap justify-end gap-2'}>
      <Button
        variant="secondary"
        className="px-3 py-1 whitespace-nowrap"
        aria-label={`View Profile of ${name}`}
        onClick={() => onView(customer)}
      >
        View Profile
      </Button>
      {canEngage(customer) && (
        <Button className="px-3 py-1" aria-label={`Engage ${name}`} onClick={() => onEngage(customer)}>
          Engage
        </Button>
      )}
    </div>
  );
}

function NameCell({ customer, onOpen }: { customer: Customer; onOpen: (customer: Customer) => void }) {
  const name = customerName(customer);
  return (
    <div className="min-w-0">
      <Button variant="link" className="text-left font-medium" onClick={() => onOpen(customer)}>
        {name}
      </Button>
      {customer.email && customer.email !== name && (
        <span className="block truncate text-xs text-slate-500">{customer.email}</span>
      )}
    </div>
  );
}

/**
 * Customer Profiles: name and e-mail, profile, readiness, engagement, churn risk (coloured), lifetime value,
 * stage and last activity, with View Profile, and Engage when readiness is 70 or more. Cards on a phone.
 */
export function CustomerTable({ customers, onView, onEngage, onOpenProfile }: Props) {
  const columns: DataColumn<Customer>[] = [
    { header: 'Customer', cell: (c) => <NameCell customer={c} onOpen={onOpenProfile} />, className: 'max-w-56' },
    { header: 'Profile', cell: profile },
    { header: 'Readiness', cell: readiness },
    { header: 'Engagement', cell: (c) => <EngagementChip level={c.engagement_level} /> },
    { header: 'Churn Risk', cell: churn },
    { header: 'Lifetime Value', cell: ltv, align: 'right' },
    {
      header: 'Stage / Last Activity',
      cell: (c) => (
        <>
          <span className="block">{words(c.journey_stage)}</span>
          <span className="block text-xs whitespace-nowrap text-slate-500" title={c.last_activity}>
            {formatRelativeTime(c.last_activity)}
          </span>
        </>
      ),
    },
    {
      header: 'Actions',
      headerHidden: true,
      cell: (c) => <Actions customer={c} onView={onView} onEngage={onEngage} stacked />,
      align: 'right',
    },
  ];
  return (
    <DataTable
      caption="Customer Profiles"
      columns={columns}
      rows={customers}
      rowKey={(c) => c.id}
      density="roomy"
      className="min-w-[820px]"
      cards={{
        tableQuery: CUSTOMER_TABLE_QUERY,
        className: 'py-4',
        render: (c) => (
          <article aria-label={customerName(c)} className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <NameCell customer={c} onOpen={onOpenProfile} />
              {profile(c)}
            </div>
            <FieldGrid
              fields={[
                {
                  label: 'Readiness',
                  value:
                    c.readiness_score === null ? (
                      <NotKnown reason={reasonFor(c.reasons, 'readiness_score')} />
                    ) : (
                      <span className="tabular-nums">{c.readiness_score.toFixed(1)}</span>
                    ),
                },
                { label: 'Engagement', value: <EngagementChip level={c.engagement_level} /> },
                { label: 'Churn Risk', value: churn(c) },
                { label: 'Lifetime Value', value: ltv(c) },
                { label: 'Stage', value: words(c.journey_stage) },
                { label: 'Last Activity', value: formatRelativeTime(c.last_activity) },
              ]}
            />
            <Actions customer={c} onView={onView} onEngage={onEngage} />
          </article>
        ),
      }}
    />
  );
}
