import type { User } from '@ri/contracts';
import { Menu } from 'lucide-react';
import { UserMenu } from '../../features/auth/components/user-menu';
import { BusinessBadge } from '../../features/business/components/business-badge';
import { useCurrentBusiness } from '../../features/business/hooks/use-current-business';
import { SyncButton } from '../../features/sync/components/sync-button';
import { SyncStatusChips } from '../../features/sync/components/sync-status-chips';
import { focusRing } from '../../lib/focus-ring';

type AppHeaderProps = { user: User; showMenuButton: boolean; onOpenMenu: () => void };

export function AppHeader({ user, showMenuButton, onOpenMenu }: AppHeaderProps) {
  const { business } = useCurrentBusiness();
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/90 px-3 backdrop-blur sm:gap-3 sm:px-6">
      {showMenuButton && (
        <button
          type="button"
          aria-label="Open menu"
          onClick={onOpenMenu}
          className={`rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 ${focusRing}`}
        >
          <Menu aria-hidden="true" className="size-5" />
        </button>
      )}
      <div className="min-w-0 flex-1">
        <BusinessBadge />
      </div>
      <SyncStatusChips />
      <SyncButton />
      <UserMenu user={user} businessName={business?.name ?? null} />
    </header>
  );
}
