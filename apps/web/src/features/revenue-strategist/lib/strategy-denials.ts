import type { DenialTexts } from '../../../lib/can';

/**
 * Why Implement, Start/Complete/Dismiss, Create Action Plan and competitor prices are not offered, as the
 * Revenue Strategist says it. Reading, generating insights and running simulations stay open to everyone.
 */
export const STRATEGY_ACT_DENIALS: DenialTexts = {
  read_only:
    'The demo business is read-only: you can generate insights and run simulations, but not implement recommendations, change actions or enter prices.',
  role: 'Viewers can read the strategy and run simulations; acting on it needs an owner, admin or member of this business.',
};
