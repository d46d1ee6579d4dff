import { API, type SyncStatus } from '@ri/contracts';
import { type Route, route } from '../../http/routes.js';

/** Until a data source is connected there is nothing to sync (the integrations work adds them). */
const NO_DATA_SOURCE: SyncStatus = {
  sync_available: false,
  cooldown_remaining_seconds: 0,
  cooldown_remaining_minutes: 0,
  next_sync_available_at: null,
  connected_sources: 0,
  reason: 'no_data_source',
  message: 'No data source is connected yet. Connect one under Integrations to sync.',
};

/** The header's Sync: whether it can run for the current business. */
export const syncRoutes = (): Route[] => [route(API.getSyncStatus, () => NO_DATA_SOURCE)];
