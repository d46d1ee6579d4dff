import type { AdPlatformFilter, AdPlatformStatus } from '@ri/contracts';
import { Download } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { focusRing } from '../../../lib/focus-ring';
import { formatRelativeTime } from '../../../lib/format';
import { AD_TIME_FRAME_OPTIONS, type AdTimeFrame } from '../hooks/use-ad-filters';
import { PLATFORM_COLORS, platformFilterOptions } from '../lib/ad-platforms';

type Props = {
  platform: AdPlatformFilter;
  onPlatformChange: (platform: AdPlatformFilter) => void;
  timeFrame: AdTimeFrame;
  onTimeFrameChange: (timeFrame: AdTimeFrame) => void;
  platforms: readonly AdPlatformStatus[] | undefined;
  onExport: () => void;
  exporting: boolean;
};

/** The header's controls: platform filter, time frame and Export Report. */
export function AdToolbar({
  platform,
  onPlatformChange,
  timeFrame,
  onTimeFrameChange,
  platforms,
  onExport,
  exporting,
}: Props) {
  const selectId = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={selectId} className="sr-only">
        Platform
      </label>
      <select
        id={selectId}
        value={platform}
        onChange={(event) => onPlatformChange(event.target.value as AdPlatformFilter)}
        className={`rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 shadow-sm ${focusRing}`}
      >
        {platformFilterOptions(platforms).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <SegmentedControl
        label="Time frame"
        options={AD_TIME_FRAME_OPTIONS}
        value={timeFrame}
        onChange={onTimeFrameChange}
      />
      <Button variant="secondary" busy={exporting} onClick={onExport}>
        {!exporting && <Download aria-hidden="true" className="size-4" />}
        Export Report
      </Button>
    </div>
  );
}

/** Each ad platform's connection in one line: synced when, or not connected with the way to connect it. */
export function PlatformStatusList({ platforms }: { platforms: readonly AdPlatformStatus[] }) {
  return (
    <ul aria-label="Ad platforms" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
      {platforms.map((p) => (
        <li key={p.platform} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="size-2 rounded-full"
            style={{ backgroundColor: p.connected ? PLATFORM_COLORS[p.platform] : '#cbd5e1' }}
          />
          <span className="font-medium text-slate-800">{p.label}</span>
          {p.connected ? (
            <span>
              {p.last_synced_at ? `synced ${formatRelativeTime(p.last_synced_at)}` : 'waiting for its first sync'}
            </span>
          ) : (
            <>
              <span>not connected</span>
              <Link to="/integrations" className={`rounded text-indigo-600 hover:underline ${focusRing}`}>
                Connect {p.label}
              </Link>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
