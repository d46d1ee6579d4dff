import { Download, UserSearch } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { ApiError } from '../../../lib/api-error';
import type { Permission } from '../../../lib/can';
import { formatCount } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCustomerExport } from '../hooks/use-customer-export';
import { useCustomerFilters } from '../hooks/use-customer-filters';
import { useProfileGeneration } from '../hooks/use-profile-generation';
import { CustomerDetailView } from './customer-detail-view';
import { CustomerOverview } from './customer-overview';
import { GenerationAlert } from './generation-alert';

export const EXPORT_FAILED = 'Export failed. Please try again.';

/** The server's reason when it refused the export (too many exports a minute, a deleted segment), else nothing. */
const refusal = (error: unknown) => (error instanceof ApiError && error.status < 500 ? error.message : null);

type View = 'overview' | 'individual';
const VIEWS = [
  { value: 'overview', label: 'Overview' },
  { value: 'individual', label: 'Individual' },
] as const;

type Props = {
  /** The customer of /customer-intelligence/:id, if any. */
  customerId: string | undefined;
  /** Whether this person may save segments, rebuild profiles and act on customers. */
  manage: Permission;
};

/**
 * /customer-intelligence and /customer-intelligence/:id: the customers merged across tracking, CRM and
 * payments, their Neuromind segments, insights and lifetime value; Individual shows the customer of the address.
 */
export function CustomerIntelligenceScreen({ customerId, manage }: Props) {
  useDocumentTitle('Customer Intelligence');
  const filters = useCustomerFilters();
  const generation = useProfileGeneration();
  const exporter = useCustomerExport(filters.query, filters.profile);
  // Each address starts in its own view: a customer's address in Individual, the list in Overview.
  const [viewFor, setViewFor] = useState<{ id: string | undefined; view: View }>({
    id: customerId,
    view: customerId ? 'individual' : 'overview',
  });
  const view: View = viewFor.id === customerId ? viewFor.view : customerId ? 'individual' : 'overview';
  const progress = exporter.progress;

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Customer Intelligence</h1>
          <p className="mt-1 text-sm text-slate-600">
            Who your customers are, what they are worth and who to engage next.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <SegmentedControl
            label="View"
            options={VIEWS}
            value={view}
            onChange={(next) => setViewFor({ id: customerId, view: next })}
          />
          <Button variant="secondary" busy={exporter.isPending} onClick={() => exporter.mutate()}>
            {!exporter.isPending && <Download aria-hidden="true" className="size-4" />}
            Export Analysis
          </Button>
        </div>
      </div>
      {progress && progress.total > 0 && (
        <p role="status" className="text-sm text-slate-600">
          Exporting: {formatCount(progress.done)} of {formatCount(progress.total)} customers read...
        </p>
      )}
      {exporter.isError && (
        <Alert tone="error">
          {EXPORT_FAILED}
          {refusal(exporter.error) && ` ${refusal(exporter.error)}`}
        </Alert>
      )}
      <div aria-live="polite">
        <GenerationAlert state={generation.state} onDismiss={generation.dismiss} />
      </div>

      {view === 'overview' ? (
        <CustomerOverview filters={filters} manage={manage} refreshing={generation.busy} onRefresh={generation.start} />
      ) : customerId ? (
        <CustomerDetailView customerId={customerId} manage={manage} />
      ) : (
        <EmptyState framed icon={UserSearch} title="No customer selected">
          Choose View Profile on a customer in the Overview to see their lifetime value, sessions, traits and history
          here.
        </EmptyState>
      )}
    </div>
  );
}
