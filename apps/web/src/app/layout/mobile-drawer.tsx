import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ReactNode, useEffect } from 'react';
import { focusRing } from '../../lib/focus-ring';

type MobileDrawerProps = { open: boolean; onOpenChange: (open: boolean) => void; children: ReactNode };

/**
 * The sidebar below 1024 px: a modal panel sliding in from the left over a backdrop. Escape, a click
 * on the backdrop or on a link closes it; the page behind does not scroll while it is open.
 */
export function MobileDrawer({ open, onOpenChange, children }: MobileDrawerProps) {
  useEffect(() => {
    if (!open) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [open]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay data-testid="drawer-backdrop" className="fixed inset-0 z-40 bg-slate-900/50 animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          aria-modal="true"
          className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] shadow-xl outline-none animate-drawer-in"
        >
          <Dialog.Title className="sr-only">Navigation</Dialog.Title>
          {children}
          <Dialog.Close
            aria-label="Close menu"
            className={`absolute top-4 right-3 rounded-md p-1.5 text-slate-400 hover:bg-slate-800 hover:text-white ${focusRing} focus-visible:ring-offset-slate-900`}
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
