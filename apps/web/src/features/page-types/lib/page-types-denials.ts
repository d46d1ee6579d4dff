import type { DenialTexts } from '../../../lib/can';

/** Why the page-type rules cannot be changed, as the Page Types tab says it. */
export const PAGE_TYPES_DENIALS: DenialTexts = {
  read_only: 'The demo business is read-only: you can view its page types but not change them.',
  role: 'Only owners and admins of this business can change its page-type rules.',
};
