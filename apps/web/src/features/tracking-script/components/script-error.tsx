import { TriangleAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/panel';

type Props = { message: string; retrying: boolean; onRetry: () => void };

/** The load failure, worded as the spec gives it, with the server's own message underneath. */
export function ScriptError({ message, retrying, onRetry }: Props) {
  return (
    <Panel className="border-red-200">
      <div role="alert" className="flex gap-3">
        <TriangleAlert aria-hidden="true" className="size-6 shrink-0 text-red-500" />
        <div className="min-w-0 space-y-2 text-sm text-slate-700">
          <h2 className="text-lg font-semibold text-slate-900">Tracking Script Error</h2>
          <p className="font-medium text-red-700">Failed to generate tracking script</p>
          <p className="break-words text-slate-500">{message}</p>
          <p>This usually means one of:</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>your sign-in has expired (sign in again);</li>
            <li>the tracking endpoint cannot be reached from your network;</li>
            <li>the backend service is unavailable for a moment.</li>
          </ul>
        </div>
      </div>
      <div className="mt-4">
        <Button busy={retrying} onClick={onRetry}>
          Try Again
        </Button>
      </div>
    </Panel>
  );
}
