import type { ReactNode } from 'react';

/** One part of a details dialog under a small heading, ruled off from the part before it. */
export function DialogSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-slate-100 pt-4 first:border-t-0 first:pt-0">
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}
