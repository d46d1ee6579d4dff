import type { LiveSession } from '@ri/contracts';
import { Zap } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useCreateEngagementAction } from '../hooks/use-engagement-actions';
import { ActionStatusBadge } from './action-status';

export const ENGAGE_FAILED = 'Failed to engage user. Please try again.';

/**
 * Records an Engage action for a high-intent session on the server. While it runs the button reads
 * 'Engaging...'; then the recorded status replaces it, with the server's reason (for now, that on-site
 * delivery is not set up).
 */
export function EngageButton({ session }: { session: LiveSession }) {
  const engage = useCreateEngagementAction();
  const action = engage.data;
  if (action) return <ActionStatusBadge action={action} compact />;

  const submit = () =>
    engage.mutate({
      kind: 'engage',
      session_id: session.session_id,
      title: `Engage ${session.neuromind_profile ?? 'high-intent'} visitor at readiness ${session.readiness_score?.toFixed(1)}`,
      action_items: [],
    });

  return (
    <div className="space-y-1">
      <Button className="px-3 py-1.5" busy={engage.isPending} onClick={submit}>
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
