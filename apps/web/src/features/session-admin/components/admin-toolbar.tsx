import { TIME_RANGES, type TimeRange } from '@ri/contracts';
import { RefreshCw, Search } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { FieldLabel, inputClass } from '../../../components/ui/text-field';
import { TIME_RANGE_LABELS } from '../../../lib/time-ranges';
import type { StatusFilter } from '../api/session-admin-api';

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'completed', label: 'Completed' },
];

type Props = {
  search: string;
  onSearch: (value: string) => void;
  status: StatusFilter;
  onStatus: (value: StatusFilter) => void;
  range: TimeRange;
  onRange: (value: TimeRange) => void;
  refreshing: boolean;
  onRefresh: () => void;
};

export function AdminToolbar(props: Props) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="min-w-0 flex-1 basis-64">
        <FieldLabel htmlFor="admin-search" label="Search this page" />
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute top-2.5 left-3 size-4 text-slate-400" />
          <input
            id="admin-search"
            type="search"
            placeholder="Search by URL, tracking ID or user ID"
            value={props.search}
            onChange={(event) => props.onSearch(event.target.value)}
            className={`${inputClass} pl-9`}
          />
        </div>
      </div>
      <div>
        <FieldLabel htmlFor="admin-status" label="Status" />
        <select
          id="admin-status"
          value={props.status}
          onChange={(event) => props.onStatus(event.target.value as StatusFilter)}
          className={inputClass}
        >
          {STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <FieldLabel htmlFor="admin-range" label="Time range" />
        <select
          id="admin-range"
          value={props.range}
          onChange={(event) => props.onRange(event.target.value as TimeRange)}
          className={inputClass}
        >
          {TIME_RANGES.map((range) => (
            <option key={range} value={range}>
              {TIME_RANGE_LABELS[range]}
            </option>
          ))}
        </select>
      </div>
      <Button variant="secondary" busy={props.refreshing} onClick={props.onRefresh}>
        {!props.refreshing && <RefreshCw aria-hidden="true" className="size-4" />}
        Refresh
      </Button>
    </div>
  );
}
