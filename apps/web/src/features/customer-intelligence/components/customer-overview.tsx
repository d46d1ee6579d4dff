import type { Customer } from '@ri/contracts';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { LoadErrorPanel } from '../../../components/ui/load-error-panel';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-error';
import type { Permission } from '../../../lib/can';
import type { useCustomerFilters } from '../hooks/use-customer-filters';
import { useCustomerList } from '../hooks/use-customers';
import { CustomerInsights } from './customer-insights';
import { CustomerProfileDialog } from './customer-profile-dialog';
import { CustomerProfilesSection } from './customer-profiles-section';
import { CustomerSummaryCards } from './customer-summary-cards';
import { EngagementDialog } from './engagement-dialog';
import { ProfileSegments } from './profile-segments';

export const LOAD_FAILED = 'Failed to load customer data';

type Props = {
  filters: ReturnType<typeof useCustomerFilters>;
  manage: Permission;
  refreshing: boolean;
  onRefresh: () => void;
};

/** The Overview: the four cards, the profile segments, the insights and the Customer Profiles table. */
export function CustomerOverview({ filters, manage, refreshing, onRefresh }: Props) {
  const list = useCustomerList(filters.query);
  const navigate = useNavigate();
  const { search } = useLocation();
  const [opened, setOpened] = useState<Customer | null>(null);
  const [engaging, setEngaging] = useState<Customer | null>(null);
  const loadError = list.isError ? getErrorMessage(list.error, LOAD_FAILED) : null;
  const view = (customer: Customer) => navigate({ pathname: `/customer-intelligence/${customer.id}`, search });

  if (list.isPending) return <Spinner label="Loading customer data..." />;
  if (!list.data) {
    return (
      <LoadErrorPanel
        title="Unable to load Customer Intelligence"
        message={loadError ?? LOAD_FAILED}
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  }
  const showSegment = (segmentId: string) => {
    filters.applyFilter({ segment_id: segmentId });
    document.getElementById('customer-profiles')?.scrollIntoView({ behavior: 'smooth' });
  };
  return (
    <div className="space-y-6">
      {loadError && <Alert tone="error">Could not refresh the customers: {loadError}</Alert>}
      <CustomerSummaryCards summary={list.data.summary} />
      <ProfileSegments manage={manage} refreshing={refreshing} onRefresh={onRefresh} onShowSegment={showSegment} />
      <CustomerInsights
        totalCustomers={list.data.summary.total_customers}
        manage={manage}
        onFilter={filters.applyFilter}
      />
      <div id="customer-profiles">
        <CustomerProfilesSection
          list={list.data}
          dimmed={list.isPlaceholderData}
          profile={filters.profile}
          onProfileChange={filters.setProfile}
          extra={filters.extra}
          onClearExtra={filters.hasExtra ? filters.clearExtra : null}
          onPage={filters.setPage}
          onView={view}
          onEngage={setEngaging}
          onOpenProfile={setOpened}
        />
      </div>
      {opened && (
        <CustomerProfileDialog
          customer={opened}
          onEngage={() => {
            setOpened(null);
            setEngaging(opened);
          }}
          onClose={() => setOpened(null)}
        />
      )}
      {engaging && <EngagementDialog customer={engaging} implement={manage} onClose={() => setEngaging(null)} />}
    </div>
  );
}
