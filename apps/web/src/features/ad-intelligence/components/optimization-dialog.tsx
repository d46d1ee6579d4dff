import type { CampaignExtended } from '@ri/contracts';
import { Lightbulb } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import type { Permission } from '../../../lib/can';
import type { AdDays } from '../api/ad-intelligence-api';
import { useCampaignDetails } from '../hooks/use-ad-intelligence';
import { useAdOptimizations } from '../hooks/use-ad-optimizations';
import { DialogSection } from './dialog-section';
import { RecommendationCard } from './recommendation-card';
import { RecordedAction } from './recorded-action';

export const RECOMMENDATIONS_FAILED = 'Failed to generate optimization recommendations. Please try again.';

/** The optimisations implemented on the campaign before, newest first. */
function OptimizationHistory({ campaignId, implement }: { campaignId: string; implement: Permission }) {
  const history = useAdOptimizations(campaignId);
  if (history.isError) return <p className="text-sm text-slate-600">The history could not be loaded.</p>;
  if (!history.data) return null;
  if (history.data.actions.length === 0) {
    return <p className="text-sm text-slate-600">No optimization has been implemented on this campaign yet.</p>;
  }
  return (
    <ul aria-label="Implemented optimizations" className="divide-y divide-slate-100">
      {history.data.actions.map((action) => (
        <li key={action.id} className="py-3 first:pt-0">
          <p className="text-sm font-medium text-slate-900">{action.title}</p>
          <RecordedAction action={action} undo={implement} />
        </li>
      ))}
    </ul>
  );
}

type Props = {
  campaign: CampaignExtended;
  days: AdDays;
  implement: Permission;
  onClose: () => void;
};

/**
 * Optimization Recommendations: the campaign's recommendations as the server grounds them today (the
 * spec's rules and the audience finding), each with Implement Optimization, and what was implemented before.
 */
export function OptimizationDialog({ campaign: row, days, implement, onClose }: Props) {
  const details = useCampaignDetails(row.id, days);
  const campaign = details.data?.campaign;
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title="Optimization Recommendations"
      description={row.name}
    >
      <div className="space-y-4">
        {details.isPending && <Spinner label="Loading recommendations..." />}
        {details.isError && (
          <div className="space-y-2">
            <Alert tone="error">{RECOMMENDATIONS_FAILED}</Alert>
            <Button variant="secondary" busy={details.isFetching} onClick={() => void details.refetch()}>
              Try again
            </Button>
          </div>
        )}
        {campaign && campaign.recommendations.length === 0 && (
          <EmptyState icon={Lightbulb} title="Nothing to optimize right now" compact>
            No rule fired for this campaign: ROAS above 3 with spend under 80% of budget, creative fatigue above 0.5,
            CTR below 2% or CPC above 1.5 would each suggest a change, and none holds over this window.
          </EmptyState>
        )}
        {campaign && campaign.recommendations.length > 0 && (
          <div className="space-y-3">
            {campaign.recommendations.map((rec) => (
              <RecommendationCard
                key={rec.id}
                recommendation={rec}
                campaign={campaign}
                days={days}
                implement={implement}
              />
            ))}
          </div>
        )}
        <DialogSection title="History">
          <OptimizationHistory campaignId={row.id} implement={implement} />
        </DialogSection>
      </div>
    </Modal>
  );
}
