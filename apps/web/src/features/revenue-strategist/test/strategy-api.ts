import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, type MockRequest, type Reply } from '../../../test/mock-api';
import { mockSignedInApi, renderApp } from '../../../test/render-app';
import { actions, competitorPrice, marketInsights, recommendationList, simulations } from './strategy-fixtures';

/** Ids hold ':' and '#' (`rule:subject#step`); the client sends them encoded, as these paths do. */
const enc = encodeURIComponent;

export const STRATEGY_PATHS = {
  recommendations: '/analytics/strategic-recommendations',
  generate: '/strategy/recommendations',
  implement: (id: string) => `/strategy/recommendations/${enc(id)}/implement`,
  actions: '/strategy/small-compounding-actions',
  action: (id: string) => `/strategy/small-compounding-actions/${enc(id)}`,
  simulations: '/strategy/revenue-simulations',
  market: '/strategy/market-insights',
  plan: (id: string) => `/strategy/market-insights/${enc(id)}/action-plan`,
  prices: '/strategy/competitor-prices',
  price: (id: string) => `/strategy/competitor-prices/${enc(id)}`,
} as const;

/** The strategist's reads answered with the fixtures; override any route. */
export function mockStrategyApi(overrides: Record<string, Reply> = {}) {
  return mockSignedInApi({
    [`GET ${STRATEGY_PATHS.recommendations}`]: json(200, recommendationList()),
    [`GET ${STRATEGY_PATHS.actions}`]: json(200, { actions }),
    [`GET ${STRATEGY_PATHS.simulations}`]: json(200, simulations()),
    [`GET ${STRATEGY_PATHS.market}`]: json(200, marketInsights()),
    [`GET ${STRATEGY_PATHS.prices}`]: json(200, { prices: [competitorPrice()] }),
    ...overrides,
  });
}

export const requestsTo = (requests: MockRequest[], path: string, method = 'GET') =>
  requests.filter((r) => r.path === path && r.method === method);

/** Renders /revenue-strategist and waits for the tabs. */
export async function openStrategist() {
  const user = userEvent.setup();
  const view = renderApp('/revenue-strategist');
  await screen.findByRole('tablist', { name: 'Revenue Strategist' });
  return { user, ...view };
}
