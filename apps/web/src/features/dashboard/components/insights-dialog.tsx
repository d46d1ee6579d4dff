import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { formatDateTime } from '../../../lib/format';
import type { InsightOutcome } from '../lib/insight-flow';
import { MissingData } from './missing-data';
import { RecommendationItem } from './recommendation-item';

type Props = {
  outcome: InsightOutcome;
  onClose: () => void;
  onRegenerate: () => void;
  regenerating: boolean;
};

/**
 * 'Strategic Insights & Recommendations' (spec 2.4): the recommendations the flow ended with, each in full. A
 * fallback to the saved list says why; Regenerate runs the rules again over the last 30 days.
 */
export function InsightsDialog({ outcome, onClose, onRegenerate, regenerating }: Props) {
  const list = outcome.kind === 'failed' ? null : outcome.list;
  const when = list?.generated_at ?? list?.last_generated;
  return (
    <Modal
      open
      size="lg"
      onOpenChange={(open) => !open && onClose()}
      title="Strategic Insights & Recommendations"
      description={
        when
          ? `Generated ${formatDateTime(when)} from your own data${list?.window ? ` (${list.window.from} to ${list.window.to})` : ''}; highest priority first.`
          : 'From your own data; highest priority first.'
      }
      footer={
        <>
          <Button variant="secondary" busy={regenerating} onClick={onRegenerate}>
            {regenerating ? 'Generating...' : 'Regenerate'}
          </Button>
          <Button onClick={onClose}>Done</Button>
        </>
      }
    >
      <div className="space-y-4">
        {outcome.kind === 'fallback' && (
          <Alert tone="error">
            <p>{outcome.alert}</p>
            <p>Showing the recommendations saved earlier.</p>
          </Alert>
        )}
        {(outcome.kind === 'none' || outcome.kind === 'failed') && (
          <Alert tone="error">
            <p>{outcome.alert}</p>
            {outcome.kind === 'none' && <MissingData list={outcome.list} />}
          </Alert>
        )}
        {list?.recommendations.map((r) => (
          <RecommendationItem key={r.id} recommendation={r} />
        ))}
      </div>
    </Modal>
  );
}
