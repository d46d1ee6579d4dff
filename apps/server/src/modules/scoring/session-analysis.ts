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
  neuromindModelVersion,
  type PageTypeOverride,
  pageContextOf,
  parseModelPrior,
  type SignalEvent,
  type SignalState,
  scoreLiveSession,
  UCI_PRIOR_URL,
} from '@ri/engine';
import { type BusinessScoring, MIN_HISTORY_SESSIONS } from '../readiness-model/index.js';

/** The engine's folded per-session states, stored as JSON in session_intelligence. */
export type SessionStates = { signal: SignalState; journey: JourneyState; flow: FlowState };

export const emptyStates = (): SessionStates => ({
  signal: emptySignalState(),
  journey: emptyJourneyState(),
  flow: emptyFlowState(),
});

/** Folds new events of a session into all three states; `rules` are the business's page-type rules. */
export function foldStates(
  states: SessionStates,
  events: SignalEvent[],
  rules: readonly PageTypeOverride[] = [],
): SessionStates {
  if (events.length === 0) return states;
  return {
    signal: foldEvents(states.signal, events),
    journey: foldJourney(states.journey, events, rules),
    flow: foldFlows(states.flow, events),
  };
}

let prior: ModelPrior | undefined;
let neuromind: ReturnType<typeof loadNeuromindModel> | null | undefined;
let neuromindVersion: string | null = null;
/** Why sessions are not classified, when the Neuromind model file holds no fitted model. */
export let neuromindUnavailable: string | null = null;
/** The fitted models, loaded once per process. Without a fitted Neuromind model, profiles stay absent. */
export function models() {
  prior ??= parseModelPrior(JSON.parse(readFileSync(UCI_PRIOR_URL, 'utf8')));
  if (neuromind === undefined) {
    try {
      neuromind = loadNeuromindModel();
      neuromindVersion = neuromindModelVersion(neuromind);
    } catch (error) {
      neuromind = null;
      neuromindUnavailable = `the Neuromind model is not fitted (${(error as Error).message}); run npm run fit:neuromind`;
    }
  }
  return { prior, neuromind, neuromindVersion };
}

export type SessionContext = {
  startedAt: number;
  returning: boolean;
  conversions: number;
  /** The business's history: its own model and page statistics (see business-models.ts). */
  scoring?: BusinessScoring;
};

/** The model and page-derived inputs a live session is scored with. */
function liveInputs(states: SessionStates, context: SessionContext) {
  const { prior } = models();
  const scoring = context.scoring;
  const history = scoring && scoring.sessions >= MIN_HISTORY_SESSIONS ? scoring : null;
  const pages = history
    ? pageContextOf(
        states.journey.path.map((step) => step.path),
        history.stats,
      )
    : null;
  const features = liveSessionFeatures(states.journey.byType, {
    startedAt: context.startedAt,
    returning: context.returning,
    pageRates: pages,
    pageValue:
      pages === null || history?.pageValueScale == null
        ? null
        : history.model
          ? pages.pageValue
          : pages.pageValue * history.pageValueScale,
  });
  return history?.model
    ? { model: history.model, kind: 'business' as const, features }
    : { model: prior, kind: 'prior' as const, features };
}

export type SessionAnalysis = {
  signals: Record<string, number | null>;
  readiness: (ExplainedScore & { modelKind: 'prior' | 'business' }) | null;
  profile: NeuromindClassification | null;
  /** The Neuromind model that made `profile` (null without one). */
  profileModel: string | null;
};

/**
 * Signals, readiness and profile of a session from its states. A session without a page view has nothing
 * the models read yet: it gets signals only, and no score or profile (absent, never a guess).
 */
export function analyzeSession(states: SessionStates, context: SessionContext): SessionAnalysis {
  const signals = Object.fromEntries(computeSignals(states.signal).map((s) => [s.name, s.value]));
  if (states.signal.pageViews === 0) return { signals, readiness: null, profile: null, profileModel: null };
  const { neuromind: model, neuromindVersion } = models();
  const live = liveInputs(states, context);
  const score =
    context.conversions > 0 ? convertedScore(context.conversions) : scoreLiveSession(live.model, live.features);
  return {
    signals,
    readiness: { ...score, modelKind: live.kind },
    profile: model ? classifyNeuromind(model, states.signal, states.journey, context.scoring?.neuromindBaseline) : null,
    profileModel: neuromindVersion,
  };
}
