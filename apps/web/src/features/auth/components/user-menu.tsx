import type { User } from '@ri/contracts';
import { LogOut, Mail } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { focusRing } from '../../../lib/focus-ring';
import { useSignOut } from '../hooks/use-auth-mutations';
import { getUserDisplayName, getUserInitial } from '../lib/user-initial';

const itemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-indigo-50 data-[highlighted]:text-indigo-700 data-[disabled]:opacity-50';

type UserMenuProps = { user: User; businessName: string | null };

export function UserMenu({ user, businessName }: UserMenuProps) {
  const signOut = useSignOut();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label="User menu"
        className={`grid size-9 shrink-0 place-items-center rounded-full bg-indigo-600 text-sm font-semibold text-white hover:bg-indigo-700 ${focusRing}`}
      >
        <span aria-hidden="true">{getUserInitial(user)}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          <div className="px-2 py-2">
            <p className="truncate text-sm font-semibold text-slate-900">{getUserDisplayName(user)}</p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
            {businessName && <p className="mt-1 truncate text-xs text-slate-500">{businessName}</p>}
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/outbox">
              <Mail aria-hidden="true" className="size-4" />
              Mail outbox
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
            <LogOut aria-hidden="true" className="size-4" />
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
