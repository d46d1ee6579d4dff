import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ReactNode, useRef } from 'react';
import { focusRing } from '../../lib/focus-ring';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** One line under the title; also the dialog's accessible description. */
  description?: ReactNode;
  children: ReactNode;
  /** Buttons along the bottom edge, e.g. Cancel and the confirming action. */
  footer?: ReactNode;
  size?: 'md' | 'lg';
};

const widths = { md: 'sm:max-w-lg', lg: 'sm:max-w-3xl' } as const;

/**
 * The opener, or, when the screen re-rendered it while the dialog was open (a list refreshed behind the dialog),
 * the element now in its place: the one with the same accessible label.
 */
function reconnected(opener: HTMLElement | null): HTMLElement | null {
  if (!opener || opener.isConnected) return opener;
  const label = opener.getAttribute('aria-label');
  if (!label) return null;
  const same = [...document.querySelectorAll<HTMLElement>(opener.tagName)].find(
    (el) => el.getAttribute('aria-label') === label,
  );
  return same ?? null;
}

/**
 * A modal dialog over a dimmed page: focus moves into it and returns to the opener on close, Tab stays
 * inside, Escape or the backdrop closes it. Full-width on a phone, centred on wider screens; the body
 * scrolls when its content is taller than the screen.
 */
export function Modal({ open, onOpenChange, title, description, children, footer, size = 'md' }: Props) {
  // Radix returns focus to a Dialog.Trigger; these dialogs are opened by the screen's own buttons, so the
  // element that had focus when the dialog opened is remembered here and focused again on close.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 animate-fade-in" />
        <Dialog.Content
          // Without a description, say so explicitly rather than point at a missing element.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = reconnected(opener.current);
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          className={`fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col rounded-t-2xl bg-white shadow-xl outline-none animate-fade-in sm:inset-x-4 sm:top-1/2 sm:bottom-auto sm:mx-auto sm:-translate-y-1/2 sm:rounded-2xl ${widths[size]}`}
        >
          <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-4">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
              {description && (
                <Dialog.Description className="mt-0.5 text-sm text-slate-600">{description}</Dialog.Description>
              )}
            </div>
            <Dialog.Close
              aria-label="Close"
              className={`shrink-0 rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700 ${focusRing}`}
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer && (
            <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 px-5 py-3">{footer}</div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
