import { type ObservedPage, PAGE_TYPES_WINDOW_DAYS } from '@ri/contracts';
import { FileSearch } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { type DataColumn, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { FieldGrid } from '../../../components/ui/field-grid';
import { formatCount, formatShare } from '../../../lib/format';
import { PAGE_TYPE_LABELS } from '../lib/page-type-labels';

const TABLE_QUERY = '(min-width: 768px)';
const CAPTION = `Pages viewed in the last ${PAGE_TYPES_WINDOW_DAYS} days`;

/** What the row's action does: open the rule that applies, or start one for the page's path. */
export type RuleAction = { label: 'Edit rule' | 'Add rule'; run: () => void };

type ActionFor = ((page: ObservedPage) => RuleAction) | null;
type Props = { pages: ObservedPage[]; actionFor: ActionFor };

function RuleBadge({ rule }: { rule: string | null }) {
  if (rule === null) return null;
  return (
    <span className="inline-flex max-w-full items-center rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium break-all text-indigo-700 ring-1 ring-indigo-200">
      Rule: {rule}
    </span>
  );
}

function InferredType({ page }: { page: ObservedPage }) {
  const confidence = page.inferred_confidence;
  return (
    <span className="flex flex-wrap items-baseline gap-1.5">
      {PAGE_TYPE_LABELS[page.inferred_type]}
      {confidence === undefined ? null : (
        <span className="text-xs text-slate-500 tabular-nums">{formatShare(confidence)} sure</span>
      )}
    </span>
  );
}

function EffectiveType({ page }: { page: ObservedPage }) {
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <span className={page.effective_type === page.inferred_type ? '' : 'font-semibold text-slate-900'}>
        {PAGE_TYPE_LABELS[page.effective_type]}
      </span>
      <RuleBadge rule={page.rule} />
    </span>
  );
}

function RowAction({ page, actionFor }: { page: ObservedPage; actionFor: ActionFor }) {
  if (!actionFor) return null;
  const action = actionFor(page);
  return (
    <Button
      variant="secondary"
      className="px-3 py-1"
      aria-label={`${action.label} for ${page.path}`}
      onClick={action.run}
    >
      {action.label}
    </Button>
  );
}

function columnsFor(actionFor: ActionFor): DataColumn<ObservedPage>[] {
  const columns: DataColumn<ObservedPage>[] = [
    {
      header: 'Path',
      cell: (page) => page.path,
      className: 'max-w-xs font-mono text-xs break-all text-slate-900',
    },
    { header: 'Views', cell: (page) => formatCount(page.views), align: 'right', className: 'tabular-nums' },
    { header: 'Inferred type', cell: (page) => <InferredType page={page} /> },
    { header: 'Effective type', cell: (page) => <EffectiveType page={page} /> },
  ];
  // Without edit rights there is nothing to do with a row, so the column goes rather than stand empty.
  if (!actionFor) return columns;
  const action: DataColumn<ObservedPage> = {
    header: 'Rule',
    headerHidden: true,
    cell: (page) => <RowAction page={page} actionFor={actionFor} />,
    align: 'right',
  };
  return [...columns, action];
}

function PageCard({ page, actionFor }: { page: ObservedPage; actionFor: ActionFor }) {
  return (
    <>
      <p className="font-mono text-xs break-all text-slate-900">{page.path}</p>
      <FieldGrid
        fields={[
          { label: 'Views', value: formatCount(page.views), className: 'tabular-nums' },
          { label: 'Inferred', value: <InferredType page={page} /> },
          { label: 'Effective', value: <EffectiveType page={page} /> },
        ]}
      />
      <RowAction page={page} actionFor={actionFor} />
    </>
  );
}

/** The most viewed pages of the window: the type the engine infers, and the type the rules make it. */
export function ObservedPagesTable({ pages, actionFor }: Props) {
  if (pages.length === 0) {
    return (
      <EmptyState icon={FileSearch} title="No pages have been tracked yet" compact>
        Once the tracking script records page views, the pages of the last {PAGE_TYPES_WINDOW_DAYS} days appear here
        with the type each one gets. You can add rules before that.
      </EmptyState>
    );
  }
  return (
    <DataTable
      caption={CAPTION}
      columns={columnsFor(actionFor)}
      rows={pages}
      rowKey={(page) => page.path}
      cards={{
        tableQuery: TABLE_QUERY,
        className: 'space-y-2 py-3 text-sm',
        render: (page) => <PageCard page={page} actionFor={actionFor} />,
      }}
    />
  );
}
