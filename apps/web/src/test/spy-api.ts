import type { LiveSession, ReadinessModel } from '@ri/contracts';
import { insightsResponse, liveSessionsResponse, liveStream, profileOutcomesResponse } from './intelligence-fixtures';
import { json, type MockRequest, type Reply } from './mock-api';
import { mockSignedInApi } from './render-app';

export const SESSIONS_PATH = '/analytics/digital-body-language-sessions';

export const READINESS_MODEL_PATH = '/analytics/readiness-model';

export const OUTCOMES_PATH = '/analytics/neuromind-outcomes';

/** A business with no refit yet, scored by the prior; override any field. */
export function readinessModel(overrides: Partial<ReadinessModel> = {}): ReadinessModel {
  return {
    status: 'prior',
    refitting: false,
    reason: 'No refit has run yet: scores use the prior fitted on the UCI Online Shoppers data set.',
    sessions: 0,
    conversions: 0,
    pages: 0,
    metrics: null,
    fitted_at: null,
    thresholds: { min_sessions: 500, min_conversions: 20 },
    ...overrides,
  };
}

export const sessionRequests = (requests: MockRequest[]) => requests.filter((r) => r.path === SESSIONS_PATH);

/** The answers the Conversion Spy Engine needs, with a live stream that stays open; override any. */
export function mockSpyApi(sessions: LiveSession[], overrides: Record<string, Reply> = {}) {
  const stream = liveStream();
  const mock = mockSignedInApi({
    [`GET ${SESSIONS_PATH}`]: json(200, liveSessionsResponse(sessions)),
    'GET /analytics/behavioral-insights': json(200, insightsResponse),
    'GET /analytics/live-sessions/stream': stream.reply,
    'GET /engagement/actions': json(200, { actions: [] }),
    [`GET ${READINESS_MODEL_PATH}`]: json(200, readinessModel()),
    [`GET ${OUTCOMES_PATH}`]: json(200, profileOutcomesResponse),
    ...overrides,
  });
  return { ...mock, stream };
}
