import type { ReadinessModel } from '@ri/contracts';
import { ChevronDown, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadErrorPanel } from '../../../components/ui/load-error-panel';
import { Panel } from '../../../components/ui/panel';
import { ApiError, getErrorMessage } from '../../../lib/api-error';
import { useBusinessId } from '../../../lib/business-id';
import type { Permission } from '../../../lib/can';
import { useReadinessModel, useRefitReadinessModel } from '../hooks/use-readiness-model';
import { modelHeadline, ReadinessModelFigures } from './readiness-model-figures';

export const MODEL_LOAD_FAILED = 'Failed to load the readiness model';
export const REFIT_FAILED = 'The refit could not be started.';
export const REFIT_NO_RESULT =
  'The refit ended without a new result, so the model in use is unchanged. Please try again later.';

function ReadinessModelSkeleton() {
  return (
    <Panel>
      <div role="status" aria-busy="true">
        <span className="sr-only">Loading the readiness model...</span>
        <div aria-hidden="true" className="animate-pulse space-y-2 motion-reduce:animate-none">
          <div className="h-4 w-36 rounded bg-slate-200" />
          <div className="h-3 w-80 max-w-full rounded bg-slate-100" />
        </div>
      </div>
    </Panel>
  );
}

/** A refused refit says the server's words; any other failure says so and offers to try again. */
function RefitError({ error, retrying, onRetry }: { error: Error; retrying: boolean; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 403) return <Alert tone="error">{error.message}</Alert>;
  return (
    <Alert tone="error">
      <p>
        {REFIT_FAILED} {getErrorMessage(error, '')}
      </p>
      <Button variant="link" className="mt-1" busy={retrying} onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}

function ModelCard({ model, permission }: { model: ReadinessModel; permission: Permission }) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const refit = useRefitReadinessModel();
  const isRefitting = model.refitting || refit.isPending;
  // A finished refit always stores a new fitting time; the same one as when it started means it failed.
  const started = refit.data;
  const endedWithoutResult = started?.refitting === true && !model.refitting && model.fitted_at === started.fitted_at;
  const startRefit = () => refit.mutate();

  return (
    <Panel>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900">Readiness model</h2>
          <p aria-live="polite" className="text-sm text-slate-600">
            {modelHeadline(model)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {permission.allowed && (
            <Button variant="secondary" className="px-3 py-1.5" busy={isRefitting} onClick={startRefit}>
              {!isRefitting && <RefreshCw aria-hidden="true" className="size-4" />}
              {isRefitting ? 'Refitting…' : 'Refit now'}
            </Button>
          )}
          <Button
            variant="ghost"
            className="px-3 py-1.5"
            aria-expanded={expanded}
            aria-controls={detailsId}
            onClick={() => setExpanded((open) => !open)}
          >
            Model details
            <ChevronDown
              aria-hidden="true"
              className={`size-4 transition-transform motion-reduce:transition-none ${expanded ? 'rotate-180' : ''}`}
            />
          </Button>
        </div>
      </div>
      {refit.isError && (
        <div className="mt-3">
          <RefitError error={refit.error} retrying={refit.isPending} onRetry={startRefit} />
        </div>
      )}
      {endedWithoutResult && (
        <div className="mt-3">
          <Alert tone="error">{REFIT_NO_RESULT}</Alert>
        </div>
      )}
      <div id={detailsId} hidden={!expanded} className="mt-3 border-t border-slate-100 pt-3">
        <ReadinessModelFigures model={model} />
        {permission.reason && <p className="mt-3 text-xs text-slate-500">{permission.reason}</p>}
      </div>
    </Panel>
  );
}

/**
 * Which model scores the live sessions (the UCI prior or the business's own) and why, with the figures
 * behind it, collapsed to one line so the sessions stay near the top; a refit on demand for writers.
 */
export function ReadinessModelPanel({ refit }: { refit: Permission }) {
  const model = useReadinessModel();
  const businessId = useBusinessId();
  if (model.isPending) return <ReadinessModelSkeleton />;
  if (!model.data) {
    return (
      <LoadErrorPanel
        title="Unable to load the readiness model"
        message={getErrorMessage(model.error, MODEL_LOAD_FAILED)}
        retrying={model.isFetching}
        onRetry={() => void model.refetch()}
      />
    );
  }
  return (
    <div className="space-y-2">
      {model.isError && (
        <Alert tone="error">
          Could not refresh the readiness model: {getErrorMessage(model.error, MODEL_LOAD_FAILED)}
        </Alert>
      )}
      {/* Keyed by business: a refit started for one must not be judged by another's state. */}
      <ModelCard key={businessId ?? 'own'} model={model.data} permission={refit} />
    </div>
  );
}
