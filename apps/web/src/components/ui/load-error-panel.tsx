import { TriangleAlert } from 'lucide-react';
import { Button } from './button';
import { Panel } from './panel';

export type LoadErrorProps = { message: string; retrying: boolean; onRetry: () => void };

/** A screen's load failure: what failed, the server's message, and a retry button. */
export function LoadErrorPanel({
  title,
  message,
  retrying,
  onRetry,
  retryLabel = 'Try again',
}: LoadErrorProps & { title: string; retryLabel?: string }) {
  return (
    <Panel className="border-red-200 text-center">
      <div role="alert">
        <TriangleAlert aria-hidden="true" className="mx-auto size-8 text-red-500" />
        <h2 className="mt-2 text-lg font-semibold text-slate-900">{title}</h2>
        <p className="mt-1 break-words text-sm text-slate-600">{message}</p>
      </div>
      <Button className="mt-4" busy={retrying} onClick={onRetry}>
        {retryLabel}
      </Button>
    </Panel>
  );
}
