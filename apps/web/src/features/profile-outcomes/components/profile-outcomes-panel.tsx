import type { ProfileOutcomesResponse } from '@ri/contracts';
import { ChevronDown, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Panel } from '../../../components/ui/panel';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-error';
import { formatCount } from '../../../lib/format';
import { useNeuromindOutcomes } from '../hooks/use-neuromind-outcomes';
import { ProfileOutcomesTable } from './profile-outcomes-table';

export const OUTCOMES_HEADING = 'Do the profiles hold on this site?';

/** What each figure measures and assumes, in the server's words, behind a toggle. */
function MeasurementNotes({ data }: { data: ProfileOutcomesResponse }) {
  const [open, setOpen] = useState(false);
  const notesId = useId();
  return (
    <div>
      <Button
        variant="ghost"
        className="px-2 py-1 text-sm"
        aria-expanded={open}
        aria-controls={notesId}
        onClick={() => setOpen((o) => !o)}
      >
        How these figures are measured
        <ChevronDown aria-hidden="true" className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </Button>
      <ul id={notesId} hidden={!open} className="mt-2 list-disc space-y-1 pl-5 text-xs text-slate-600">
        <li>{data.notes.conversion}</li>
        <li>{data.notes.return_rate}</li>
        <li>{data.notes.matched_content}</li>
        <li>
          The test is Pearson's chi-square test of independence between profile and conversion, over the profiles with 5
          or more sessions. A difference shows the profiles tell buyers from browsers on this site, not that the labels
          describe the visitors' minds.
        </li>
      </ul>
    </div>
  );
}

function Outcomes({ data }: { data: ProfileOutcomesResponse }) {
  if (data.classified === 0) {
    return (
      <EmptyState icon={Users} title={`No classified sessions in the last ${data.days} days`} compact>
        {data.sessions > 0
          ? `${formatCount(data.sessions)} finished sessions, none with a profile yet. `
          : 'No finished sessions yet. '}
        Profiles are compared once visitors have been classified.
      </EmptyState>
    );
  }
  const tested = data.conversion_test.status === 'tested';
  return (
    <div className="space-y-4">
      <p
        className={`rounded-lg border px-3 py-2 text-sm ${tested ? 'border-indigo-200 bg-indigo-50 text-indigo-900' : 'border-slate-200 bg-slate-50 text-slate-700'}`}
      >
        {data.conversion_test.verdict}
      </p>
      <ProfileOutcomesTable profiles={data.profiles} />
      <MeasurementNotes data={data} />
    </div>
  );
}

/** Whether the Neuromind profiles' sessions convert, return and read differently on this business's site. */
export function ProfileOutcomesPanel() {
  const { data, isPending, isError, error } = useNeuromindOutcomes();
  return (
    <Panel>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{OUTCOMES_HEADING}</h2>
        {data && data.sessions > 0 && (
          <p className="text-xs text-slate-500">
            {formatCount(data.classified)} of {formatCount(data.sessions)} finished sessions classified, last{' '}
            {data.days} days
            {data.conversion_source === 'verified' ? ' · verified sales' : ''}
          </p>
        )}
      </div>
      {isPending && <Spinner label="Loading profile outcomes..." />}
      {isError && <Alert tone="error">{getErrorMessage(error, 'Failed to load the profile outcomes')}</Alert>}
      {data && <Outcomes data={data} />}
    </Panel>
  );
}
