import {
  type AdminSessionsQuery,
  type AdminSessionsResponse,
  isUuid,
  round,
  SESSION_NOT_FOUND,
  type SessionDetail,
  type SessionListItem,
  type SessionStats,
  type TimeRange,
} from '@ri/contracts';
import { summarizeSession } from '@ri/engine';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import * as repo from './admin.repo.js';

export const MAX_DETAIL_EVENTS = 2_000;

/** How long a session lasted so far, in whole seconds, from its first to its last event. */
export const sessionSeconds = (s: Pick<repo.SessionRow, 'startedAt' | 'lastEventAt'>) =>
  Math.max(0, Math.round((s.lastEventAt.getTime() - s.startedAt.getTime()) / 1000));

export function toListItem(row: { session: repo.SessionRow; isActive: boolean }): SessionListItem {
  const s = row.session;
  return {
    id: s.id,
    business_id: s.businessId,
    tracking_id: s.trackingId,
    visitor_id: s.visitorId,
    page_url: s.firstUrl ?? s.lastUrl,
    page_title: s.firstTitle ?? s.lastTitle,
    device_type: s.deviceType,
    browser: s.browser,
    duration: sessionSeconds(s),
    events_count: s.eventsCount,
    is_active: Boolean(row.isActive),
    start_time: s.startedAt.toISOString(),
    suspect: s.suspect,
  };
}

/** A page of the business's sessions of a time range, with how many pages there are. */
export async function listSessions(db: Db, businessId: string, q: AdminSessionsQuery): Promise<AdminSessionsResponse> {
  const { rows, total } = await repo.listSessions(db, businessId, {
    range: q.time_range,
    status: q.status_filter,
    page: q.page,
    limit: q.limit,
  });
  const totalPages = Math.max(1, Math.ceil(total / q.limit));
  return {
    sessions: rows.map(toListItem),
    pagination: {
      page: q.page,
      total_pages: totalPages,
      total_count: total,
      has_prev: q.page > 1,
      has_next: q.page < totalPages,
    },
  };
}

/** Session totals of a time range: counts, average duration, top pages, devices and bot requests. */
export async function getSessionStats(db: Db, businessId: string, range: TimeRange): Promise<SessionStats> {
  const stats = await repo.sessionStats(db, businessId, range);
  return {
    total_sessions: Number(stats.totals.sessions),
    active_sessions: Number(stats.totals.active),
    total_events: Number(stats.totals.events),
    avg_session_duration: round(Number(stats.totals.avgSeconds), 1),
    top_pages: stats.topPages
      .filter((p) => p.url)
      .map((p) => ({ url: p.url!, title: p.title, views: Number(p.views) })),
    device_breakdown: stats.devices.map((d) => ({ device_type: d.device, sessions: Number(d.sessions) })),
    bot_requests: stats.bots,
  };
}

/** One session of the business with its events and the derived views of the spec's session detail. */
export async function getSessionDetail(db: Db, businessId: string, sessionId: string): Promise<SessionDetail> {
  if (!isUuid(sessionId)) throw new AppError('not_found', SESSION_NOT_FOUND);
  const row = await repo.findSession(db, businessId, sessionId);
  if (!row) throw new AppError('not_found', SESSION_NOT_FOUND);
  const s = row.session;
  const events = await repo.listSessionEvents(db, businessId, sessionId, MAX_DETAIL_EVENTS + 1);
  const shown = events.slice(0, MAX_DETAIL_EVENTS);
  const summary = summarizeSession(
    shown.map((e) => ({
      type: e.type,
      at: e.occurredAt.getTime(),
      url: e.url,
      title: e.title,
      el: e.el,
      data: (e.data as Record<string, unknown> | null) ?? {},
    })),
    s.activeMs,
  );
  const utm = Object.fromEntries(
    (
      [
        ['utm_source', s.utmSource],
        ['utm_medium', s.utmMedium],
        ['utm_campaign', s.utmCampaign],
        ['utm_term', s.utmTerm],
        ['utm_content', s.utmContent],
        ['fbclid', s.fbclid],
        ['gclid', s.gclid],
      ] as const
    ).filter(([, v]) => v),
  ) as Record<string, string>;
  const location = [s.city, s.region, s.country].filter(Boolean).join(', ') || null;
  return {
    id: s.id,
    suspect: s.suspect,
    business_id: s.businessId,
    tracking_id: s.trackingId,
    visitor_id: s.visitorId,
    start_time: s.startedAt.toISOString(),
    end_time: row.isActive ? null : s.lastEventAt.toISOString(),
    is_active: Boolean(row.isActive),
    duration: sessionSeconds(s),
    total_events: s.eventsCount,
    total_pages: s.pageViews,
    clicks: s.clicks,
    primary_page_url: s.firstUrl ?? s.lastUrl,
    primary_page_title: s.firstTitle ?? s.lastTitle,
    source: s.trafficSource,
    device_info: { device_type: s.deviceType, browser: s.browser, os: s.os, location, referrer: s.referrer },
    pages_visited: summary.pages_visited,
    session_quality: summary.session_quality,
    utm_data: utm,
    traffic_sources: [s.trafficSource, ...(s.referrer ? [s.referrer] : [])],
    engagement_metrics: summary.engagement_metrics,
    page_transitions: summary.page_transitions.map((t) => ({
      timestamp: new Date(t.at).toISOString(),
      from: t.from,
      to: t.to,
    })),
    event_breakdown: summary.event_breakdown,
    time_on_elements: summary.time_on_elements,
    events: shown.map((e) => {
      const data = (e.data as Record<string, unknown> | null) ?? {};
      const dur = typeof data.dur === 'number' ? data.dur : null;
      return {
        id: e.id,
        event_type: e.type,
        element_id: e.el,
        page_url: e.url,
        timestamp: e.occurredAt.toISOString(),
        duration: dur,
        metadata: data,
      };
    }),
    events_truncated: events.length > MAX_DETAIL_EVENTS,
  };
}

/** True when the session exists and is the business's. */
export async function sessionExists(db: Db, businessId: string, sessionId: string): Promise<boolean> {
  return isUuid(sessionId) && (await repo.findSession(db, businessId, sessionId)) !== undefined;
}
