import { type Customer, type CustomerList, NEUROMIND_PROFILES } from '@ri/contracts';
import { Users } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { focusRing } from '../../../lib/focus-ring';
import type { ExtraFilter, ProfileFilter } from '../hooks/use-customer-filters';
import { useCustomerSegments } from '../hooks/use-customers';
import { CustomerPagination } from './customer-pagination';
import { CustomerTable } from './customer-table';
import { Section } from './section';

type Props = {
  list: CustomerList;
  dimmed: boolean;
  profile: ProfileFilter;
  onProfileChange: (profile: ProfileFilter) => void;
  extra: ExtraFilter;
  onClearExtra: (() => void) | null;
  onPage: (page: number) => void;
  onView: (customer: Customer) => void;
  onEngage: (customer: Customer) => void;
  onOpenProfile: (customer: Customer) => void;
};

/** Which filters beyond the profile narrow the table, in words. */
function useExtraText(extra: ExtraFilter): string {
  const segments = useCustomerSegments();
  const parts: string[] = [];
  if (extra.segment_id) {
    const saved = segments.data?.saved.find((s) => s.id === extra.segment_id);
    parts.push(`segment “${saved?.name ?? 'saved segment'}”`);
  }
  if (extra.min_readiness_score !== undefined) parts.push(`readiness ≥ ${extra.min_readiness_score}`);
  if (extra.max_churn_risk !== undefined) parts.push(`churn risk ≤ ${Math.round(extra.max_churn_risk * 100)}%`);
  return parts.join(', ');
}

/** Customer Profiles: the profile filter, the rule filters in force, the table and its pages. */
export function CustomerProfilesSection({
  list,
  dimmed,
  profile,
  onProfileChange,
  extra,
  onClearExtra,
  onPage,
  onView,
  onEngage,
  onOpenProfile,
}: Props) {
  const selectId = useId();
  const extraText = useExtraText(extra);
  const filtered = profile !== 'all' || onClearExtra !== null;
  return (
    <Section
      title="Customer Profiles"
      hint="Every customer merged across your tracking, CRM and payments."
      actions={
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-sm text-slate-600">
            Profile
          </label>
          <select
            id={selectId}
            value={profile}
            onChange={(event) => onProfileChange(event.target.value as ProfileFilter)}
            className={`rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 shadow-sm ${focusRing}`}
          >
            <option value="all">All profiles</option>
            {NEUROMIND_PROFILES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </div>
      }
    >
      {onClearExtra && (
        <div className="mb-3 flex flex-wrap items-center gap-2 rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-900">
          <span>Showing customers in {extraText}.</span>
          <Button variant="link" onClick={onClearExtra}>
            Clear filter
          </Button>
        </div>
      )}
      <div aria-busy={dimmed || undefined} className={dimmed ? 'opacity-60' : undefined}>
        {list.customers.length === 0 ? (
          <EmptyState icon={Users} title={filtered ? 'No customer matches this filter' : 'No customers yet'} compact>
            {filtered
              ? 'Choose All profiles or clear the filter to see every customer.'
              : 'Customers appear once Stripe or GoHighLevel is connected and synced, or when your site identifies a visitor; Refresh Segments then builds their profiles.'}
          </EmptyState>
        ) : (
          <CustomerTable customers={list.customers} onView={onView} onEngage={onEngage} onOpenProfile={onOpenProfile} />
        )}
        {list.total > list.pagination.limit && <CustomerPagination pagination={list.pagination} onPage={onPage} />}
      </div>
    </Section>
  );
}
