import { type ObservedPage, PAGE_TYPES_WINDOW_DAYS } from '@ri/contracts';
import { FileSearch } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { formatCount } from '../../../lib/format';
import { useMediaQuery } from '../../../lib/use-media-query';
import { PAGE_TYPE_LABELS } from '../lib/page-type-labels';

const TABLE_QUERY = '(min-width: 768px)';
const CAPTION = `Pages viewed in the last ${PAGE_TYPES_WINDOW_DAYS} days`;

/** What the row's action does: open the rule that applies, or start one for the page's path. */
export type RuleAction = { label: 'Edit rule' | 'Add rule'; run: () => void };

type Props = { pages: ObservedPage[]; actionFor: ((page: ObservedPage) => RuleAction) | null };

function RuleBadge({ rule }: { rule: string | null }) {
  if (rule === null) return null;
  return (
    <span className="inline-flex max-w-full items-center rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium break-all text-indigo-700 ring-1 ring-indigo-200">
      Rule: {rule}
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

function RowAction({ page, actionFor }: { page: ObservedPage; actionFor: Props['actionFor'] }) {
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

/** The most viewed pages of the window: the type the engine infers, and the type the rules make it. */
export function ObservedPagesTable({ pages, actionFor }: Props) {
  const isWide = useMediaQuery(TABLE_QUERY);
  if (pages.length === 0) {
    return (
      <div className="py-6 text-center">
        <FileSearch aria-hidden="true" className="mx-auto size-8 text-slate-400" />
        <h3 className="mt-2 text-base font-semibold text-slate-900">No pages have been tracked yet</h3>
        <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
          Once the tracking script records page views, the pages of the last {PAGE_TYPES_WINDOW_DAYS} days appear here
          with the type each one gets. You can add rules before that.
        </p>
      </div>
    );
  }
  if (!isWide) {
    return (
      <ul aria-label={CAPTION} className="divide-y divide-slate-100">
        {pages.map((page) => (
          <li key={page.path} className="space-y-2 py-3 text-sm">
            <p className="font-mono text-xs break-all text-slate-900">{page.path}</p>
            <dl className="grid grid-cols-3 gap-2 text-xs">
              <div>
                <dt className="text-slate-500">Views</dt>
                <dd className="tabular-nums">{formatCount(page.views)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Inferred</dt>
                <dd>{PAGE_TYPE_LABELS[page.inferred_type]}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Effective</dt>
                <dd>
                  <EffectiveType page={page} />
                </dd>
              </div>
            </dl>
            <RowAction page={page} actionFor={actionFor} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{CAPTION}</caption>
        <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Path
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Views
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Inferred type
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Effective type
            </th>
            {actionFor && (
              <th scope="col" className="px-3 py-2 font-medium">
                <span className="sr-only">Rule</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {pages.map((page) => (
            <tr key={page.path} className="hover:bg-slate-50">
              <td className="max-w-xs px-3 py-2 font-mono text-xs break-all text-slate-900">{page.path}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatCount(page.views)}</td>
              <td className="px-3 py-2">{PAGE_TYPE_LABELS[page.inferred_type]}</td>
              <td className="px-3 py-2">
                <EffectiveType page={page} />
              </td>
              {actionFor && (
                <td className="px-3 py-2 text-right">
                  <RowAction page={page} actionFor={actionFor} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
