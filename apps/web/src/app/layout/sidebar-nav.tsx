import { Link, useLocation } from 'react-router';
import { focusRing } from '../../lib/focus-ring';
import { PRODUCT_NAME } from '../../lib/use-document-title';
import { isNavItemActive } from './is-nav-item-active';
import { DEV_NAV, MAIN_NAV, type NavItem } from './nav-items';

type SidebarNavProps = { onNavigate?: () => void };

function NavList({ items, onNavigate }: { items: readonly NavItem[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <ul className="space-y-1">
      {items.map(({ label, to, icon: Icon }) => {
        const active = isNavItemActive(to, pathname);
        return (
          <li key={to}>
            <Link
              to={to}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${focusRing} focus-visible:ring-offset-slate-900 ${
                active ? 'bg-indigo-600 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white'
              }`}
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              <span className="truncate">{label}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** Product name, the seven main screens, the Development group and the version. */
export function SidebarNav({ onNavigate }: SidebarNavProps) {
  return (
    <div className="flex h-full flex-col bg-slate-900 text-slate-100">
      <div className="px-5 py-5">
        <p className="text-lg font-bold tracking-tight text-white">{PRODUCT_NAME}</p>
        <p className="text-xs text-slate-400">Decode the invisible. Unlock your profit.</p>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 pb-4">
        <NavList items={MAIN_NAV} onNavigate={onNavigate} />
        <h2 className="mt-6 mb-2 px-3 text-xs font-semibold uppercase tracking-wider text-slate-500">Development</h2>
        <NavList items={DEV_NAV} onNavigate={onNavigate} />
      </nav>
      <p className="border-t border-slate-800 px-5 py-3 text-xs text-slate-500">v1.0.0</p>
    </div>
  );
}
