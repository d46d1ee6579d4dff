import { STRATEGY_WINDOWS } from '@ri/contracts';
import { FileText, Sparkles } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import type { StrategyDays } from '../api/strategy-api';

const WINDOW_OPTIONS = STRATEGY_WINDOWS.map((days) => ({
  value: String(days) as `${StrategyDays}`,
  label: `${days} days`,
  title: `Analyse the last ${days} days`,
}));

type Props = {
  days: StrategyDays;
  onDaysChange: (days: StrategyDays) => void;
  generating: boolean;
  onGenerate: () => void;
  /** Null while the screen's data is not there to report on. */
  onExport: (() => void) | null;
};

/** The header's controls: the analysis window, Generate New Insights and Export Strategy Report. */
export function StrategistToolbar({ days, onDaysChange, generating, onGenerate, onExport }: Props) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <SegmentedControl
        label="Analysis window"
        options={WINDOW_OPTIONS}
        value={`${days}`}
        onChange={(value) => onDaysChange(Number(value) as StrategyDays)}
      />
      <Button busy={generating} onClick={onGenerate}>
        {!generating && <Sparkles aria-hidden="true" className="size-4" />}
        Generate New Insights
      </Button>
      <Button variant="secondary" disabled={!onExport} onClick={() => onExport?.()}>
        <FileText aria-hidden="true" className="size-4" />
        Export Strategy Report
      </Button>
    </div>
  );
}
