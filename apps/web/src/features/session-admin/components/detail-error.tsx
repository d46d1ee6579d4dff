import { TriangleAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { Panel } from '../../../components/ui/panel';

type Props = { message: string; retrying: boolean; onRetry: () => void };

export function DetailError({ message, retrying, onRetry }: Props) {
  return (
    <Panel className="mx-auto max-w-lg border-red-200 text-center">
      <div role="alert">
        <TriangleAlert aria-hidden="true" className="mx-auto size-8 text-red-500" />
        <h1 className="mt-2 text-xl font-semibold text-slate-900">Error Loading Session</h1>
        <p className="mt-1 text-sm text-slate-600">{message}</p>
      </div>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/admin" variant="secondary">
          Back to sessions
        </ButtonLink>
        <Button busy={retrying} onClick={onRetry}>
          Try again
        </Button>
      </div>
    </Panel>
  );
}
