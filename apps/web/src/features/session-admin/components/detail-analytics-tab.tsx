import type { SessionDetail } from '@ri/contracts';
import { type DataColumn, DataTable } from '../../../components/ui/data-table';
import { Panel } from '../../../components/ui/panel';
import { formatCount, formatDuration, NO_VALUE } from '../../../lib/format';
import { describeEventType } from '../lib/event-icons';
import { BarList } from './bar-list';
import { DetailPanel, FigureGrid } from './detail-parts';

/** Page and element times arrive in seconds; the detail format takes milliseconds. */
const seconds = (value: number) => formatDuration(value * 1000);

type PageVisit = SessionDetail['pages_visited'][number];

const PAGE_COLUMNS: DataColumn<PageVisit>[] = [
  {
    header: 'Page',
    cell: (page) => (
      <>
        <p className="text-slate-900">{page.title ?? NO_VALUE}</p>
        <p className="break-all text-xs text-slate-500">{page.url}</p>
      </>
    ),
  },
  { header: 'Visits', cell: (page) => page.visit_count, className: 'tabular-nums' },
  { header: 'Time spent', cell: (page) => seconds(page.time_spent), className: 'tabular-nums' },
  { header: 'Events', cell: (page) => page.events_count, className: 'tabular-nums' },
];

/** Engagement figures, event mix, pages visited and where attention went. */
export function DetailAnalyticsTab({ detail }: { detail: SessionDetail }) {
  const metrics = detail.engagement_metrics;
  const breakdown = Object.entries(detail.event_breakdown).sort(([, a], [, b]) => b - a);

  return (
    <div className="space-y-4">
      <FigureGrid
        figures={[
          { label: 'Events per minute', value: metrics.events_per_minute.toFixed(1) },
          { label: 'Max scroll depth', value: `${Math.round(metrics.scroll_depth)}%` },
          { label: 'Clicks per page view', value: metrics.click_rate.toFixed(2) },
          { label: 'Form interactions', value: formatCount(metrics.form_engagement) },
          { label: 'Mouse moves', value: formatCount(metrics.mouse_activity) },
          { label: 'Elements interacted with', value: formatCount(metrics.unique_elements_interacted) },
        ]}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <DetailPanel title="Events by type">
          <BarList
            label="Events by type"
            emptyText="No events were recorded."
            items={breakdown.map(([type, count]) => ({
              key: type,
              label: describeEventType(type).label,
              value: count,
            }))}
          />
        </DetailPanel>
        <DetailPanel title="Time on elements">
          <BarList
            label="Time each element was hovered or in view"
            emptyText="No hover or in-view time was recorded for marked elements."
            formatValue={seconds}
            items={detail.time_on_elements.map((item) => ({
              key: item.element,
              label: item.element,
              value: item.duration,
            }))}
          />
        </DetailPanel>
      </div>
      <Panel>
        <h2 className="mb-3 text-base font-semibold text-slate-900">Pages visited</h2>
        {detail.pages_visited.length > 0 ? (
          <DataTable
            columns={PAGE_COLUMNS}
            rows={detail.pages_visited}
            rowKey={(page) => page.url}
            alignTop
            highlightRows={false}
            className="min-w-[32rem]"
          />
        ) : (
          <p className="text-sm text-slate-500">No page views were recorded.</p>
        )}
      </Panel>
    </div>
  );
}
