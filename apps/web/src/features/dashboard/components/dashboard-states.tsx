import { Database } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorPanel, type LoadErrorProps } from '../../../components/ui/load-error-panel';

export { DemoModeBanner, isDemoModeMessage } from '../../../components/ui/demo-mode-banner';

/** Spec section 8: the dashboard's load failure, when the server gives no message. */
export const LOAD_FAILED = 'Failed to load dashboard data';

/** Spec 2.4: 'Dashboard Error' with 'Try Again'. */
export function DashboardError(props: LoadErrorProps) {
  return <LoadErrorPanel title="Dashboard Error" retryLabel="Try Again" {...props} />;
}

type EmptyProps = {
  days: number;
  reasons: string[];
  loading: boolean;
  onLoad: () => void;
  /** Offered to owners and admins: goals can be set before the first data arrives. */
  onSetGoals?: () => void;
};

/**
 * Spec 2.4: 'No dashboard data available' with 'Load Data', which rebuilds the figures and reads them again.
 * It says why there is nothing (the figures' own reasons) and where the data would come from.
 */
export function DashboardEmpty({ days, reasons, loading, onLoad, onSetGoals }: EmptyProps) {
  return (
    <EmptyState
      framed
      icon={Database}
      title="No dashboard data available"
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Button busy={loading} onClick={onLoad}>
            Load Data
          </Button>
          <ButtonLink variant="secondary" to="/integrations">
            Connect an integration
          </ButtonLink>
          <ButtonLink variant="secondary" to="/tracking-script">
            Install the tracking script
          </ButtonLink>
          {onSetGoals && (
            <Button variant="secondary" onClick={onSetGoals}>
              Set goals
            </Button>
          )}
        </div>
      }
    >
      Nothing was recorded for this business in the last {days} days.
      {reasons.length > 0 && (
        <span className="mt-2 block text-left">
          <span className="block font-medium text-slate-700">Why:</span>
          <span role="list" aria-label="Why there is no data" className="block">
            {reasons.map((reason) => (
              <span role="listitem" key={reason} className="block">
                · {reason}
              </span>
            ))}
          </span>
        </span>
      )}
    </EmptyState>
  );
}
