import type { CustomerDetail, TimelineItem } from '@ri/contracts';
import type { SqlExecutor } from '../../db/client.js';
import { stripeFactor } from '../../db/sql-fragments.js';
import { notFound } from '../../lib/errors.js';
import { CUSTOMER_COLUMNS, customerOf } from './customers.repo.js';
import { loadChunk } from './facts.repo.js';

// One customer (GET customer-profiles/:id): the built figures, the records merged and the keys that joined them,
// a timeline of sessions, payments, refunds, subscriptions, CRM events and actions, and their value over time.

const TIMELINE_LIMIT = 200;
const iso = (ms: number) => new Date(ms).toISOString();
const money = (v: number, currency: string) => `${v.toFixed(2)} ${currency}`;

export async function getCustomerDetail(q: SqlExecutor, businessId: string, id: string): Promise<CustomerDetail> {
  const { rows } = await q(`SELECT ${CUSTOMER_COLUMNS} FROM customers WHERE business_id = $1 AND id = $2`, [
    businessId,
    id,
  ]);
  if (!rows[0]) throw notFound('Customer');
  const customer = customerOf(rows[0]);
  const [chunk] = await loadChunk(q, businessId, [id]);
  const merges = await q('SELECT edges FROM customer_merges WHERE business_id = $1 AND customer_id = $2', [
    businessId,
    id,
  ]);
  const refunds = await q(
    `SELECT r.vendor_id, r.created_at, r.amount / ${stripeFactor('upper(r.currency)')} AS amount, upper(r.currency) AS currency, r.reason
       FROM stripe_refunds r JOIN customer_payments p ON p.business_id = r.business_id AND p.charge_id = r.charge_id
      WHERE p.business_id = $1 AND p.customer_id = $2`,
    [businessId, id],
  );
  const actions = await q(
    `SELECT created_at, title, channel, status, status_detail FROM customer_actions
      WHERE business_id = $1 AND customer_id = $2`,
    [businessId, id],
  );
  const c = chunk!;
  const timeline: TimelineItem[] = [];
  for (const s of c.sessions) {
    timeline.push({
      at: iso(s.startedAt),
      kind: 'session',
      title: `Visit from ${s.source}`,
      detail: `${s.pageViews} page views, ${Math.round((s.lastEventAt - s.startedAt) / 1000)} s${
        s.readiness === null ? '' : `, readiness ${Math.round(s.readiness)}`
      }${s.profile ? `, ${s.profile}` : ''}${s.conversions > 0 ? ', converted' : ''}`,
      amount: null,
      session_id: s.id,
    });
  }
  for (const p of c.payments) {
    timeline.push({
      at: iso(p.at),
      kind: 'payment',
      title: 'Payment',
      detail: `${money(p.amount, p.currency)}${p.refunded > 0 ? `, ${money(p.refunded, p.currency)} refunded` : ''}`,
      amount: p.amount,
      session_id: null,
    });
  }
  for (const r of refunds.rows) {
    timeline.push({
      at: new Date(r.created_at as string).toISOString(),
      kind: 'refund',
      title: 'Refund',
      detail: `${money(Number(r.amount), r.currency as string)}${r.reason ? ` (${r.reason})` : ''}`,
      amount: -Number(r.amount),
      session_id: null,
    });
  }
  for (const s of c.subscriptions) {
    timeline.push({
      at: iso(s.createdAt),
      kind: 'subscription',
      title: `Subscription ${s.status}`,
      detail: `${money(s.amount, s.currency)} per ${s.interval ?? 'period'}${s.cancelAtPeriodEnd ? ', cancels at period end' : ''}`,
      amount: null,
      session_id: null,
    });
  }
  for (const o of c.opportunities) {
    timeline.push({
      at: iso(o.createdAt),
      kind: 'opportunity',
      title: `Opportunity ${o.status}`,
      detail: `Value ${o.value.toFixed(2)}`,
      amount: null,
      session_id: null,
    });
  }
  for (const r of c.records) {
    if (r.source === 'ghl' && r.createdAt !== null) {
      timeline.push({
        at: iso(r.createdAt),
        kind: 'crm',
        title: 'Contact created in GoHighLevel',
        detail: r.name ?? r.email ?? r.sourceId,
        amount: null,
        session_id: null,
      });
    }
  }
  for (const a of actions.rows) {
    timeline.push({
      at: new Date(a.created_at as string).toISOString(),
      kind: 'action',
      title: a.title as string,
      detail: `${a.channel}: ${a.status} (${a.status_detail})`,
      amount: null,
      session_id: null,
    });
  }
  timeline.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));

  // Value over time: cumulative net revenue at each payment in the customer's currency, then the forecast's end.
  const series: CustomerDetail['value_series'] = [];
  let cumulative = 0;
  for (const p of c.payments.filter((x) => x.currency === customer.currency)) {
    cumulative += p.amount - p.refunded;
    series.push({ date: iso(p.at).slice(0, 10), cumulative_revenue: Number(cumulative.toFixed(2)), forecast: null });
  }
  if (customer.lifetime_value !== null && customer.forecast_value !== null) {
    const today = new Date().toISOString().slice(0, 10);
    series.push({
      date: today,
      cumulative_revenue: Number(cumulative.toFixed(2)),
      forecast: Number(cumulative.toFixed(2)),
    });
    series.push({
      date: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
      cumulative_revenue: Number(cumulative.toFixed(2)),
      forecast: customer.lifetime_value,
    });
  }
  return {
    customer,
    records: c.records.map((r) => ({
      id: r.key,
      source: r.source,
      source_id: r.sourceId,
      email: r.email,
      phone: r.phone,
      name: r.name,
      created_at: r.createdAt === null ? null : iso(r.createdAt),
    })),
    merges: (merges.rows[0]?.edges as CustomerDetail['merges'] | undefined) ?? [],
    timeline: timeline.slice(0, TIMELINE_LIMIT),
    value_series: series,
  };
}
