import type { DenialTexts } from '../../../lib/can';

/** Why segments, profile rebuilds and customer actions are not offered, as the Customer Intelligence screen says it. */
export const CUSTOMER_MANAGE_DENIALS: DenialTexts = {
  read_only: 'The demo business is read-only: you can explore its customers but not change segments or act on them.',
  role: 'Viewers can explore customers; changing segments and engaging customers needs an owner, admin or member.',
};
