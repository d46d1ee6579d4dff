import type { SessionDetail } from '@ri/contracts';
import { formatCount, formatDateTime, formatShare, NO_VALUE } from '../../../lib/format';
import { DetailPanel, FigureGrid } from './detail-parts';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function EngagementMeter({ score }: { score: number }) {
  const value = Math.min(100, Math.max(0, score));
  return (
    <div>
      <div className="flex justify-between text-sm">
        <label htmlFor="engagement-score" className="text-slate-500">
          Engagement score
        </label>
        <span className="font-semibold text-slate-900">{Math.round(value)} / 100</span>
      </div>
      <meter
        id="engagement-score"
        min={0}
        max={100}
        low={40}
        high={70}
        optimum={100}
        value={value}
        className="mt-1 h-3 w-full"
      />
    </div>
  );
}

/** Who the visitor was, where they came from and how engaged the session was. */
export function DetailOverviewTab({ detail }: { detail: SessionDetail }) {
  const { device_info: device, session_quality: quality } = detail;
  const utm = Object.entries(detail.utm_data);
  const endText = detail.end_time ? formatDateTime(detail.end_time) : detail.is_active ? 'Still active' : NO_VALUE;

  return (
    <div className="space-y-4">
      <FigureGrid
        figures={[
          { label: 'Total events', value: formatCount(detail.total_events) },
          { label: 'Pages', value: formatCount(detail.total_pages) },
          { label: 'Clicks', value: formatCount(detail.clicks) },
        ]}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <DetailPanel
          title="Visitor and device"
          rows={[
            { label: 'Device', value: device.device_type ?? NO_VALUE },
            { label: 'Browser', value: device.browser ?? NO_VALUE },
            { label: 'Operating system', value: device.os ?? NO_VALUE },
            { label: 'Location', value: device.location ?? 'Location unknown (no geo headers)' },
            { label: 'Referrer', value: device.referrer ?? 'None (direct visit or referrer withheld)' },
            { label: 'Visitor ID', value: <span className="font-mono text-xs">{detail.visitor_id}</span> },
            { label: 'Tracking ID', value: <span className="font-mono text-xs">{detail.tracking_id}</span> },
            { label: 'Started', value: formatDateTime(detail.start_time) },
            { label: 'Ended', value: endText },
          ]}
        />
        <div className="space-y-4">
          <DetailPanel title="Session quality">
            <EngagementMeter score={quality.engagement_score} />
            <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-slate-500">Interaction diversity</dt>
                <dd className="font-medium">{formatShare(quality.interaction_diversity)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Page depth</dt>
                <dd className="font-medium">{quality.page_depth}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Time quality</dt>
                <dd className="font-medium">{capitalise(quality.time_quality)}</dd>
              </div>
            </dl>
          </DetailPanel>
          <DetailPanel title="Source" rows={[{ label: 'Source', value: detail.source }]}>
            <h3 className="mt-4 text-sm font-medium text-slate-700">Traffic sources</h3>
            {detail.traffic_sources.length > 0 ? (
              <ul className="mt-1 flex flex-wrap gap-2">
                {detail.traffic_sources.map((source) => (
                  <li key={source} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                    {source}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-sm text-slate-500">No traffic sources recorded.</p>
            )}
            <h3 className="mt-4 text-sm font-medium text-slate-700">UTM parameters</h3>
            {utm.length > 0 ? (
              <dl className="mt-1 space-y-1 text-sm">
                {utm.map(([key, value]) => (
                  <div key={key} className="flex justify-between gap-4">
                    <dt className="font-mono text-xs text-slate-500">{key}</dt>
                    <dd className="min-w-0 break-all text-slate-900">{value}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="mt-1 text-sm text-slate-500">The landing page carried no UTM parameters.</p>
            )}
          </DetailPanel>
        </div>
      </div>
    </div>
  );
}
