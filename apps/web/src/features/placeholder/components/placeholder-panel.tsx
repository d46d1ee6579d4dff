import { Construction } from 'lucide-react';
import { Panel } from '../../../components/ui/panel';

/** The honest 'not built yet' box: what the screen will show, never a number that is not real. */
export function PlaceholderPanel({ about }: { about: string }) {
  return (
    <Panel className="flex gap-4">
      <Construction aria-hidden="true" className="size-6 shrink-0 text-indigo-500" />
      <div className="space-y-1 text-sm text-slate-700">
        <p className="font-medium text-slate-900">This screen is not built yet.</p>
        <p>{about}</p>
      </div>
    </Panel>
  );
}
