import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { customerId, customerList, detail, insight, segments } from './customer-fixtures';
import { json, type MockRequest, type Reply } from './mock-api';
import { mockSignedInApi, renderApp } from './render-app';

export const CUSTOMER_PATHS = {
  list: '/analytics/customer-profiles',
  export: '/analytics/customer-profiles/export',
  segments: '/analytics/customer-segments',
  insights: '/analytics/customer-insights',
  generate: '/analytics/generate-neuromind-profiles',
  task: (id: string) => `/analytics/task-status/${id}`,
  detail: (id: string) => `/analytics/customer-profiles/${id}`,
  recommendations: (id: string) => `/analytics/customer-profiles/${id}/engagement-recommendations`,
  actions: (id: string) => `/analytics/customer-profiles/${id}/actions`,
} as const;

export function mockCustomerApi(overrides: Record<string, Reply> = {}) {
  return mockSignedInApi({
    [`GET ${CUSTOMER_PATHS.list}`]: json(200, customerList()),
    [`GET ${CUSTOMER_PATHS.segments}`]: json(200, segments),
    [`GET ${CUSTOMER_PATHS.insights}`]: json(200, { insights: [insight] }),
    [`GET ${CUSTOMER_PATHS.detail(customerId(1))}`]: json(200, detail()),
    [`GET ${CUSTOMER_PATHS.actions(customerId(1))}`]: json(200, { actions: [] }),
    ...overrides,
  });
}

export const requestsTo = (requests: MockRequest[], path: string, method = 'GET') =>
  requests.filter((r) => r.path === path && r.method === method);

/** Renders /customer-intelligence (or `path`) and waits for the Customer Profiles section. */
export async function openCustomerScreen(path = '/customer-intelligence') {
  const user = userEvent.setup();
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Customer Profiles' });
  return { user, ...view };
}
