import type { DashboardGoals, DashboardGoalsBody } from '@ri/contracts';
import type { SqlExecutor } from '../../db/client.js';

// Reads of the dashboard's rollups and goals. Windows are inclusive UTC days.

export type Window = { first: string; last: string };

export type SessionTotals = {
  sessions: number;
  bounced: number;
  durationMs: number;
  convertedSessions: number;
  conversions: number;
  rageClicks: number;
  frictionSessions: number;
  readinessSum: number;
  readinessN: number;
  readySessions: number;
  paidSessions: number;
  paidEngaged: number;
};

export type MoneyTotals = { gross: number; refunds: number; disputes: number; orders: number };

const EMPTY_SESSIONS: SessionTotals = {
  sessions: 0,
  bounced: 0,
  durationMs: 0,
  convertedSessions: 0,
  conversions: 0,
  rageClicks: 0,
  frictionSessions: 0,
  readinessSum: 0,
  readinessN: 0,
  readySessions: 0,
  paidSessions: 0,
  paidEngaged: 0,
};

/** The sessions of the window and of the one before, and each day of the window. */
export async function readSessions(q: SqlExecutor, businessId: string, current: Window, previous: Window) {
  const { rows } = await q(
    `SELECT date::text AS date, sessions, bounced, duration_ms, converted_sessions, conversions, rage_clicks,
            friction_sessions, readiness_sum, readiness_n, ready_sessions, paid_sessions, paid_engaged
       FROM dashboard_session_daily WHERE business_id = $1 AND date BETWEEN $2::date AND $3::date`,
    [businessId, previous.first, current.last],
  );
  const sum = (into: SessionTotals, r: Record<string, unknown>) => {
    into.sessions += Number(r.sessions);
    into.bounced += Number(r.bounced);
    into.durationMs += Number(r.duration_ms);
    into.convertedSessions += Number(r.converted_sessions);
    into.conversions += Number(r.conversions);
    into.rageClicks += Number(r.rage_clicks);
    into.frictionSessions += Number(r.friction_sessions);
    into.readinessSum += Number(r.readiness_sum);
    into.readinessN += Number(r.readiness_n);
    into.readySessions += Number(r.ready_sessions);
    into.paidSessions += Number(r.paid_sessions);
    into.paidEngaged += Number(r.paid_engaged);
  };
  const now = { ...EMPTY_SESSIONS };
  const before = { ...EMPTY_SESSIONS };
  const days = new Map<string, { sessions: number; converted: number }>();
  for (const r of rows) {
    const date = r.date as string;
    if (date >= current.first) {
      sum(now, r);
      days.set(date, { sessions: Number(r.sessions), converted: Number(r.converted_sessions) });
    } else sum(before, r);
  }
  return { current: now, previous: before, days };
}

/** Whether the business has ever had a tracked session (what a window without one means). */
export async function hasAnySession(q: SqlExecutor, businessId: string): Promise<boolean> {
  const { rows } = await q('SELECT 1 FROM dashboard_session_daily WHERE business_id = $1 LIMIT 1', [businessId]);
  return rows.length > 0;
}

/** The payment account: its currency and whether one is connected. */
export async function paymentAccount(
  q: SqlExecutor,
  businessId: string,
): Promise<{ connected: boolean; currency: string | null; name: string | null }> {
  const { rows } = await q(
    `SELECT name, status, upper(account_info->>'default_currency') AS currency FROM integrations
      WHERE business_id = $1 AND provider = 'stripe' ORDER BY created_at LIMIT 1`,
    [businessId],
  );
  const r = rows[0];
  if (!r) return { connected: false, currency: null, name: null };
  return {
    connected: r.status !== 'disconnected',
    currency: (r.currency as string | null) ?? null,
    name: (r.name as string | null) ?? null,
  };
}

/** The money of the window and the one before in `currency`, each day of the window, and the other currencies seen. */
export async function readMoney(
  q: SqlExecutor,
  businessId: string,
  current: Window,
  previous: Window,
  currency: string | null,
) {
  const { rows } = await q(
    `SELECT date::text AS date, currency, gross, refunds, disputes, orders FROM dashboard_money_daily
      WHERE business_id = $1 AND date BETWEEN $2::date AND $3::date`,
    [businessId, previous.first, current.last],
  );
  const now: MoneyTotals = { gross: 0, refunds: 0, disputes: 0, orders: 0 };
  const before: MoneyTotals = { gross: 0, refunds: 0, disputes: 0, orders: 0 };
  const days = new Map<string, { net: number; orders: number }>();
  const others = new Set<string>();
  // Without a stated account currency, the one most of the money is in.
  const chosen = currency ?? mostCommonCurrency(rows);
  for (const r of rows) {
    if (r.currency !== chosen) {
      others.add(r.currency as string);
      continue;
    }
    const into = (r.date as string) >= current.first ? now : before;
    into.gross += Number(r.gross);
    into.refunds += Number(r.refunds);
    into.disputes += Number(r.disputes);
    into.orders += Number(r.orders);
    if ((r.date as string) >= current.first) {
      const net = Number(r.gross) + Number(r.refunds) + Number(r.disputes);
      const day = days.get(r.date as string) ?? { net: 0, orders: 0 };
      days.set(r.date as string, { net: day.net + net, orders: day.orders + Number(r.orders) });
    }
  }
  return { currency: chosen, current: now, previous: before, days, otherCurrencies: [...others].sort() };
}

function mostCommonCurrency(rows: Record<string, unknown>[]): string | null {
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.currency as string, (totals.get(r.currency as string) ?? 0) + Number(r.gross));
  return [...totals].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

const iso = (v: unknown) => new Date(v as string).toISOString();

export async function readGoals(q: SqlExecutor, businessId: string): Promise<DashboardGoals> {
  const { rows } = await q(
    `SELECT g.monthly_revenue, g.conversion_rate, g.average_order_value, g.currency, g.updated_at,
            coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email) AS who
       FROM dashboard_goals g LEFT JOIN users u ON u.id = g.updated_by WHERE g.business_id = $1`,
    [businessId],
  );
  const r = rows[0];
  const num = (v: unknown) => (v == null ? null : Number(v));
  return {
    monthly_revenue: num(r?.monthly_revenue),
    conversion_rate: num(r?.conversion_rate),
    average_order_value: num(r?.average_order_value),
    currency: (r?.currency as string | null) ?? null,
    updated_at: r?.updated_at ? iso(r.updated_at) : null,
    updated_by: (r?.who as string | null) ?? null,
  };
}

export async function writeGoals(
  q: SqlExecutor,
  businessId: string,
  goals: DashboardGoalsBody,
  currency: string | null,
  userId: string,
): Promise<void> {
  await q(
    `INSERT INTO dashboard_goals (business_id, monthly_revenue, conversion_rate, average_order_value, currency,
        updated_at, updated_by)
     VALUES ($1, $2, $3, $4, $5, now(), $6)
     ON CONFLICT (business_id) DO UPDATE SET monthly_revenue = $2, conversion_rate = $3, average_order_value = $4,
        currency = $5, updated_at = now(), updated_by = $6`,
    [businessId, goals.monthly_revenue, goals.conversion_rate, goals.average_order_value, currency, userId],
  );
}

/** Every day of money the rollup holds in `currency` (or the main one), oldest first: net revenue and orders. */
export async function moneyHistory(q: SqlExecutor, businessId: string, currency: string | null) {
  const { rows } = await q(
    `SELECT date::text AS date, currency, gross + refunds + disputes AS net, orders FROM dashboard_money_daily
      WHERE business_id = $1 ORDER BY date`,
    [businessId],
  );
  const chosen = currency ?? mostCommonCurrency(rows.map((r) => ({ currency: r.currency, gross: r.net })));
  return {
    currency: chosen,
    days: rows
      .filter((r) => r.currency === chosen)
      .map((r) => ({ date: r.date as string, net: Number(r.net), orders: Number(r.orders) })),
  };
}

/** Tracked sessions and converted sessions per day over [from, to]. */
export async function sessionHistory(q: SqlExecutor, businessId: string, from: string, to: string) {
  const { rows } = await q(
    `SELECT date::text AS date, sessions, converted_sessions, paid_sessions FROM dashboard_session_daily
      WHERE business_id = $1 AND date BETWEEN $2::date AND $3::date ORDER BY date`,
    [businessId, from, to],
  );
  return rows.map((r) => ({
    date: r.date as string,
    sessions: Number(r.sessions),
    converted: Number(r.converted_sessions),
  }));
}
