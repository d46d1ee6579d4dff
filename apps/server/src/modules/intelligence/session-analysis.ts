import { readFileSync } from 'node:fs';
import {
  classifyNeuromind,
  computeSignals,
  convertedScore,
  type ExplainedScore,
  emptyFlowState,
  emptyJourneyState,
  emptySignalState,
  type FlowState,
  foldEvents,
  foldFlows,
  foldJourney,
  type JourneyState,
  liveSessionFeatures,
  loadNeuromindModel,
  type ModelPrior,
  type NeuromindClassification,
  parseModelPrior,
  type SignalEvent,
  type SignalState,
  scoreLiveSession,
  UCI_PRIOR_URL,
} from '@ri/engine';

/** The engine's folded per-session states, stored as JSON in session_intelligence. */
export type SessionStates = { signal: SignalState; journey: JourneyState; flow: FlowState };

export const emptyStates = (): SessionStates => ({
  signal: emptySignalState(),
  journey: emptyJourneyState(),
  flow: emptyFlowState(),
});

/** Folds new events of a session into all three states. */
export function foldStates(states: SessionStates, events: SignalEvent[]): SessionStates {
  if (events.length === 0) return states;
  return {
    signal: foldEvents(states.signal, events),
    journey: foldJourney(states.journey, events),
    flow: foldFlows(states.flow, events),
  };
}

let prior: ModelPrior | undefined;
let neuromind: ReturnType<typeof loadNeuromindModel> | null | undefined;
/** Why sessions are not classified, when the Neuromind model file holds no fitted model. */
export let neuromindUnavailable: string | null = null;
/** The fitted models, loaded once per process. Without a fitted Neuromind model, profiles stay absent. */
export function models() {
  prior ??= parseModelPrior(JSON.parse(readFileSync(UCI_PRIOR_URL, 'utf8')));
  if (neuromind === undefined) {
    try {
      neuromind = loadNeuromindModel();
    } catch (error) {
      neuromind = null;
      neuromindUnavailable = `the Neuromind model is not fitted (${(error as Error).message}); run npm run fit:neuromind`;
    }
  }
  return { prior, neuromind };
}

export type SessionContext = { startedAt: number; returning: boolean; conversions: number };

export type SessionAnalysis = {
  signals: Record<string, number | null>;
  readiness: (ExplainedScore & { modelKind: 'prior' | 'business' }) | null;
  profile: NeuromindClassification | null;
};

/**
 * Signals, readiness and profile of a session from its states. A session without a page view has nothing
 * the models read yet: it gets signals only, and no score or profile (absent, never a guess).
 */
export function analyzeSession(states: SessionStates, context: SessionContext): SessionAnalysis {
  const signals = Object.fromEntries(computeSignals(states.signal).map((s) => [s.name, s.value]));
  if (states.signal.pageViews === 0) return { signals, readiness: null, profile: null };
  const { prior, neuromind: model } = models();
  const score =
    context.conversions > 0
      ? convertedScore(context.conversions)
      : scoreLiveSession(
          prior,
          liveSessionFeatures(states.journey.byType, {
            startedAt: context.startedAt,
            returning: context.returning,
          }),
        );
  return {
    signals,
    readiness: { ...score, modelKind: 'prior' },
    profile: model ? classifyNeuromind(model, states.signal, states.journey) : null,
  };
}
