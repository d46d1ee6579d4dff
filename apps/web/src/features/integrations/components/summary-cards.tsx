import { Activity, Database, Link2, Plug } from 'lucide-react';
import { MetricCard, MetricGrid } from '../../../components/ui/metric-card';
import { formatCount } from '../../../lib/format';

type Props = {
  connected: number;
  /** Vendor rows stored, or null while unknown (not loaded, or failed). */
  dataPoints: number | null;
  lastSync: string;
  available: number;
};

/** The four summary figures of section 2.3. */
export function SummaryCards({ connected, dataPoints, lastSync, available }: Props) {
  return (
    <MetricGrid label="Integration summary">
      <MetricCard label="Connected Platforms" value={formatCount(connected)} icon={Link2} />
      <MetricCard
        label="Data Points Synced"
        value={dataPoints === null ? 'Unknown' : formatCount(dataPoints)}
        icon={Database}
        description="Rows stored from your platforms"
      />
      <MetricCard label="Last Sync Status" value={lastSync} icon={Activity} />
      <MetricCard label="Available Platforms" value={formatCount(available)} icon={Plug} />
    </MetricGrid>
  );
}
