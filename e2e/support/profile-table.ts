import type { NeuromindProfileResult } from '@ri/contracts';

/** One journey's outcome: what it acted out, what the server answered, and how it read. */
export type JourneyOutcome = {
  name: string;
  intended: string;
  result: NeuromindProfileResult;
  pages: number;
  /** Seconds per page and px/s, as the server measured them (null when unmeasured). */
  dwellPerPage: number | null;
  scrollVelocity: number | null;
};

const percent = (p: number) => `${(p * 100).toFixed(0)}%`;
const figure = (v: number | null) => (v === null ? '–' : String(Math.round(v)));

/** A plain-text table of the outcomes, then each winner's evidence in full, to read a failing run by. */
export function profileTable(outcomes: JourneyOutcome[]): string {
  const header = ['journey', 'intended', 'got', 'confidence', 'p(intended)', 'pages', 's/page', 'px/s', 'top evidence'];
  const rows = outcomes.map((o) => [
    o.name,
    o.intended,
    o.result.neuromind_profile ?? `not yet classified (${o.result.probabilities[0]?.profile ?? '?'} leads)`,
    percent(o.result.confidence),
    percent(o.result.probabilities.find((p) => p.profile === o.intended)?.probability ?? 0),
    String(o.pages),
    figure(o.dwellPerPage),
    figure(o.scrollVelocity),
    o.result.evidence
      .slice(0, 3)
      .map((e) => `${e.name}=${Number(e.value.toFixed(2))}`)
      .join(', '),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  const evidence = outcomes.map((o) => `${o.name}: ${o.result.evidence.map((e) => e.detail).join('; ')}`);
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line), '', ...evidence].join('\n');
}
