import type { DenialTexts } from '../../../lib/can';

/** Why the goals form is not offered: goals are the owner's and admins' (spec 6, decision 0032). */
export const GOALS_DENIALS: DenialTexts = {
  read_only: 'This business is read-only: its goals cannot be changed here.',
  role: "Goals are set by the business's owner or an admin.",
};

/** Why Generate Neuromind Profiles is not offered. */
export const PROFILES_DENIALS: DenialTexts = {
  read_only: 'This business is read-only: its profiles are rebuilt by its own team.',
  role: 'Viewers cannot rebuild the profiles; ask a member of the business.',
};
