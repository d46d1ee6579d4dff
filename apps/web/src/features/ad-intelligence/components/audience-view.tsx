import type { AdAudience } from '@ri/contracts';
import { formatCount, NO_VALUE } from '../../../lib/format';

type Slice = { name: string; sessions: number; conversions: number; conversion_rate: number | null };

function SliceTable({ caption, first, slices }: { caption: string; first: string; slices: readonly Slice[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-xs">
        <caption className="pb-1 text-left text-xs font-medium text-slate-700">{caption}</caption>
        <thead className="text-slate-500">
          <tr>
            <th scope="col" className="py-1 pr-2 font-medium">
              {first}
            </th>
            <th scope="col" className="px-2 py-1 text-right font-medium">
              Sessions
            </th>
            <th scope="col" className="px-2 py-1 text-right font-medium">
              Conversions
            </th>
            <th scope="col" className="py-1 pl-2 text-right font-medium">
              Conversion rate
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {slices.map((slice) => (
            <tr key={slice.name}>
              <th scope="row" className="py-1 pr-2 font-normal text-slate-800">
                {slice.name}
              </th>
              <td className="px-2 py-1 text-right tabular-nums">{formatCount(slice.sessions)}</td>
              <td className="px-2 py-1 text-right tabular-nums">{formatCount(slice.conversions)}</td>
              <td className="py-1 pl-2 text-right tabular-nums">
                {slice.conversion_rate === null ? (
                  <span title="No sessions">{NO_VALUE}</span>
                ) : (
                  `${slice.conversion_rate.toFixed(1)}%`
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Who an ad brought: its tracked visitors by Neuromind profile and by readiness band, how many of each
 * bought, and the finding those numbers point to.
 */
export function AudienceView({ audience }: { audience: AdAudience }) {
  if (audience.sessions === 0) {
    return (
      <p className="text-sm text-slate-600">
        No tracked session came from it yet, so there is no audience to show: sessions are matched by UTM tags and click
        ids, which need the tracking script on the landing page.
      </p>
    );
  }
  return (
    <div className="space-y-3">
      {audience.finding && (
        <p className="rounded-lg border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-900">
          {audience.finding}
        </p>
      )}
      <p className="text-xs text-slate-600">
        {formatCount(audience.sessions)} tracked sessions
        {audience.unclassified_sessions > 0 &&
          `, of which ${formatCount(audience.unclassified_sessions)} are not classified into a profile yet`}
        .
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <SliceTable
          caption="By Neuromind profile"
          first="Profile"
          slices={audience.profiles.map((p) => ({ ...p, name: p.profile }))}
        />
        <SliceTable
          caption="By readiness band"
          first="Band"
          slices={audience.bands.map((b) => ({ ...b, name: b.band }))}
        />
      </div>
    </div>
  );
}
