import type { RevenueSimulation } from '@ri/contracts';
import { Play } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { formatInterval, simulationFigures } from '../lib/simulation-figures';
import { IntervalChart } from './interval-chart';

type Props = {
  sim: RevenueSimulation;
  currency: string | null;
  /** Opens the editor with this scenario's changes; absent on a result card. */
  onRun?: (sim: RevenueSimulation) => void;
};

/**
 * One scenario (spec 3 section 2.1): the projected month's 80 % interval, current against projected revenue,
 * conversion rate, order value and traffic with their changes (a dash and why when unknown), the changes
 * applied, the timeframe and what the model rests on.
 */
export function SimulationCard({ sim, currency, onRun }: Props) {
  const figures = simulationFigures(sim, currency);
  return (
    <article
      aria-label={sim.scenario_name}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{sim.scenario_name}</h3>
          <p className="text-sm text-slate-600">{sim.timeframe}</p>
        </div>
        <div className="text-right">
          <p className="text-xs text-slate-500">80% interval</p>
          <p className="font-semibold text-slate-900 tabular-nums">
            {formatInterval(sim.confidence_interval, currency)}
          </p>
        </div>
      </div>
      <IntervalChart
        currency={currency}
        current={{ ...sim.current_interval, median: sim.current_metrics.monthly_revenue }}
        projected={{ ...sim.confidence_interval, median: sim.projected_metrics.monthly_revenue }}
      />
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Current and projected figures of {sim.scenario_name}</caption>
          <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
            <tr>
              <th scope="col" className="py-1.5 pr-2 font-medium">
                Figure
              </th>
              <th scope="col" className="px-2 py-1.5 text-right font-medium">
                Current
              </th>
              <th scope="col" className="px-2 py-1.5 text-right font-medium">
                Projected
              </th>
              <th scope="col" className="py-1.5 pl-2 text-right font-medium">
                Change
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {figures.map((f) => (
              <tr key={f.key}>
                <th scope="row" className="py-1.5 pr-2 font-normal text-slate-700">
                  {f.label}
                  {f.missing && <span className="block text-xs text-slate-500">{f.missing}</span>}
                </th>
                <td className="px-2 py-1.5 text-right tabular-nums">{f.current}</td>
                <td className="px-2 py-1.5 text-right tabular-nums">{f.projected}</td>
                <td className="py-1.5 pl-2 text-right font-medium tabular-nums">{f.change}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {sim.changes_applied.length > 0 && (
        <div>
          <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Changes applied</h4>
          <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
            {sim.changes_applied.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="space-y-1 text-sm">
        <p className="text-slate-700">{sim.rationale}</p>
        <p className="text-xs text-slate-500">{sim.basis}</p>
      </div>
      {onRun && (
        <Button variant="secondary" onClick={() => onRun(sim)} aria-label={`Run This Simulation: ${sim.scenario_name}`}>
          <Play aria-hidden="true" className="size-4" />
          Run This Simulation
        </Button>
      )}
    </article>
  );
}
