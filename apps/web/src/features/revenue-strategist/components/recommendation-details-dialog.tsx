import type { Recommendation } from '@ri/contracts';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { formatDateTime } from '../../../lib/format';
import { ruleCondition, ruleLabel } from '../lib/rule-labels';
import { CategoryBadge, PriorityBadge } from './badges';
import { EvidenceTable } from './evidence-table';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <div className="mt-1 text-sm text-slate-700">{children}</div>
    </section>
  );
}

const WORDING = {
  engine: 'Written by the engine from its rule and evidence.',
  model: 'Reworded by a language model, numbers checked: every number in the text is one of the evidence’s.',
} as const;

/** View Details: what a recommendation rests on: its evidence, how the lift was estimated, the rule, and who worded it. */
export function RecommendationDetailsDialog({ rec, onClose }: { rec: Recommendation; onClose: () => void }) {
  const condition = ruleCondition(rec.rule);
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={rec.title}
      description={
        <span className="flex flex-wrap gap-1.5">
          <PriorityBadge priority={rec.priority} />
          <CategoryBadge category={rec.category} />
        </span>
      }
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="space-y-4">
        <Part title="Evidence">
          <EvidenceTable evidence={rec.evidence} />
        </Part>
        <Part title="How the lift was estimated">
          <p>{rec.lift_method}</p>
        </Part>
        <Part title="Expected impact">
          <p>{rec.expected_impact}</p>
          <p className="mt-1">
            <span className="font-medium">Next step:</span> {rec.next_steps}
          </p>
        </Part>
        <Part title="Rule">
          <p>
            {ruleLabel(rec.rule)} <code className="rounded bg-slate-100 px-1 text-xs">{rec.rule}</code>
          </p>
          {condition && <p className="mt-1 text-slate-600">Fires when: {condition}</p>}
        </Part>
        <Part title="Wording">
          <p>{WORDING[rec.wording]}</p>
        </Part>
        <p className="text-xs text-slate-500">
          First found {formatDateTime(rec.first_generated_at)} · last generated {formatDateTime(rec.generated_at)}
        </p>
      </div>
    </Modal>
  );
}
