import { classifyNeuromind, NEUROMIND_CLASSES, type NeuromindBaseline, type NeuromindModel } from '../../src/index.js';
import type { LabelledRow } from './dataset.js';

/**
 * Predictions against the truth. `accuracy` is over the sessions the model classified, `coverage` the share
 * it classified, `strictAccuracy` counts an unclassified session as a miss. `matrix[t][p]` counts sessions
 * of true profile t (NEUROMIND_CLASSES order) predicted as p; column 7 is "not yet classified". `recall` per
 * profile is over its classified sessions.
 */
export type Evaluation = {
  sessions: number;
  classified: number;
  accuracy: number;
  coverage: number;
  strictAccuracy: number;
  /** Accuracy of the leading profile on every session, unclassified ones included. */
  leadingAccuracy: number;
  recall: Record<string, number>;
  matrix: number[][];
};

/** Classifies every row with the model (pace read against `baseline`) and tallies the result. */
export function evaluateModel(
  model: NeuromindModel,
  rows: readonly LabelledRow[],
  baseline: NeuromindBaseline | null,
): Evaluation {
  const k = NEUROMIND_CLASSES.length;
  const matrix = Array.from({ length: k }, () => new Array<number>(k + 1).fill(0));
  let correct = 0;
  let leading = 0;
  let classified = 0;
  for (const row of rows) {
    const c = classifyNeuromind(model, row.signals, row.journey, baseline);
    const t = NEUROMIND_CLASSES.indexOf(row.persona);
    if (c.leading === row.persona) leading++;
    if (c.profile === null) {
      matrix[t]![k]!++;
      continue;
    }
    classified++;
    const p = NEUROMIND_CLASSES.indexOf(c.profile);
    matrix[t]![p]!++;
    if (t === p) correct++;
  }
  return tally(matrix, correct, classified, leading, rows.length);
}

function tally(matrix: number[][], correct: number, classified: number, leading: number, sessions: number): Evaluation {
  const k = NEUROMIND_CLASSES.length;
  const recall = Object.fromEntries(
    NEUROMIND_CLASSES.map((c, t) => {
      const total = matrix[t]!.slice(0, k).reduce((a, b) => a + b, 0);
      return [c, total ? matrix[t]![t]! / total : 0];
    }),
  );
  return {
    sessions,
    classified,
    accuracy: classified ? correct / classified : 0,
    coverage: sessions ? classified / sessions : 0,
    strictAccuracy: sessions ? correct / sessions : 0,
    leadingAccuracy: sessions ? leading / sessions : 0,
    recall,
    matrix,
  };
}

/** Several evaluations added up (their matrices summed). */
export function combineEvaluations(es: readonly Evaluation[]): Evaluation {
  const k = NEUROMIND_CLASSES.length;
  const matrix = Array.from({ length: k }, (_, t) =>
    Array.from({ length: k + 1 }, (_, p) => es.reduce((a, e) => a + e.matrix[t]![p]!, 0)),
  );
  const correct = NEUROMIND_CLASSES.reduce((a, _, t) => a + matrix[t]![t]!, 0);
  const classified = es.reduce((a, e) => a + e.classified, 0);
  const leading = es.reduce((a, e) => a + e.leadingAccuracy * e.sessions, 0);
  return tally(
    matrix,
    correct,
    classified,
    Math.round(leading),
    es.reduce((a, e) => a + e.sessions, 0),
  );
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** The evaluation as printable lines: accuracy and coverage, then the confusion matrix with recall per row. */
export function formatEvaluation(e: Evaluation): string[] {
  const short = [...NEUROMIND_CLASSES.map((c) => c.slice(0, 8)), 'unclass.'];
  const width = Math.max(...NEUROMIND_CLASSES.map((c) => c.length));
  const cell = (s: string | number) => String(s).padStart(9);
  return [
    `accuracy ${pct(e.accuracy)} on the ${e.classified} of ${e.sessions} sessions classified (coverage ${pct(e.coverage)}); ` +
      `${pct(e.strictAccuracy)} counting unclassified as wrong; leading profile right on ${pct(e.leadingAccuracy)}`,
    `${'true \\ predicted'.padEnd(width)}${short.map(cell).join('')}${cell('recall')}`,
    ...NEUROMIND_CLASSES.map(
      (c, t) => `${c.padEnd(width)}${e.matrix[t]!.map(cell).join('')}${cell(pct(e.recall[c] ?? 0))}`,
    ),
  ];
}

/** The confusion matrix as a Markdown table (for docs/neuromind.md). */
export function markdownMatrix(e: Evaluation): string[] {
  const header = [...NEUROMIND_CLASSES, 'not yet classified'];
  return [
    `| true \\ predicted | ${header.join(' | ')} | recall |`,
    `|${'---|'.repeat(header.length + 2)}`,
    ...NEUROMIND_CLASSES.map(
      (c, t) =>
        `| ${c} | ${e.matrix[t]!.map((n, p) => (p === t ? `**${n}**` : String(n))).join(' | ')} | ${pct(e.recall[c] ?? 0)} |`,
    ),
  ];
}
