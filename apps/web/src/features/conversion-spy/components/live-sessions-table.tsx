import type { LiveSession } from '@ri/contracts';
import { type DataColumn, DataTable } from '../../../components/ui/data-table';
import {
  ActionsCell,
  DurationCell,
  ReadinessCell,
  type RenderEngage,
  SourceDeviceCell,
  UserProfileCell,
} from './session-cells';
import { SignalChips } from './signal-chips';

/** Six columns need a laptop's width; below it each session becomes a card. */
const TABLE_QUERY = '(min-width: 1024px)';

type Props = {
  sessions: LiveSession[];
  onDetails: (session: LiveSession) => void;
  /** Called for high-intent sessions only. */
  renderEngage?: RenderEngage;
};

function columnsFor({ onDetails, renderEngage }: Omit<Props, 'sessions'>): DataColumn<LiveSession>[] {
  return [
    { header: 'User & Profile', cell: (session) => <UserProfileCell session={session} /> },
    { header: 'Readiness Score', cell: (session) => <ReadinessCell session={session} /> },
    { header: 'Key Signals', cell: (session) => <SignalChips signals={session.behavioral_signals} /> },
    { header: 'Source & Device', cell: (session) => <SourceDeviceCell session={session} /> },
    { header: 'Duration', cell: (session) => <DurationCell session={session} /> },
    {
      header: 'Actions',
      cell: (session) => (
        <ActionsCell session={session} onDetails={() => onDetails(session)} renderEngage={renderEngage} />
      ),
    },
  ];
}

function SessionCard({ session, onDetails, renderEngage }: Omit<Props, 'sessions'> & { session: LiveSession }) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <UserProfileCell session={session} />
        <ReadinessCell session={session} />
      </div>
      <SignalChips signals={session.behavioral_signals} />
      <div className="flex items-start justify-between gap-3">
        <SourceDeviceCell session={session} />
        <DurationCell session={session} />
      </div>
      <ActionsCell session={session} onDetails={() => onDetails(session)} renderEngage={renderEngage} />
    </>
  );
}

/** Live Sessions: a table on wide screens, stacked cards on a phone or tablet. */
export function LiveSessionsTable({ sessions, onDetails, renderEngage }: Props) {
  return (
    <DataTable
      caption="Live Sessions"
      columns={columnsFor({ onDetails, renderEngage })}
      rows={sessions}
      rowKey={(session) => session.session_id}
      density="roomy"
      alignTop
      cards={{
        tableQuery: TABLE_QUERY,
        className: 'space-y-3 py-4',
        render: (session) => <SessionCard session={session} onDetails={onDetails} renderEngage={renderEngage} />,
      }}
    />
  );
}
