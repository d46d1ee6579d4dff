import { classifyNeuromind, NEUROMIND_CLASSES, type NeuromindModel } from '../../src/index.js';
import type { LabelledRow } from './dataset.js';

/** Predictions against the truth: accuracy, recall per profile and the confusion matrix (rows: truth). */
export type Evaluation = {
  sessions: number;
  accuracy: number;
  recall: Record<string, number>;
  /** matrix[t][p]: sessions of true profile t (NEUROMIND_CLASSES order) predicted as p. */
  matrix: number[][];
};

/** Classifies every row with the model and tallies the result. */
export function evaluateModel(model: NeuromindModel, rows: readonly LabelledRow[]): Evaluation {
  const k = NEUROMIND_CLASSES.length;
  const matrix = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  let correct = 0;
  for (const row of rows) {
    const { profile } = classifyNeuromind(model, row.signals, row.journey);
    const t = NEUROMIND_CLASSES.indexOf(row.persona);
    const p = NEUROMIND_CLASSES.indexOf(profile);
    matrix[t]![p]!++;
    if (t === p) correct++;
  }
  const recall = Object.fromEntries(
    NEUROMIND_CLASSES.map((c, t) => {
      const total = matrix[t]!.reduce((a, b) => a + b, 0);
      return [c, total ? matrix[t]![t]! / total : 0];
    }),
  );
  return { sessions: rows.length, accuracy: rows.length ? correct / rows.length : 0, recall, matrix };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** The evaluation as printable lines: accuracy, then the confusion matrix with recall per row. */
export function formatEvaluation(e: Evaluation): string[] {
  const short = NEUROMIND_CLASSES.map((c) => c.slice(0, 8));
  const width = Math.max(...NEUROMIND_CLASSES.map((c) => c.length));
  const cell = (s: string | number) => String(s).padStart(9);
  return [
    `accuracy ${pct(e.accuracy)} on ${e.sessions} sessions`,
    `${'true \\ predicted'.padEnd(width)}${short.map(cell).join('')}${cell('recall')}`,
    ...NEUROMIND_CLASSES.map(
      (c, t) => `${c.padEnd(width)}${e.matrix[t]!.map(cell).join('')}${cell(pct(e.recall[c] ?? 0))}`,
    ),
  ];
}
