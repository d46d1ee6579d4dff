import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LoadingScreen } from '../../components/ui/spinner';
import { useAuthUser } from '../../features/auth/hooks/use-auth-user';
import { useSessionAutoRefresh } from '../../features/auth/hooks/use-session-auto-refresh';
import { isAuthLinkPath } from '../../features/auth/lib/auth-link-paths';
import { getSession, useSession } from '../../lib/session';

// A visitor needs either the sign-in screen or the app, never both at first: each is its own chunk.
const loadAuthScreen = () => import('../../features/auth/components/auth-screen');
const loadAppShell = () => import('./app-shell');
const AuthScreen = lazy(() => loadAuthScreen().then((m) => ({ default: m.AuthScreen })));
const AppShell = lazy(() => loadAppShell().then((m) => ({ default: m.AppShell })));

/** While the session check runs, fetch the chunk this visit most likely needs (a known expiry means a session). */
function preloadLikelyScreen() {
  void (getSession().expiresAt !== null ? loadAppShell() : loadAuthScreen());
}

/**
 * The root of every route: a spinner while the first session check runs, the authentication screen
 * when nobody is signed in (or an e-mail link is being followed), the app otherwise.
 */
export function AuthGate() {
  const { pathname } = useLocation();
  const session = useSession();
  const userQuery = useAuthUser();
  const user = session.status === 'signed-in' ? userQuery.data : null;
  useSessionAutoRefresh(Boolean(user));
  useEffect(preloadLikelyScreen, []);

  if (userQuery.isPending) return <LoadingScreen />;
  if (userQuery.isError && !user) {
    return (
      <main className="grid min-h-dvh place-items-center bg-slate-50 px-4">
        <div className="w-full max-w-md space-y-4">
          <Alert tone="error">Could not check your session: {userQuery.error.message}</Alert>
          <Button onClick={() => void userQuery.refetch()} busy={userQuery.isFetching} className="w-full">
            Try Again
          </Button>
        </div>
      </main>
    );
  }
  return (
    <Suspense fallback={<LoadingScreen />}>
      {!user || isAuthLinkPath(pathname) ? <AuthScreen /> : <AppShell user={user} />}
    </Suspense>
  );
}
