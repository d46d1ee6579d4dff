import type { ReactNode } from 'react';

/** One labelled value of a `FieldGrid`. */
export type GridField = {
  /** Names the value; unique within the grid. */
  label: string;
  value: ReactNode;
  /** Classes of the value, e.g. 'tabular-nums' for figures. */
  className?: string;
};

/** Small labelled values in three columns: how a table row's figures read on a phone's card. */
export function FieldGrid({ fields, className }: { fields: readonly GridField[]; className?: string }) {
  return (
    <dl className={className ? `${className} grid grid-cols-3 gap-2 text-xs` : 'grid grid-cols-3 gap-2 text-xs'}>
      {fields.map((field) => (
        <div key={field.label}>
          <dt className="text-slate-500">{field.label}</dt>
          <dd className={field.className}>{field.value}</dd>
        </div>
      ))}
    </dl>
  );
}
