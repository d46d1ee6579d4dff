import type { Business } from '@ri/contracts';

/** Whether the person may start a refit, and if not, the sentence that says why. */
export type ReadinessModelAccess = { canRefit: boolean; readOnlyReason: string | null };

/** Until the business is known the button is offered and the server decides (a refusal shows its message). */
export const REFIT_ACCESS_UNKNOWN: ReadinessModelAccess = { canRefit: true, readOnlyReason: null };

/** Mirrors the server's rule for the refit (any member may write; a read-only business may not). */
export function getReadinessModelAccess(business: Pick<Business, 'read_only'> | null): ReadinessModelAccess {
  if (!business) return REFIT_ACCESS_UNKNOWN;
  if (business.read_only) {
    return { canRefit: false, readOnlyReason: 'The demo business is read-only: its model cannot be refitted.' };
  }
  return { canRefit: true, readOnlyReason: null };
}
