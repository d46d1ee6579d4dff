import type { SessionListItem } from '@ri/contracts';
import { useMediaQuery } from '../../../lib/use-media-query';
import { DeviceText, durationText, PageText, SessionActions, SessionIdText } from './session-cells';
import { SessionStatusBadge } from './session-status-badge';

const COLUMNS = ['Session', 'Page', 'Device', 'Duration', 'Events', 'Status', 'Actions'];

/** Wide enough for the seven columns; below it each session becomes a card. */
const TABLE_QUERY = '(min-width: 768px)';

function SessionCards({ sessions }: { sessions: SessionListItem[] }) {
  return (
    <ul aria-label="Session History" className="divide-y divide-slate-100">
      {sessions.map((session) => (
        <li key={session.id} className="space-y-2 py-3 text-sm">
          <div className="flex items-center justify-between gap-2">
            <SessionIdText session={session} />
            <SessionStatusBadge isActive={session.is_active} />
          </div>
          <PageText session={session} />
          <dl className="grid grid-cols-3 gap-2 text-xs">
            <div>
              <dt className="text-slate-500">Device</dt>
              <dd>
                <DeviceText session={session} />
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Duration</dt>
              <dd className="text-slate-900">{durationText(session)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Events</dt>
              <dd className="text-slate-900">{session.events_count}</dd>
            </div>
          </dl>
          <SessionActions session={session} />
        </li>
      ))}
    </ul>
  );
}

/** Session History: a table on wider screens, stacked cards on a phone. */
export function SessionTable({ sessions }: { sessions: SessionListItem[] }) {
  const isWide = useMediaQuery(TABLE_QUERY);
  if (!isWide) return <SessionCards sessions={sessions} />;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Session History</caption>
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
            <tr key={session.id} className="align-top hover:bg-slate-50">
              <td className="px-3 py-2">
                <SessionIdText session={session} />
              </td>
              <td className="px-3 py-2">
                <PageText session={session} />
              </td>
              <td className="px-3 py-2">
                <DeviceText session={session} />
              </td>
              <td className="px-3 py-2 whitespace-nowrap tabular-nums">{durationText(session)}</td>
              <td className="px-3 py-2 tabular-nums">{session.events_count}</td>
              <td className="px-3 py-2">
                <SessionStatusBadge isActive={session.is_active} />
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                <SessionActions session={session} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
