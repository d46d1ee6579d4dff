import type { Business } from '@ri/contracts';

/** Whether the person may change the business's page-type rules, and if not, the sentence that says why. */
export type PageTypesAccess = { canEdit: boolean; readOnlyReason: string | null };

/** Mirrors the server's rule (owner or admin, never the demo) so the editor is not offered in vain. */
export function getPageTypesAccess(business: Pick<Business, 'read_only' | 'role' | 'is_demo'> | null): PageTypesAccess {
  if (!business) return { canEdit: true, readOnlyReason: null };
  if (business.read_only || business.is_demo) {
    return {
      canEdit: false,
      readOnlyReason: 'The demo business is read-only: you can view its page types but not change them.',
    };
  }
  if (business.role !== 'owner' && business.role !== 'admin') {
    return {
      canEdit: false,
      readOnlyReason: 'Only owners and admins of this business can change its page-type rules.',
    };
  }
  return { canEdit: true, readOnlyReason: null };
}
