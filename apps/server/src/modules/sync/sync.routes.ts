import { API, type SyncStatus } from '@ri/contracts';
import { type Route, route } from '../../http/routes.js';
import type { DataSource } from '../integrations/index.js';

const NONE = {
  sync_available: false,
  cooldown_remaining_seconds: 0,
  cooldown_remaining_minutes: 0,
  next_sync_available_at: null,
} as const;

const list = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * What the header's Sync can do for the business, from its connected data sources: nothing without one; while
 * a source's sync is paused (a vendor's rate limit), when it resumes; otherwise ready, naming the sources and
 * any that need reconnecting.
 */
export function syncStatusOf(sources: DataSource[], now = new Date()): SyncStatus {
  const usable = sources.filter((s) => s.status !== 'disconnected');
  if (usable.length === 0) {
    return {
      ...NONE,
      connected_sources: 0,
      reason: 'no_data_source',
      message: 'No data source is connected yet. Connect one under Integrations to sync.',
    };
  }
  const paused = usable
    .filter((s) => s.activeRun?.status === 'timeout_resuming' && s.activeRun.resumeAt && s.activeRun.resumeAt > now)
    .sort((a, b) => b.activeRun!.resumeAt!.getTime() - a.activeRun!.resumeAt!.getTime());
  const running = usable.filter((s) => s.activeRun && !paused.includes(s));
  const broken = usable.filter((s) => s.status === 'error');
  const named = `${usable.length} data source${usable.length === 1 ? '' : 's'} connected (${list(usable.map((s) => s.name))}).`;
  const notes = [
    running.length ? `${list(running.map((s) => s.name))} ${running.length === 1 ? 'is' : 'are'} syncing now.` : '',
    broken.length ? `${list(broken.map((s) => s.name))} need${broken.length === 1 ? 's' : ''} reconnecting.` : '',
  ].filter(Boolean);
  if (paused.length > 0 && running.length === 0) {
    const resumeAt = paused[0]!.activeRun!.resumeAt!;
    const seconds = Math.ceil((resumeAt.getTime() - now.getTime()) / 1000);
    return {
      sync_available: false,
      cooldown_remaining_seconds: seconds,
      cooldown_remaining_minutes: Math.ceil(seconds / 60),
      next_sync_available_at: resumeAt.toISOString(),
      connected_sources: usable.length,
      reason: 'cooldown',
      message: `${named} ${list(paused.map((s) => s.name))} paused at the vendor's rate limit and resume${paused.length === 1 ? 's' : ''} by itself.`,
    };
  }
  return {
    ...NONE,
    sync_available: true,
    connected_sources: usable.length,
    reason: 'ready',
    message: [named, ...notes].join(' '),
  };
}

/** The header's Sync: whether it can run for the current business. */
export const syncRoutes = (sources: (businessId: string) => Promise<DataSource[]>): Route[] => [
  route(API.getSyncStatus, async ({ access }) => syncStatusOf(await sources(access.business.id))),
];
