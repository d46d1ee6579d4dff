import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/ui/spinner';
import type { PlaceholderScreenId } from '../features/placeholder/lib/screens';
import { AuthGate } from './layout/auth-gate';
import { RouteErrorScreen } from './layout/route-error-screen';

// Screens load on demand so the first paint carries only the shell and the sign-in form.
const PlaceholderScreen = lazy(() =>
  import('../features/placeholder/components/placeholder-screen').then((m) => ({ default: m.PlaceholderScreen })),
);
const OutboxScreen = lazy(() =>
  import('../features/outbox/components/outbox-screen').then((m) => ({ default: m.OutboxScreen })),
);
const DashboardRoute = lazy(() => import('./routes/dashboard-route').then((m) => ({ default: m.DashboardRoute })));
const IntegrationsRoute = lazy(() =>
  import('./routes/integrations-route').then((m) => ({ default: m.IntegrationsRoute })),
);
const TrackingScriptRoute = lazy(() =>
  import('./routes/tracking-script-route').then((m) => ({ default: m.TrackingScriptRoute })),
);
const ConversionSpyRoute = lazy(() =>
  import('./routes/conversion-spy-route').then((m) => ({ default: m.ConversionSpyRoute })),
);
const AdIntelligenceRoute = lazy(() =>
  import('./routes/ad-intelligence-route').then((m) => ({ default: m.AdIntelligenceRoute })),
);
const CustomerIntelligenceRoute = lazy(() =>
  import('./routes/customer-intelligence-route').then((m) => ({ default: m.CustomerIntelligenceRoute })),
);
const RevenueStrategistRoute = lazy(() =>
  import('./routes/revenue-strategist-route').then((m) => ({ default: m.RevenueStrategistRoute })),
);
const SignalGraphScreen = lazy(() =>
  import('../features/signal-graph/components/signal-graph-screen').then((m) => ({ default: m.SignalGraphScreen })),
);
const SessionAdminScreen = lazy(() =>
  import('../features/session-admin/components/session-admin-screen').then((m) => ({ default: m.SessionAdminScreen })),
);
const SessionDetailScreen = lazy(() =>
  import('../features/session-admin/components/session-detail-screen').then((m) => ({
    default: m.SessionDetailScreen,
  })),
);

const placeholder = (path: string | undefined, screen: PlaceholderScreenId): RouteObject =>
  path === undefined
    ? { index: true, element: <PlaceholderScreen screen={screen} /> }
    : { path, element: <PlaceholderScreen screen={screen} /> };

function notFound(): never {
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
}

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <AuthGate />,
    errorElement: <RouteErrorScreen fullPage />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      {
        // Errors inside a screen keep the sidebar and header around the fallback.
        errorElement: <RouteErrorScreen />,
        children: [
          { index: true, element: <DashboardRoute /> },
          { path: 'conversion-spy-engine', element: <ConversionSpyRoute /> },
          { path: 'behavioral-signals', element: <SignalGraphScreen /> },
          { path: 'ad-intelligence', element: <AdIntelligenceRoute /> },
          { path: 'customer-intelligence', element: <CustomerIntelligenceRoute /> },
          { path: 'customer-intelligence/:id', element: <CustomerIntelligenceRoute /> },
          { path: 'revenue-strategist', element: <RevenueStrategistRoute /> },
          { path: 'integrations', element: <IntegrationsRoute /> },
          placeholder('dev-monitoring', 'dev-monitoring'),
          placeholder('prompts-editor', 'prompts-editor'),
          placeholder('data-map', 'data-map'),
          { path: 'admin', element: <SessionAdminScreen /> },
          { path: 'admin/sessions/:sessionId', element: <SessionDetailScreen /> },
          { path: 'tracking-script', element: <TrackingScriptRoute /> },
          { path: 'outbox', element: <OutboxScreen /> },
          { path: 'login', element: <Navigate to="/" replace /> },
          // The e-mail links; AuthGate shows their views in place of the app.
          { path: 'auth/reset', element: null },
          { path: 'auth/confirm', element: null },
          // Unknown paths answer 404 inside the app; signed out, AuthGate shows sign-in instead.
          { path: '*', loader: notFound, element: null },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
