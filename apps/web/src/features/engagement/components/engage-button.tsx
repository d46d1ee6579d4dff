import type { EngagementAction, LiveSession } from '@ri/contracts';
import { Zap } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useCreateEngagementAction, useEngagementActions } from '../hooks/use-engagement-actions';
import { ActionStatusBadge } from './action-status';

export const ENGAGE_FAILED = 'Failed to engage user. Please try again.';

/** Statuses after which engaging the visitor again makes no sense; a failed or cancelled one may be retried. */
const isSettled = (action: EngagementAction) => action.status === 'recorded' || action.status === 'delivered';

/**
 * Records an Engage action for a high-intent session on the server. While it runs the button reads
 * 'Engaging...'; then the recorded status replaces it, with the server's reason (for now, that on-site
 * delivery is not set up). An action recorded earlier (before a reload) shows the same way; the button
 * waits, disabled, until the session's actions are read, so it is never offered twice by mistake.
 */
export function EngageButton({ session }: { session: LiveSession }) {
  const engage = useCreateEngagementAction();
  const recorded = useEngagementActions({ session_id: session.session_id });
  // The server lists the newest first.
  const action = engage.data ?? recorded.data?.actions.find((a) => a.kind === 'engage');
  if (action && isSettled(action)) return <ActionStatusBadge action={action} compact />;

  const submit = () =>
    engage.mutate({
      kind: 'engage',
      session_id: session.session_id,
      title: `Engage ${session.neuromind_profile ?? 'high-intent'} visitor at readiness ${session.readiness_score?.toFixed(1)}`,
      action_items: [],
    });

  return (
    <div className="space-y-1">
      {action && <ActionStatusBadge action={action} compact />}
      <Button className="px-3 py-1.5" busy={engage.isPending} disabled={recorded.isPending} onClick={submit}>
        {!engage.isPending && <Zap aria-hidden="true" className="size-4" />}
        {engage.isPending ? 'Engaging...' : 'Engage'}
      </Button>
      {engage.isError && (
        <p role="alert" className="max-w-48 text-xs text-red-700">
          {ENGAGE_FAILED}
        </p>
      )}
    </div>
  );
}
