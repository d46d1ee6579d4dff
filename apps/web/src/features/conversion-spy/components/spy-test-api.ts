import type { LiveSession } from '@ri/contracts';
import { insightsResponse, liveSessionsResponse, liveStream } from '../../../test/intelligence-fixtures';
import { json, type MockRequest, type Reply } from '../../../test/mock-api';
import { mockSignedInApi } from '../../../test/render-app';

export const SESSIONS_PATH = '/analytics/digital-body-language-sessions';

export const sessionRequests = (requests: MockRequest[]) => requests.filter((r) => r.path === SESSIONS_PATH);

/** The answers the Conversion Spy Engine needs, with a live stream that stays open; override any. */
export function mockSpyApi(sessions: LiveSession[], overrides: Record<string, Reply> = {}) {
  const stream = liveStream();
  const mock = mockSignedInApi({
    [`GET ${SESSIONS_PATH}`]: json(200, liveSessionsResponse(sessions)),
    'GET /analytics/behavioral-insights': json(200, insightsResponse),
    'GET /analytics/live-sessions/stream': stream.reply,
    'GET /engagement/actions': json(200, { actions: [] }),
    ...overrides,
  });
  return { ...mock, stream };
}
