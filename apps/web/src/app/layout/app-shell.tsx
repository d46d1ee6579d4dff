import type { User } from '@ri/contracts';
import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { AppHeader } from './app-header';
import { MobileDrawer } from './mobile-drawer';
import { SidebarNav } from './sidebar-nav';

/** Sidebar, header and the current screen, for a signed-in user. */
export function AppShell({ user }: { user: User }) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  // Remember the path the drawer was opened on: any navigation away closes it.
  const [drawerPath, setDrawerPath] = useState(pathname);
  const isDrawerOpen = drawerOpen && !isDesktop && drawerPath === pathname;

  const openDrawer = () => {
    setDrawerPath(pathname);
    setDrawerOpen(true);
  };

  return (
    <div className="min-h-dvh bg-slate-50 lg:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      {isDesktop ? (
        <aside className="sticky top-0 h-dvh w-64 shrink-0">
          <SidebarNav />
        </aside>
      ) : (
        <MobileDrawer open={isDrawerOpen} onOpenChange={setDrawerOpen}>
          <SidebarNav onNavigate={() => setDrawerOpen(false)} />
        </MobileDrawer>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <AppHeader user={user} showMenuButton={!isDesktop} onOpenMenu={openDrawer} />
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8">
          <Suspense fallback={<Spinner label="Loading..." />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
