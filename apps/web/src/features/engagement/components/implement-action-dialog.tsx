import type { BehavioralInsight } from '@ri/contracts';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { FieldLabel, inputClass } from '../../../components/ui/text-field';
import { formatDateTime } from '../../../lib/format';
import { useCreateEngagementAction, useEngagementActions } from '../hooks/use-engagement-actions';
import { ActionStatusBadge, actionStatusText } from './action-status';

export const IMPLEMENT_FAILED = 'Failed to implement action. Please try again.';

function PreviousActions({ insightId }: { insightId: string }) {
  const { data } = useEngagementActions({ insight_id: insightId });
  if (!data || data.actions.length === 0) return null;
  return (
    <section className="mt-4">
      <h3 className="text-sm font-medium text-slate-700">Recorded before</h3>
      <ul className="mt-1 space-y-1 text-xs text-slate-600">
        {data.actions.map((action) => (
          <li key={action.id}>
            {formatDateTime(action.created_at)}: {actionStatusText(action.status)}
            {action.note && ` (${action.note})`}
          </li>
        ))}
      </ul>
    </section>
  );
}

type Props = { insight: BehavioralInsight; onClose: () => void };

/**
 * Implement Action: the insight's action items, an optional note, and a confirming button that records
 * the action on the server; the recorded status and its reason then show in place of the form.
 */
export function ImplementActionDialog({ insight, onClose }: Props) {
  const noteId = useId();
  const [note, setNote] = useState('');
  const create = useCreateEngagementAction();

  const submit = () =>
    create.mutate({
      kind: 'take_action',
      insight_id: insight.id,
      title: insight.title,
      action_items: insight.action_items,
      note: note.trim() || undefined,
    });

  const footer = create.data ? (
    <Button onClick={onClose}>Done</Button>
  ) : (
    <>
      <Button variant="secondary" onClick={onClose}>
        Cancel
      </Button>
      <Button busy={create.isPending} onClick={submit}>
        {create.isPending ? 'Implementing...' : 'Implement Action'}
      </Button>
    </>
  );

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Implement Action"
      description={insight.title}
      footer={footer}
    >
      <h3 className="text-sm font-medium text-slate-700">Action items</h3>
      {insight.action_items.length > 0 ? (
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-800">
          {insight.action_items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      ) : (
        <p className="mt-1 text-sm text-slate-500">This insight lists no specific steps.</p>
      )}
      <div className="mt-4">
        {create.data ? (
          <ActionStatusBadge action={create.data} />
        ) : (
          <>
            <FieldLabel htmlFor={noteId} label="Note (optional)" />
            <textarea
              id={noteId}
              value={note}
              maxLength={2000}
              rows={2}
              onChange={(event) => setNote(event.target.value)}
              placeholder="Who does it, by when"
              className={inputClass}
            />
          </>
        )}
      </div>
      {create.isError && (
        <div className="mt-3">
          <Alert tone="error">{IMPLEMENT_FAILED}</Alert>
        </div>
      )}
      <PreviousActions insightId={insight.id} />
    </Modal>
  );
}
