import type { DenialTexts } from '../../../lib/can';

/** Why the readiness model cannot be refitted, as the model panel says it. */
export const REFIT_DENIALS: DenialTexts = {
  read_only: 'The demo business is read-only: its model cannot be refitted.',
};
