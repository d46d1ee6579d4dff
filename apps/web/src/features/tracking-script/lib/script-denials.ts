import type { DenialTexts } from '../../../lib/can';

/** Why the tracking script's settings cannot be changed, as the Tracking Script screen says it. */
export const SCRIPT_DENIALS: DenialTexts = {
  read_only: 'The demo business is read-only: you can view its script but not change it.',
  role: 'Only owners and admins of this business can change its tracking script.',
};
