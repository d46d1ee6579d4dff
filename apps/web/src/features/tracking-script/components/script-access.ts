import type { Business } from '@ri/contracts';

/** Whether the person may change this business's script, and if not, the sentence that says why. */
export type ScriptAccess = { canEdit: boolean; readOnlyReason: string | null };

/** Mirrors the server's rule (owner or admin, never the demo) so the form is not offered in vain. */
export function getScriptAccess(business: Pick<Business, 'read_only' | 'role' | 'is_demo'> | null): ScriptAccess {
  if (!business) return { canEdit: true, readOnlyReason: null };
  if (business.read_only || business.is_demo) {
    return {
      canEdit: false,
      readOnlyReason: 'The demo business is read-only: you can view its script but not change it.',
    };
  }
  if (business.role !== 'owner' && business.role !== 'admin') {
    return {
      canEdit: false,
      readOnlyReason: 'Only owners and admins of this business can change its tracking script.',
    };
  }
  return { canEdit: true, readOnlyReason: null };
}
