import type { DenialTexts } from '../../../lib/can';

/** Why integrations cannot be connected, synced or disconnected, as the Integrations screen says it. */
export const INTEGRATION_DENIALS: DenialTexts = {
  read_only: 'The demo business is read-only: you can view its integrations but not connect, sync or disconnect them.',
  role: 'Only owners and admins of this business can connect, sync or disconnect integrations.',
};
