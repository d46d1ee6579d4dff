import type { RevenueSimulation, RevenueSimulations } from '@ri/contracts';
import { ChartNoAxesCombined, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { draftFrom, type SimulationDraft } from '../lib/simulation-form';
import { SimulationCard } from './simulation-card';
import { SimulationEditorDialog } from './simulation-editor-dialog';

/**
 * The Revenue Simulations tab: the scenarios the model proposes, each to run again with other figures, a
 * scenario of one's own, and the ones run on this visit. When the model cannot fit, the reason instead.
 */
export function SimulationsPanel({ data }: { data: RevenueSimulations }) {
  const [editing, setEditing] = useState<SimulationDraft | null>(null);
  const [ran, setRan] = useState<RevenueSimulation[]>([]);

  if (data.reason) {
    return (
      <EmptyState icon={ChartNoAxesCombined} title="No simulation yet" compact>
        {data.reason}
      </EmptyState>
    );
  }
  const open = (sim: RevenueSimulation) => setEditing(draftFrom(sim.scenario_name, sim.changes));

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="min-w-0 flex-[1_1_20rem] text-sm text-slate-600">
          Each scenario is projected by a Monte Carlo model fitted to your daily history; the interval holds the month's
          revenue in 8 of 10 simulated months.
        </p>
        <Button variant="secondary" onClick={() => setEditing(draftFrom('', null))}>
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          New simulation
        </Button>
      </div>
      {ran.length > 0 && (
        <section aria-labelledby="simulations-ran" className="space-y-3">
          <h3 id="simulations-ran" className="text-sm font-semibold text-slate-900">
            Simulations you ran
          </h3>
          {ran.map((sim) => (
            <SimulationCard key={sim.id} sim={sim} currency={data.currency} onRun={open} />
          ))}
        </section>
      )}
      {data.simulations.length === 0 ? (
        <p className="text-sm text-slate-600">The model proposes no scenario from your history; run one of your own.</p>
      ) : (
        <div className="grid gap-4 xl:grid-cols-2">
          {data.simulations.map((sim) => (
            <SimulationCard key={sim.id} sim={sim} currency={data.currency} onRun={open} />
          ))}
        </div>
      )}
      {editing && (
        <SimulationEditorDialog
          initial={editing}
          currency={data.currency}
          onResult={(sim) => setRan((list) => [sim, ...list.filter((s) => s.id !== sim.id)])}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
