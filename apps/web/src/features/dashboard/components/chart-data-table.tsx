import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';

type Props = { caption: string; headers: readonly string[]; rows: readonly (readonly ReactNode[])[] };

/** The figures behind a chart as a table behind a Show/Hide button; it scrolls on a phone. */
export function ChartDataTable({ caption, headers, rows }: Props) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="mt-2">
      <Button variant="link" className="text-xs" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {open ? 'Hide data table' : 'Show data table'}
      </Button>
      <div id={id} hidden={!open} className="mt-2 max-h-72 overflow-auto">
        {open && (
          <table className="w-full text-left text-xs">
            <caption className="sr-only">{caption}</caption>
            <thead className="text-slate-500">
              <tr>
                {headers.map((header, i) => (
                  <th key={header} scope="col" className={`px-2 py-1 font-medium ${i > 0 ? 'text-right' : ''}`}>
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are fixed for the chart's data
                <tr key={r}>
                  {row.map((cell, c) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed row
                    <td key={c} className={`px-2 py-1 tabular-nums ${c > 0 ? 'text-right' : ''}`}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
