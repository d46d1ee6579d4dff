import { ShieldAlert } from 'lucide-react';

/**
 * Marks a session the server flagged as likely forged (a surge from one network, a conversion without a page
 * view, no user agent): it stays listed, and is left out of the readiness model's refits. The reason is in
 * the text for screen readers and in the tooltip.
 */
export function SuspectBadge({ reason }: { reason: string | null | undefined }) {
  if (!reason) return null;
  return (
    <span
      title={`${reason}. Left out of model refits.`}
      className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800"
    >
      <ShieldAlert aria-hidden="true" className="size-3.5" />
      Flagged<span className="sr-only">: {reason}</span>
    </span>
  );
}
