import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, type MockRequest, type Reply } from '../../../test/mock-api';
import { mockSignedInApi, renderApp } from '../../../test/render-app';
import { dashboard, recommendationList } from './dashboard-fixtures';

export const DASHBOARD_PATHS = {
  dashboard: '/analytics/dashboard',
  goals: '/analytics/goals',
  cache: '/analytics/cache-invalidate',
  recommendations: '/analytics/strategic-recommendations',
  generate: '/analytics/generate-strategic-insights',
  profiles: '/analytics/generate-neuromind-profiles',
  task: (id: string) => `/analytics/task-status/${id}`,
} as const;

/** A signed-in owner whose dashboard has data and saved recommendations; override any answer. */
export function mockDashboardApi(overrides: Record<string, Reply> = {}) {
  return mockSignedInApi({
    [`GET ${DASHBOARD_PATHS.dashboard}`]: json(200, dashboard()),
    [`GET ${DASHBOARD_PATHS.recommendations}`]: json(200, recommendationList()),
    ...overrides,
  });
}

export const requestsTo = (requests: MockRequest[], path: string, method = 'GET') =>
  requests.filter((r) => r.path === path && r.method === method);

/** Renders / (or `path`) and waits for the goal cards. */
export async function openDashboard(path = '/') {
  const user = userEvent.setup();
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Monthly Revenue' });
  return { user, ...view };
}
