import { type Customer, customerName } from '@ri/contracts';
import { Lightbulb } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import type { Permission } from '../../../lib/can';
import { useEngagementRecommendations } from '../hooks/use-customers';
import { RecommendationCard } from './recommendation-card';

export const RECOMMENDATIONS_FAILED = 'Failed to generate engagement recommendations. Please try again.';

type Props = {
  customer: Pick<Customer, 'id' | 'name' | 'first_name' | 'last_name' | 'email'>;
  implement: Permission;
  onClose: () => void;
};

/** Engagement Recommendations: what to do for this customer, from their figures, and how it would reach them. */
export function EngagementDialog({ customer, implement, onClose }: Props) {
  const recs = useEngagementRecommendations(customer.id);
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title="Engagement Recommendations"
      description={customerName(customer)}
    >
      <div className="space-y-4">
        {recs.isPending && <Spinner label="Loading recommendations..." />}
        {recs.isError && (
          <div className="space-y-2">
            <Alert tone="error">{RECOMMENDATIONS_FAILED}</Alert>
            <Button variant="secondary" busy={recs.isFetching} onClick={() => void recs.refetch()}>
              Try again
            </Button>
          </div>
        )}
        {recs.data && (
          <>
            <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">{recs.data.delivery.detail}</p>
            {recs.data.recommendations.length === 0 ? (
              <EmptyState icon={Lightbulb} title="No recommendation for this customer" compact>
                None of the engagement rules holds for this customer's figures today: readiness of 80 or more would
                suggest a conversion push, and churn risk above 0.7 a retention campaign.
              </EmptyState>
            ) : (
              recs.data.recommendations.map((rec) => (
                <RecommendationCard
                  key={`${rec.type}-${rec.title}`}
                  customerId={customer.id}
                  recommendation={rec}
                  delivery={recs.data.delivery}
                  implement={implement}
                />
              ))
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
