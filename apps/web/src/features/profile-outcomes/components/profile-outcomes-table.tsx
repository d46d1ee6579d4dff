import type { ProfileOutcome } from '@ri/contracts';
import { ProfileBadge } from '../../../components/domain/profile-badge';
import { type DataColumn, DataTable } from '../../../components/ui/data-table';
import { formatCount, formatShare, NO_VALUE } from '../../../lib/format';
import { ConversionRange, rangeScaleOf } from './conversion-range';

const TABLE_QUERY = '(min-width: 768px)';

const share = (value: number | null) => (value === null ? NO_VALUE : formatShare(value));
const readiness = (value: number | null) => (value === null ? NO_VALUE : value.toFixed(1));

const columnsFor = (scale: number): DataColumn<ProfileOutcome>[] => [
  { header: 'Profile', cell: (o) => <ProfileBadge profile={o.profile} /> },
  { header: 'Sessions', cell: (o) => formatCount(o.sessions), align: 'right', className: 'tabular-nums' },
  { header: 'Conversion (95% interval)', cell: (o) => <ConversionRange outcome={o} scale={scale} /> },
  {
    header: 'Returned within 30 days',
    cell: (o) => share(o.return_rate),
    align: 'right',
    className: 'tabular-nums',
  },
  {
    header: 'Time on matched pages',
    cell: (o) => (
      <>
        <span className="tabular-nums">{share(o.matched_content_share)}</span>
        <span className="block text-xs text-slate-500">{o.matched_page_types.join(', ')}</span>
      </>
    ),
  },
  { header: 'Mean readiness', cell: (o) => readiness(o.mean_readiness), align: 'right', className: 'tabular-nums' },
];

/** One profile on a phone: its badge and sessions, then its figures as a list of terms. */
function OutcomeCard({ outcome, scale }: { outcome: ProfileOutcome; scale: number }) {
  const figures: [string, string][] = [
    ['Returned within 30 days', share(outcome.return_rate)],
    [`Time on ${outcome.matched_page_types.join(', ')} pages`, share(outcome.matched_content_share)],
    ['Mean readiness', readiness(outcome.mean_readiness)],
  ];
  return (
    <>
      <div className="flex items-center justify-between gap-3">
        <ProfileBadge profile={outcome.profile} />
        <span className="text-slate-600 tabular-nums">{formatCount(outcome.sessions)} sessions</span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-500">Conversion</dt>
        <dd>
          <ConversionRange outcome={outcome} scale={scale} />
        </dd>
        {figures.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-slate-500">{term}</dt>
            <dd className="text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** The seven profiles' outcomes: a table on wide screens, a card per profile on a phone. */
export function ProfileOutcomesTable({ profiles }: { profiles: readonly ProfileOutcome[] }) {
  const scale = rangeScaleOf(profiles);
  return (
    <DataTable
      caption="Outcomes by profile"
      columns={columnsFor(scale)}
      rows={profiles}
      rowKey={(o) => o.profile}
      highlightRows={false}
      cards={{
        tableQuery: TABLE_QUERY,
        className: 'space-y-2 py-3 text-sm',
        render: (o) => <OutcomeCard outcome={o} scale={scale} />,
      }}
    />
  );
}
