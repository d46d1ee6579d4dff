import type { ReadinessModel } from '@ri/contracts';
import { useId } from 'react';
import { formatCount, formatDateTime } from '../../../lib/format';

export const PRIOR_HEADLINE = 'Scored by the prior (UCI Online Shoppers data set)';
export const BUSINESS_HEADLINE = "Scored by this business's own model";

/** In plain words, which model scores the live sessions now. */
export const modelHeadline = (model: ReadinessModel) =>
  model.status === 'active' ? BUSINESS_HEADLINE : PRIOR_HEADLINE;

const formatFigure = (value: number) => value.toFixed(3);

/** How far the history is from what a model of its own needs; past the threshold the bar stays full. */
function ThresholdProgress({ label, value, max }: { label: string; value: number; max: number }) {
  const labelId = useId();
  const share = max > 0 ? Math.min(value / max, 1) : 1;
  return (
    <div>
      <div className="flex justify-between gap-3 text-xs">
        <span id={labelId} className="text-slate-600">
          {label}
        </span>
        <span className="font-medium text-slate-900 tabular-nums">
          {formatCount(value)} / {formatCount(max)}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.min(value, max)}
        aria-valuetext={`${formatCount(value)} of ${formatCount(max)} needed`}
        className="mt-1 h-2 rounded-full bg-slate-100"
      >
        <span
          className={`block h-2 rounded-full ${share >= 1 ? 'bg-emerald-500' : 'bg-indigo-500'}`}
          style={{ width: `${share * 100}%` }}
        />
      </div>
    </div>
  );
}

type Metrics = NonNullable<ReadinessModel['metrics']>;

/** A figure with a bar on the [0, 1] scale, so the two AUCs can be compared at a glance. */
function AucCell({ auc }: { auc: number }) {
  return (
    <td className="px-2 py-1.5">
      <span className="block font-medium text-slate-900 tabular-nums">{formatFigure(auc)}</span>
      <span aria-hidden="true" className="mt-1 block h-1.5 w-full max-w-24 rounded-full bg-slate-100">
        <span className="block h-1.5 rounded-full bg-indigo-500" style={{ width: `${auc * 100}%` }} />
      </span>
    </td>
  );
}

/** The business model's cross-validated figures beside the prior's on the same sessions. */
function ModelComparison({ metrics }: { metrics: Metrics }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full max-w-lg text-left text-sm">
        <caption className="pb-1 text-left text-xs text-slate-500">
          Cross-validated over {formatCount(metrics.folds)} folds on this business's finished sessions
        </caption>
        <thead className="text-xs text-slate-500">
          <tr>
            <th scope="col" className="px-2 py-1 font-medium">
              Measure
            </th>
            <th scope="col" className="px-2 py-1 font-medium">
              This business's model
            </th>
            <th scope="col" className="px-2 py-1 font-medium">
              Prior (UCI)
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          <tr>
            <th scope="row" className="px-2 py-1.5 font-normal text-slate-700">
              ROC-AUC <span className="block text-xs text-slate-500">higher ranks buyers better</span>
            </th>
            <AucCell auc={metrics.business.auc} />
            <AucCell auc={metrics.prior.auc} />
          </tr>
          <tr>
            <th scope="row" className="px-2 py-1.5 font-normal text-slate-700">
              Brier score <span className="block text-xs text-slate-500">lower is better calibrated</span>
            </th>
            <td className="px-2 py-1.5 font-medium text-slate-900 tabular-nums">
              {formatFigure(metrics.business.brier)}
            </td>
            <td className="px-2 py-1.5 font-medium text-slate-900 tabular-nums">{formatFigure(metrics.prior.brier)}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** What the last refit read: when, from how many finished sessions and pages. */
function LastRefit({ model, fittedAt }: { model: ReadinessModel; fittedAt: string }) {
  const fitted = model.status === 'active' ? 'Fitted' : 'Last refit';
  return (
    <p className="text-xs text-slate-500">
      {fitted} {formatDateTime(fittedAt)} on {formatCount(model.sessions)} finished sessions (
      {formatCount(model.conversions)} converting), with statistics for {formatCount(model.pages)} pages.
    </p>
  );
}

/**
 * The figures behind the model in use, only those the server gave: progress towards the thresholds once
 * a refit has counted the history, and the cross-validated comparison once a model was fitted.
 */
export function ReadinessModelFigures({ model }: { model: ReadinessModel }) {
  const { fitted_at: fittedAt, metrics, thresholds } = model;
  const showsProgress = fittedAt !== null && (model.status === 'prior' || model.status === 'not_enough_data');
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{model.reason}</p>
      {showsProgress && (
        <div className="grid max-w-lg gap-3 sm:grid-cols-2">
          <ThresholdProgress label="Finished sessions" value={model.sessions} max={thresholds.min_sessions} />
          <ThresholdProgress label="Conversions" value={model.conversions} max={thresholds.min_conversions} />
        </div>
      )}
      {metrics && <ModelComparison metrics={metrics} />}
      {fittedAt !== null && <LastRefit model={model} fittedAt={fittedAt} />}
    </div>
  );
}
