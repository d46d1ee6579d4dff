import type { SavedSegment } from '@ri/contracts';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import type { Permission } from '../../../lib/can';
import { formatCount, NO_VALUE } from '../../../lib/format';
import { useDeleteSegment, useUpdateSegment } from '../hooks/use-customer-mutations';
import { useSegmentForm } from '../hooks/use-segment-form';
import { formatMoney } from '../lib/customer-format';
import { describeRules, toFormValues } from '../lib/segment-rules';
import { SegmentRulesForm } from './segment-rules-form';

export const DELETE_SEGMENT_FAILED = 'Failed to delete the segment. Please try again.';

function EditSegmentDialog({ segment, onClose }: { segment: SavedSegment; onClose: () => void }) {
  const update = useUpdateSegment();
  const form = useSegmentForm(
    toFormValues(segment),
    (body) => update.mutateAsync({ id: segment.id, body }),
    segment.rules,
  );
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} size="lg" title={`Edit ${segment.name}`}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={async (event) => {
          event.preventDefault();
          if (await form.submit()) onClose();
        }}
      >
        <SegmentRulesForm values={form.values} onChange={form.setValues} errors={form.errors} />
        {form.failure && <Alert tone="error">{form.failure}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={form.saving}>
            Save changes
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function DeleteSegmentDialog({ segment, onClose }: { segment: SavedSegment; onClose: () => void }) {
  const remove = useDeleteSegment();
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Delete segment"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button busy={remove.isPending} onClick={() => remove.mutate(segment.id, { onSuccess: onClose })}>
            Delete
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">Delete “{segment.name}”? Its customers stay; only the saved rules go.</p>
      {remove.isError && (
        <div className="mt-3">
          <Alert tone="error">{DELETE_SEGMENT_FAILED}</Alert>
        </div>
      )}
    </Modal>
  );
}

type Props = {
  saved: readonly SavedSegment[];
  currency: string | null;
  manage: Permission;
  onShow: (segmentId: string) => void;
};

/** The saved segments with their rules and figures now: Show customers filters the table; Edit and Delete. */
export function SavedSegments({ saved, currency, manage, onShow }: Props) {
  const [editing, setEditing] = useState<SavedSegment | null>(null);
  const [deleting, setDeleting] = useState<SavedSegment | null>(null);
  return (
    <div>
      <h3 className="text-base font-semibold text-slate-900">Saved segments</h3>
      {saved.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">
          No saved segment yet. Create Segment saves a suggestion or your own rules, to list their customers here.
        </p>
      ) : (
        <ul aria-label="Saved segments" className="mt-2 divide-y divide-slate-100">
          {saved.map((segment) => (
            <li key={segment.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
              <div className="min-w-0 flex-[1_1_16rem]">
                <p className="font-medium text-slate-900">
                  {segment.name}{' '}
                  <span className="font-normal text-slate-600">· {formatCount(segment.user_count)} customers</span>
                </p>
                {segment.description && <p className="text-sm text-slate-600">{segment.description}</p>}
                <p className="text-xs text-slate-500">{describeRules(segment.rules).join(' · ')}</p>
                <p className="text-xs text-slate-500">
                  Avg readiness {segment.avg_readiness_score?.toFixed(1) ?? NO_VALUE} · Avg LTV{' '}
                  {segment.avg_lifetime_value === null ? NO_VALUE : formatMoney(segment.avg_lifetime_value, currency)}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  className="px-3 py-1"
                  aria-label={`Show customers of ${segment.name}`}
                  onClick={() => onShow(segment.id)}
                >
                  Show customers
                </Button>
                {manage.allowed && (
                  <>
                    <Button
                      variant="ghost"
                      className="px-3 py-1"
                      aria-label={`Edit ${segment.name}`}
                      onClick={() => setEditing(segment)}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      className="px-3 py-1"
                      aria-label={`Delete ${segment.name}`}
                      onClick={() => setDeleting(segment)}
                    >
                      Delete
                    </Button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && <EditSegmentDialog segment={editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteSegmentDialog segment={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}
