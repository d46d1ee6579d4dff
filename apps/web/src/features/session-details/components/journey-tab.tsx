import type { SessionJourney } from '@ri/contracts';
import { TriangleAlert } from 'lucide-react';
import { formatDateTime, toSafeHref } from '../../../lib/format';

const humanise = (text: string) => text.replaceAll('_', ' ');

function pathOf(url: string): string {
  try {
    const { pathname, search } = new URL(url);
    return `${pathname}${search}`;
  } catch {
    return url;
  }
}

/** The pages the visitor saw in order, each with its page type, then where they struggled. */
export function JourneyTab({ journey }: { journey: SessionJourney }) {
  return (
    <div className="space-y-5">
      <section>
        <h3 className="text-sm font-semibold text-slate-900">Journey path</h3>
        {journey.journey_path.length > 0 ? (
          <ol aria-label="Journey path" className="mt-2 space-y-0">
            {journey.journey_path.map((step, index) => {
              const href = toSafeHref(step.url);
              return (
                <li key={`${step.at}-${step.url}`} className="relative flex gap-3 pb-3 last:pb-0">
                  <span className="grid size-6 shrink-0 place-items-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700">
                    {index + 1}
                  </span>
                  <div className="min-w-0 text-sm">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="font-medium text-slate-900">{step.title ?? pathOf(step.url)}</span>
                      <span className="rounded bg-slate-100 px-1.5 py-0.5 text-[11px] text-slate-600 capitalize">
                        {humanise(step.page_type)}
                      </span>
                    </p>
                    {href ? (
                      <a
                        href={href}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="break-all text-xs text-indigo-600 hover:underline"
                      >
                        {step.url}
                      </a>
                    ) : (
                      <p className="break-all text-xs text-slate-500">{step.url}</p>
                    )}
                    <time dateTime={step.at} className="block text-xs text-slate-500">
                      {formatDateTime(step.at)}
                    </time>
                  </div>
                </li>
              );
            })}
          </ol>
        ) : (
          <p className="mt-1 text-sm text-slate-500">No page views were recorded in this session.</p>
        )}
      </section>
      <section>
        <h3 className="text-sm font-semibold text-slate-900">Friction points</h3>
        {journey.friction_points.length > 0 ? (
          <ul aria-label="Friction points" className="mt-2 space-y-2">
            {journey.friction_points.map((point) => (
              <li
                key={`${point.at}-${point.kind}`}
                className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm"
              >
                <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
                <div className="min-w-0">
                  <p className="font-medium text-slate-900 capitalize">{humanise(point.kind)}</p>
                  <p className="text-slate-700">{point.description}</p>
                  <p className="break-all text-xs text-slate-500">
                    {point.page && `${pathOf(point.page)} · `}
                    <time dateTime={point.at}>{formatDateTime(point.at)}</time>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-500">
            No friction was detected: no rage clicks, dead clicks or form abandons.
          </p>
        )}
      </section>
    </div>
  );
}
