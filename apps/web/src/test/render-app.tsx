import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { appRoutes } from '../app/router';
import { demoBusiness, noSourceSyncStatus, ownBusiness, user } from './fixtures';
import { json, mockApi } from './mock-api';

/** Renders the whole app at `path` with a fresh cache and router, as a page load would. */
export function renderApp(path = '/') {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  // StrictMode as in main.tsx, so effects that must run once (e-mail confirmation) are tested twice over.
  const view = render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { ...view, router, queryClient };
}

/** The answers of a signed-in user with a business and no data source; override any of them. */
export function mockSignedInApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /auth/user': json(200, user),
    'GET /businesses': json(200, { businesses: [ownBusiness, demoBusiness] }),
    'GET /analytics/sync-status': json(200, noSourceSyncStatus),
    ...overrides,
  });
}
