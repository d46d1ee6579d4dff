import type { LiveSession } from '@ri/contracts';
import { useMediaQuery } from '../../../lib/use-media-query';
import { ActionsCell, DurationCell, ReadinessCell, SourceDeviceCell, UserProfileCell } from './session-cells';
import { SignalChips } from './signal-chips';

const COLUMNS = ['User & Profile', 'Readiness Score', 'Key Signals', 'Source & Device', 'Duration', 'Actions'];

/** Six columns need a laptop's width; below it each session becomes a card. */
const TABLE_QUERY = '(min-width: 1024px)';

type Props = { sessions: LiveSession[]; onDetails: (session: LiveSession) => void };

function SessionCards({ sessions, onDetails }: Props) {
  return (
    <ul aria-label="Live Sessions" className="divide-y divide-slate-100">
      {sessions.map((session) => (
        <li key={session.session_id} className="space-y-3 py-4">
          <div className="flex items-start justify-between gap-3">
            <UserProfileCell session={session} />
            <ReadinessCell session={session} />
          </div>
          <SignalChips signals={session.behavioral_signals} />
          <div className="flex items-start justify-between gap-3">
            <SourceDeviceCell session={session} />
            <DurationCell session={session} />
          </div>
          <ActionsCell session={session} onDetails={() => onDetails(session)} />
        </li>
      ))}
    </ul>
  );
}

/** Live Sessions: a table on wide screens, stacked cards on a phone or tablet. */
export function LiveSessionsTable({ sessions, onDetails }: Props) {
  const isWide = useMediaQuery(TABLE_QUERY);
  if (!isWide) return <SessionCards sessions={sessions} onDetails={onDetails} />;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Live Sessions</caption>
        <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {sessions.map((session) => (
            <tr key={session.session_id} className="align-top hover:bg-slate-50">
              <td className="px-3 py-3">
                <UserProfileCell session={session} />
              </td>
              <td className="px-3 py-3">
                <ReadinessCell session={session} />
              </td>
              <td className="px-3 py-3">
                <SignalChips signals={session.behavioral_signals} />
              </td>
              <td className="px-3 py-3">
                <SourceDeviceCell session={session} />
              </td>
              <td className="px-3 py-3">
                <DurationCell session={session} />
              </td>
              <td className="px-3 py-3">
                <ActionsCell session={session} onDetails={() => onDetails(session)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
