import type { BehavioralSignalsResponse, TimeRange } from '@ri/contracts';
import { toCsv } from '../../../lib/csv';
import { downloadTextFile, localDateStamp } from '../../../lib/download';

/**
 * Export Analysis: the signals, patterns and flows as three blocks of one CSV file, each with a title
 * row and its own header, separated by a blank row, so a spreadsheet shows them one under the other.
 */
export function analysisToCsv(data: BehavioralSignalsResponse): string {
  const signalName = new Map(data.signals.map((s) => [s.id, s.name]));
  const nameOf = (id: string) => signalName.get(id) ?? id;
  return toCsv([
    [`Behavioral Signal Graph, ${data.time_range}, ${data.sessions_analyzed} sessions analysed, ${data.generated_at}`],
    [],
    ['Signals'],
    ['Signal', 'Type', 'Strength', 'Frequency (sessions)', 'Impact Score', 'Trend', 'Description'],
    ...data.signals.map((s) => [s.name, s.type, s.strength, s.frequency, s.impact_score, s.trend, s.description]),
    [],
    ['Patterns'],
    ['Pattern', 'Type', 'Signals', 'Conversion Correlation', 'Users', 'Conversion Rate', 'Analysis'],
    ...data.patterns.map((p) => [
      p.name,
      p.pattern_type,
      p.signals.map(nameOf).join('; '),
      p.conversion_correlation,
      p.user_count,
      p.conversion_rate,
      p.description,
    ]),
    [],
    ['Flows'],
    ['From', 'To', 'Transition Probability', 'Avg Time Between (s)', 'Users'],
    ...data.flows.map((f) => [
      nameOf(f.from_signal),
      nameOf(f.to_signal),
      f.transition_probability,
      f.avg_time_between,
      f.user_count,
    ]),
  ]);
}

export const analysisExportFileName = (timeRange: TimeRange, date: Date = new Date()) =>
  `behavioral-signal-analysis-${timeRange}-${localDateStamp(date)}.csv`;

export function downloadAnalysisCsv(data: BehavioralSignalsResponse) {
  downloadTextFile(analysisExportFileName(data.time_range), analysisToCsv(data), 'text/csv;charset=utf-8');
}
