import { Download } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/panel';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Spinner } from '../../../components/ui/spinner';
import { timeRangeWindow } from '../../../lib/time-ranges';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { TIME_FRAME_OPTIONS, useTimeFrame } from '../../../lib/use-time-frame';
import { useBehavioralSignals } from '../hooks/use-behavioral-signals';
import { downloadAnalysisCsv } from '../lib/analysis-export';
import { signalErrorMessage } from '../lib/signal-error';
import { signalNamer } from '../lib/signal-text';
import { PatternCards } from './pattern-cards';
import { SignalFlowsTable } from './signal-flows-table';
import { SampleSizeNotice, SignalErrorState } from './signal-states';
import { SignalStrengthMatrix } from './signal-strength-matrix';
import { SignalSummaryCards } from './signal-summary-cards';

export const EXPORT_FAILED = 'Export failed. Please try again.';

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Panel>
      <div className="mb-4">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {hint && <p className="text-sm text-slate-600">{hint}</p>}
      </div>
      {children}
    </Panel>
  );
}

/** /behavioral-signals: the Behavioral Signal Graph™, signals, the patterns they form and their flows. */
export function SignalGraphScreen() {
  useDocumentTitle('Behavioral Signal Graph');
  const [timeFrame, setTimeFrame] = useTimeFrame();
  const { data, isPending, isError, error, isFetching, refetch, isPlaceholderData } = useBehavioralSignals(timeFrame);
  const [exportFailed, setExportFailed] = useState(false);
  const windowText = timeRangeWindow(timeFrame);
  const nameOf = signalNamer(data?.signals ?? []);

  const exportAnalysis = () => {
    if (!data) return;
    try {
      downloadAnalysisCsv(data);
      setExportFailed(false);
    } catch {
      setExportFailed(true);
    }
  };

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Behavioral Signal Graph</h1>
          <p className="mt-1 text-sm text-slate-600">
            The signals your visitors give, the patterns they form, and how visitors move from one to the next.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <SegmentedControl label="Time frame" options={TIME_FRAME_OPTIONS} value={timeFrame} onChange={setTimeFrame} />
          <Button variant="secondary" disabled={!data} onClick={exportAnalysis}>
            <Download aria-hidden="true" className="size-4" />
            Export Analysis
          </Button>
        </div>
      </div>
      {exportFailed && <Alert tone="error">{EXPORT_FAILED}</Alert>}

      {isError && !data && (
        <SignalErrorState message={signalErrorMessage(error)} retrying={isFetching} onRetry={() => void refetch()} />
      )}
      {isPending && <Spinner label="Loading signals..." />}
      {data && (
        // While another time frame loads, the previous analysis stays, dimmed, instead of a blank screen.
        <div
          aria-busy={isPlaceholderData || undefined}
          className={`space-y-6 ${isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {isError && <Alert tone="error">Could not refresh the analysis: {signalErrorMessage(error)}</Alert>}
          <SignalSummaryCards data={data} windowText={windowText} />
          <SampleSizeNotice sessions={data.sessions_analyzed} windowText={windowText} />
          {data.sessions_analyzed > 0 && (
            <>
              <Section
                title="Signal Strength Matrix"
                hint="Each cell is one signal: the darker, the stronger it was in the median session. Sessions counts where it appeared; impact is how strongly it goes with converting."
              >
                <SignalStrengthMatrix signals={data.signals} />
              </Section>
              <Section title="Identified Behavioral Patterns" hint="Open a pattern to read its analysis.">
                <PatternCards patterns={data.patterns} nameOf={nameOf} />
              </Section>
              <Section title="Signal Flow Transitions">
                <SignalFlowsTable flows={data.flows} nameOf={nameOf} />
              </Section>
            </>
          )}
        </div>
      )}
    </div>
  );
}
