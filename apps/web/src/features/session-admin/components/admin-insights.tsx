import type { SessionStats } from '@ri/contracts';
import { Panel } from '../../../components/ui/panel';
import { formatCount } from '../../../lib/format';
import { BarList } from './bar-list';

/** Top pages and device breakdown for the chosen time range, with bot traffic that was filtered out. */
export function AdminInsights({ stats }: { stats: SessionStats }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel>
        <h2 className="mb-3 text-base font-semibold text-slate-900">Top pages</h2>
        <BarList
          label="Views per page"
          emptyText="No page views in this time range yet."
          items={stats.top_pages.map((page) => ({
            key: page.url,
            label: page.title ?? page.url,
            title: page.title ? `${page.title} (${page.url})` : page.url,
            value: page.views,
          }))}
        />
      </Panel>
      <Panel>
        <h2 className="mb-3 text-base font-semibold text-slate-900">Devices</h2>
        <BarList
          label="Sessions per device type"
          emptyText="No sessions in this time range yet, so no device breakdown."
          items={stats.device_breakdown.map((device) => ({
            key: device.device_type,
            label: device.device_type,
            value: device.sessions,
          }))}
        />
        <p className="mt-4 text-xs text-slate-500">
          {formatCount(stats.bot_requests)} bot requests were recognised and left out of these figures.
        </p>
      </Panel>
    </div>
  );
}
