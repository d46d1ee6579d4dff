import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { formatCount } from '../../../lib/format';
import { GENERATION_FAILED, type GenerationState, REFRESH_FAILED } from '../hooks/use-profile-generation';
import { distributionLines, generationCountsText } from '../lib/generation-text';

function Dismiss({ onDismiss }: { onDismiss: () => void }) {
  return (
    <Button variant="link" className="mt-1 text-xs" onClick={onDismiss}>
      Dismiss
    </Button>
  );
}

/**
 * What Refresh Segments says, in the page's alert region rather than a browser alert: started with its
 * progress, completed with the counts and the distribution, already current, or failed with the error.
 */
export function GenerationAlert({ state, onDismiss }: { state: GenerationState; onDismiss: () => void }) {
  switch (state.kind) {
    case 'idle':
      return null;
    case 'starting':
      return <Alert tone="info">Starting profile generation...</Alert>;
    case 'running': {
      const progress = state.task?.progress;
      return (
        <Alert tone="info">
          <p className="font-medium">Profile generation started</p>
          <p>
            {state.message} Building profiles for {formatCount(state.totalContacts)} contacts; this takes about 2-5
            minutes.
          </p>
          {progress && (
            <div className="mt-2">
              <div
                role="progressbar"
                aria-label="Profile generation"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(progress.percentage)}
                className="h-1.5 w-full max-w-sm overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full bg-indigo-500" style={{ width: `${Math.min(100, progress.percentage)}%` }} />
              </div>
              <p className="mt-1 text-xs">
                {Math.round(progress.percentage)}% · {progress.current_step}
              </p>
            </div>
          )}
        </Alert>
      );
    }
    case 'completed':
      return (
        <Alert tone="success">
          <p className="font-medium">Profile generation completed</p>
          {state.result && (
            <>
              <p>{generationCountsText(state.result)}</p>
              <ul aria-label="Profile distribution" className="mt-1 text-xs">
                {distributionLines(state.result.profile_distribution).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          )}
          <Dismiss onDismiss={onDismiss} />
        </Alert>
      );
    case 'already-exist':
      return (
        <Alert tone="info">
          <p>{state.message}</p>
          <Dismiss onDismiss={onDismiss} />
        </Alert>
      );
    case 'generation-failed':
    case 'refresh-failed':
      return (
        <Alert tone="error">
          <p className="font-medium">{state.kind === 'generation-failed' ? GENERATION_FAILED : REFRESH_FAILED}</p>
          <p>{state.error}</p>
          <Dismiss onDismiss={onDismiss} />
        </Alert>
      );
  }
}
