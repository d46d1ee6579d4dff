import { describe, expect, it } from 'vitest';
import { AccountData, STRIPE_RESOURCES } from './account-data.js';
import type { StripeObject } from './objects.js';
import { resolveAccount } from './spec.js';

const NOW = 1_780_000_000;
const account = (seed = 7, options = {}) => new AccountData(resolveAccount({ charges: 400, ...options }, 0, seed, NOW));
type Row = StripeObject & Record<string, unknown>;
const rows = (data: AccountData, resource: (typeof STRIPE_RESOURCES)[number]) => [...data.all(resource)] as Row[];

describe('generated Stripe account data', () => {
  it('is the same for the same seed and differs for another', () => {
    expect(rows(account(7), 'charges')).toEqual(rows(account(7), 'charges'));
    expect(rows(account(8), 'charges')[0]!.id).not.toBe(rows(account(7), 'charges')[0]!.id);
  });

  it('lists every resource newest first, each id once, each retrievable by id', () => {
    const data = account();
    for (const resource of STRIPE_RESOURCES) {
      const all = rows(data, resource);
      expect(all.length, resource).toBeGreaterThan(0);
      expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
      for (let i = 1; i < all.length; i++) expect(all[i - 1]!.created!).toBeGreaterThanOrEqual(all[i]!.created!);
      for (const row of all.slice(0, 20)) expect(data.get(resource, row.id)).toEqual(row);
    }
  });

  it('links refunds, disputes and balance transactions to charges that exist, with matching amounts', () => {
    const data = account();
    const charges = new Map(rows(data, 'charges').map((c) => [c.id, c]));
    const txns = new Map(rows(data, 'balance_transactions').map((t) => [t.id, t]));
    for (const refund of rows(data, 'refunds')) {
      const charge = charges.get(refund.charge as string)!;
      expect(charge.amount_refunded).toBe(refund.amount);
      expect(refund.amount as number).toBeLessThanOrEqual(charge.amount as number);
      expect(txns.get(refund.balance_transaction as string)!.source).toBe(refund.id);
    }
    for (const dispute of rows(data, 'disputes')) expect(charges.get(dispute.charge as string)!.disputed).toBe(true);
    for (const charge of charges.values()) {
      if (charge.status === 'failed') expect(charge.balance_transaction).toBeNull();
      else {
        const txn = txns.get(charge.balance_transaction as string)!;
        expect(txn.source).toBe(charge.id);
        expect(txn.currency).toBe('usd');
        expect(txn.exchange_rate === null).toBe(charge.currency === 'usd');
        expect(txn.net).toBe((txn.amount as number) - (txn.fee as number));
      }
    }
    expect([...charges.values()].some((c) => c.currency === 'eur')).toBe(true);
  });

  it('adds up: net revenue from balance transactions equals charges less fees, refunds and disputes', () => {
    const data = account();
    const totals = data.totals();
    const net = rows(data, 'balance_transactions')
      .filter((t) => t.type !== 'payout')
      .reduce((sum, t) => sum + (t.net as number), 0);
    expect(totals.net).toBe(net);
    expect(totals.gross).toBeGreaterThan(totals.net);
    expect(-totals.payouts).toBeLessThanOrEqual(totals.net);
  });

  it('ties subscriptions and invoices to customers and subscriptions that exist', () => {
    const data = account(3, { customers: 80 });
    const customers = new Set(rows(data, 'customers').map((c) => c.id));
    const subscriptions = new Set(rows(data, 'subscriptions').map((s) => s.id));
    for (const s of rows(data, 'subscriptions')) expect(customers.has(s.customer as string)).toBe(true);
    for (const invoice of rows(data, 'invoices')) {
      const parent = invoice.parent as { subscription_details: { subscription: string } };
      expect(subscriptions.has(parent.subscription_details.subscription)).toBe(true);
    }
  });

  it('grows: added charges are the newest, and the older ones keep their ids and times', () => {
    const data = account();
    const before = rows(data, 'charges');
    const newest = before[0]!.created!;
    data.addCharges(5);
    const after = rows(data, 'charges');
    expect(after.slice(5)).toEqual(before);
    expect(after.slice(0, 5).every((c) => c.created! > newest)).toBe(true);
    expect(data.spec.now).toBeGreaterThan(after[0]!.created!);
    const txns = new Set(rows(data, 'balance_transactions').map((t) => t.source));
    for (const charge of after.slice(0, 5)) expect(txns.has(charge.id) || charge.status === 'failed').toBe(true);
  });

  it('holds 200,000 charges without generating them until asked', () => {
    const data = account(1, { charges: 200_000, customers: 5000 });
    const newest = data.collection('charges').object(199_999, new Set());
    expect(data.collection('charges').count()).toBe(200_000);
    expect(data.get('charges', newest.id)).toEqual(newest);
  });
});
