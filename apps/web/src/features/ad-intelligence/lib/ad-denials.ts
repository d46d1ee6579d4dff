import type { DenialTexts } from '../../../lib/can';

/** Why Implement Optimization is not offered, as the Ad Intelligence screen says it. */
export const AD_OPTIMIZATION_DENIALS: DenialTexts = {
  read_only: 'The demo business is read-only: you can read its recommendations but not implement them.',
  role: 'Viewers can read recommendations; implementing them needs an owner, admin or member of this business.',
};
