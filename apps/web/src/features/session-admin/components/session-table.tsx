import type { SessionListItem } from '@ri/contracts';
import { type DataColumn, DataTable } from '../../../components/ui/data-table';
import { FieldGrid } from '../../../components/ui/field-grid';
import { DeviceText, durationText, PageText, SessionActions, SessionIdText } from './session-cells';
import { SessionStatusBadge } from './session-status-badge';
import { SuspectBadge } from './suspect-badge';

/** Wide enough for the seven columns; below it each session becomes a card. */
const TABLE_QUERY = '(min-width: 768px)';

const COLUMNS: DataColumn<SessionListItem>[] = [
  { header: 'Session', cell: (session) => <SessionIdText session={session} /> },
  { header: 'Page', cell: (session) => <PageText session={session} /> },
  { header: 'Device', cell: (session) => <DeviceText session={session} /> },
  { header: 'Duration', cell: durationText, className: 'whitespace-nowrap tabular-nums' },
  { header: 'Events', cell: (session) => session.events_count, className: 'tabular-nums' },
  {
    header: 'Status',
    cell: (session) => (
      <span className="flex flex-wrap gap-1">
        <SessionStatusBadge isActive={session.is_active} />
        <SuspectBadge reason={session.suspect} />
      </span>
    ),
  },
  { header: 'Actions', cell: (session) => <SessionActions session={session} />, className: 'whitespace-nowrap' },
];

function SessionCard({ session }: { session: SessionListItem }) {
  return (
    <>
      <div className="flex items-center justify-between gap-2">
        <SessionIdText session={session} />
        <span className="flex flex-wrap gap-1">
          <SessionStatusBadge isActive={session.is_active} />
          <SuspectBadge reason={session.suspect} />
        </span>
      </div>
      <PageText session={session} />
      <FieldGrid
        fields={[
          { label: 'Device', value: <DeviceText session={session} /> },
          { label: 'Duration', value: durationText(session), className: 'text-slate-900' },
          { label: 'Events', value: session.events_count, className: 'text-slate-900' },
        ]}
      />
      <SessionActions session={session} />
    </>
  );
}

/** Session History: a table on wider screens, stacked cards on a phone. */
export function SessionTable({ sessions }: { sessions: SessionListItem[] }) {
  return (
    <DataTable
      caption="Session History"
      columns={COLUMNS}
      rows={sessions}
      rowKey={(session) => session.id}
      alignTop
      cards={{
        tableQuery: TABLE_QUERY,
        className: 'space-y-2 py-3 text-sm',
        render: (session) => <SessionCard session={session} />,
      }}
    />
  );
}
