import type { CustomerInsight } from '@ri/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import type { Permission } from '../../../lib/can';
import { formatCount } from '../../../lib/format';
import type { AppliedFilter } from '../hooks/use-customer-filters';
import { useCreateSegment } from '../hooks/use-customer-mutations';
import { CREATE_SEGMENTS_FAILED } from '../hooks/use-segment-form';
import { describeRules, listFilterOf } from '../lib/segment-rules';

type Props = {
  insight: CustomerInsight;
  manage: Permission;
  onFilter: (filter: AppliedFilter) => void;
  onClose: () => void;
};

/**
 * Take Action on an insight: its action items and evidence; when it comes with rules, show its customers in
 * the table (where the list's filters can express the rules) or save the rules as a segment and show those.
 */
export function InsightActionDialog({ insight, manage, onFilter, onClose }: Props) {
  const create = useCreateSegment();
  const direct = insight.rules ? listFilterOf(insight.rules) : null;
  const save = () => {
    if (!insight.rules) return;
    create.mutate(
      { name: insight.title.slice(0, 120), description: insight.description.slice(0, 1000), rules: insight.rules },
      { onSuccess: (segment) => onFilter({ segment_id: segment.id }) },
    );
  };
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={insight.title}
      description={`${formatCount(insight.affected_users)} customers affected`}
      footer={
        insight.rules ? (
          <>
            {direct && (
              <Button variant="secondary" onClick={() => onFilter(direct)}>
                Show these customers
              </Button>
            )}
            {manage.allowed && (
              <Button busy={create.isPending} onClick={save}>
                {direct ? 'Save as segment' : 'Save as segment and show customers'}
              </Button>
            )}
          </>
        ) : undefined
      }
    >
      <div className="space-y-4 text-sm">
        <p className="text-slate-700">{insight.description}</p>
        {insight.action_items.length > 0 && (
          <div>
            <h3 className="font-semibold text-slate-900">What to do</h3>
            <ol className="mt-1 list-decimal space-y-1 pl-5 text-slate-700">
              {insight.action_items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ol>
          </div>
        )}
        {insight.evidence.length > 0 && (
          <div>
            <h3 className="font-semibold text-slate-900">Evidence</h3>
            <ul className="mt-1 space-y-0.5 text-slate-700 tabular-nums">
              {insight.evidence.map((e) => (
                <li key={e.metric}>
                  {e.metric}: {e.value.toLocaleString()} (from {formatCount(e.sample)} customers)
                </li>
              ))}
            </ul>
          </div>
        )}
        {insight.rules && (
          <div>
            <h3 className="font-semibold text-slate-900">Customers it covers</h3>
            <p className="text-slate-600">{describeRules(insight.rules).join(' · ')}</p>
            {!manage.allowed && !direct && <p className="mt-1 text-xs text-slate-500">{manage.reason}</p>}
          </div>
        )}
        {create.isError && <Alert tone="error">{CREATE_SEGMENTS_FAILED}</Alert>}
      </div>
    </Modal>
  );
}
