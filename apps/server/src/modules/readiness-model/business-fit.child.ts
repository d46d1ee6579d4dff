// The per-business model fit, in a child process so that minutes of tree fitting never block the
// server's event loop (ingestion and scoring go on meanwhile). Receives one FitRequest over IPC, answers
// one FitReply, exits.
import { readFileSync } from 'node:fs';
import {
  type BusinessFit,
  type BusinessSample,
  fitBusinessModel,
  parseModelPrior,
  type RefitThresholds,
  scoreSession,
  storeConversionModel,
  UCI_PRIOR_URL,
} from '@ri/engine';

export type FitRequest = { samples: BusinessSample[]; pageValueScale: number | null; thresholds: RefitThresholds };
/** The fit with its model packed for JSON (see storeConversionModel). */
export type StoredBusinessFit = BusinessFit extends infer F
  ? F extends { model: unknown }
    ? Omit<F, 'model'> & { model: unknown }
    : F
  : never;
export type FitReply = { ok: true; fit: StoredBusinessFit } | { ok: false; error: string };

process.once('message', (request: FitRequest) => {
  try {
    const prior = parseModelPrior(JSON.parse(readFileSync(UCI_PRIOR_URL, 'utf8')));
    const scale = request.pageValueScale;
    const fit = fitBusinessModel(
      request.samples,
      (s) =>
        scoreSession(prior, {
          ...s.features,
          pageValue: scale === null || s.features.pageValue === null ? null : s.features.pageValue * scale,
        }).conversionProbability,
      request.thresholds,
      scale !== null,
    );
    const reply: FitReply = {
      ok: true,
      fit: 'model' in fit ? { ...fit, model: storeConversionModel(fit.model) } : fit,
    };
    process.send?.(reply, () => process.exit(0));
  } catch (error) {
    process.send?.({ ok: false, error: (error as Error).message } satisfies FitReply, () => process.exit(1));
  }
});
