import type { ReactNode } from 'react';
import { useMediaQuery } from '../../lib/use-media-query';

/** One column of a `DataTable`: its header, what a row shows in it, and how its cells are set. */
export type DataColumn<Row> = {
  /** The column's name, as sighted and screen-reader users get it; unique within the table. */
  header: string;
  /** Keeps the header for screen readers only, e.g. over a column of row actions. */
  headerHidden?: boolean;
  cell: (row: Row) => ReactNode;
  /** Figures and row actions sit on the right; everything else stays left. */
  align?: 'left' | 'right';
  /** Extra classes for this column's cells, e.g. 'whitespace-nowrap tabular-nums'. */
  className?: string;
};

/** Where rows become cards: below `tableQuery` each row is one `render(row)` item of a list. */
export type DataTableCards<Row> = {
  /** The media query from which the table shows, e.g. '(min-width: 768px)'. */
  tableQuery: string;
  render: (row: Row) => ReactNode;
  /** Classes of each card's list item (spacing and text size). */
  className: string;
};

type Props<Row> = {
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The table's name for screen readers (a hidden caption); the card list gets the same name. */
  caption?: string;
  /** `roomy` gives rows of badges and buttons more air than rows of plain text. */
  density?: 'compact' | 'roomy';
  /** Top-aligns the cells, for rows whose cells run to several lines. */
  alignTop?: boolean;
  /** Lights a row under the pointer; off where rows lead nowhere. */
  highlightRows?: boolean;
  /** Extra classes on the table, e.g. a minimum width below which it scrolls sideways. */
  className?: string;
  cards?: DataTableCards<Row>;
};

// Written out in full so Tailwind finds every class in the source.
const cellPadding = { compact: 'px-3 py-2', roomy: 'px-3 py-3' } as const;
const alignClass = (align: DataColumn<unknown>['align']) => (align === 'right' ? 'text-right' : '');
const classes = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join(' ');

/**
 * The app's data table: a header row of column names over one row per item, scrolling sideways when
 * it is wider than the screen. With `cards`, narrower screens get a list of cards instead, one per row.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  density = 'compact',
  alignTop = false,
  highlightRows = true,
  className,
  cards,
}: Props<Row>) {
  // Always asked, as hooks must be; a table without cards ignores the answer.
  const isWide = useMediaQuery(cards?.tableQuery ?? 'all');
  if (cards && !isWide) {
    return (
      <ul aria-label={caption} className="divide-y divide-slate-100">
        {rows.map((row) => (
          <li key={rowKey(row)} className={cards.className}>
            {cards.render(row)}
          </li>
        ))}
      </ul>
    );
  }
  // Relative, so the screen-reader-only texts in its cells (absolutely placed) scroll with the table
  // instead of widening the page.
  return (
    <div className="relative overflow-x-auto">
      <table className={classes('w-full text-left text-sm', className)}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={classes('px-3 py-2 font-medium', alignClass(column.align))}
              >
                {column.headerHidden ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className={classes(alignTop && 'align-top', highlightRows && 'hover:bg-slate-50') || undefined}
            >
              {columns.map((column) => (
                <td
                  key={column.header}
                  className={classes(cellPadding[density], alignClass(column.align), column.className)}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
