import { chargeFacts, subscriptionFacts } from './facts.js';
import type { AccountSpec } from './spec.js';

// The orderings that are not the index order (refunds, disputes, balance transactions, invoices), built once per
// account on first use: typed arrays of indices, never arrays of objects, so 200,000 charges stay a few megabytes.

export const BALANCE_KIND = { charge: 0, refund: 1, adjustment: 2, payout: 3 } as const;
export type BalanceKind = keyof typeof BALANCE_KIND;
export const BALANCE_KINDS: readonly BalanceKind[] = ['charge', 'refund', 'adjustment', 'payout'];

/** Stripe's fee for a dispute, in the settlement currency's minor units. */
export const DISPUTE_FEE = 1500;
const DAY = 86_400;
const PAYOUT_EVERY = 7 * DAY;

/** Records of one kind, oldest first: `ref` is the record's own index (a charge's for refunds and disputes). */
export type Ordering = { ref: Int32Array; created: Float64Array; position: Map<number, number> };

export type Ledger = {
  refunds: Ordering;
  disputes: Ordering;
  /** Balance transactions oldest first; `kind` is a BALANCE_KIND, `ref` a charge's index (a payout's for payouts). */
  balance: Ordering & { kind: Uint8Array; payoutAmount: Map<number, number> };
  /** Invoices oldest first; `ref` = subscription index × 4096 + period number. */
  invoices: Ordering;
};

const order = (
  entries: { ref: number; created: number; kind?: number }[],
  keyOf = (e: { ref: number; kind?: number }) => e.ref,
) => {
  entries.sort((a, b) => a.created - b.created || (a.kind ?? 0) - (b.kind ?? 0) || a.ref - b.ref);
  const ordering: Ordering = {
    ref: Int32Array.from(entries, (e) => e.ref),
    created: Float64Array.from(entries, (e) => e.created),
    position: new Map(),
  };
  for (const [pos, e] of entries.entries()) ordering.position.set(keyOf(e), pos);
  return ordering;
};

/** Net effect on the balance of a charge's balance transaction of `kind`, in the settlement currency. */
export const balanceNet = (spec: AccountSpec, kind: BalanceKind, chargeIndex: number): number => {
  const f = chargeFacts(spec, chargeIndex);
  if (kind === 'charge') return f.settled - f.fee;
  if (kind === 'refund') return -Math.round((f.refund?.amount ?? 0) * (f.exchangeRate ?? 1));
  return -f.settled - DISPUTE_FEE;
};

export const balanceKey = (kind: number, ref: number): number => kind * 10_000_000 + ref;

export const buildLedger = (spec: AccountSpec): Ledger => {
  const refunds: { ref: number; created: number }[] = [];
  const disputes: { ref: number; created: number }[] = [];
  const moves: { ref: number; created: number; kind: number; net: number }[] = [];
  for (let i = 0; i < spec.charges; i++) {
    const f = chargeFacts(spec, i);
    if (f.failed) continue;
    moves.push({ ref: i, created: f.created, kind: BALANCE_KIND.charge, net: f.settled - f.fee });
    if (f.refund) {
      refunds.push({ ref: i, created: f.refund.created });
      moves.push({ ref: i, created: f.refund.created, kind: BALANCE_KIND.refund, net: balanceNet(spec, 'refund', i) });
    }
    if (f.dispute) {
      disputes.push({ ref: i, created: f.dispute.created });
      moves.push({ ref: i, created: f.dispute.created, kind: BALANCE_KIND.adjustment, net: -f.settled - DISPUTE_FEE });
    }
  }
  moves.sort((a, b) => a.created - b.created || a.kind - b.kind || a.ref - b.ref);

  // Weekly payouts of what the week before earned; a negative week is carried to the next.
  const withPayouts: { ref: number; created: number; kind: number }[] = [];
  const payoutAmount = new Map<number, number>();
  let pending = 0;
  let week = 1;
  const payOut = (until: number) => {
    for (; spec.start + week * PAYOUT_EVERY <= until; week++) {
      if (pending <= 0) continue;
      payoutAmount.set(week, -pending);
      withPayouts.push({ ref: week, created: spec.start + week * PAYOUT_EVERY, kind: BALANCE_KIND.payout });
      pending = 0;
    }
  };
  for (const move of moves) {
    payOut(move.created);
    withPayouts.push(move);
    pending += move.net;
  }
  payOut(spec.now);

  const balance = order(withPayouts, (e) => balanceKey(e.kind ?? 0, e.ref));
  const kind = Uint8Array.from(withPayouts, (e) => e.kind);

  const invoices: { ref: number; created: number }[] = [];
  for (let j = 0; j < spec.subscriptions; j++) {
    for (const [k, at] of subscriptionFacts(spec, j).periodStarts.entries())
      invoices.push({ ref: j * 4096 + k, created: at });
  }
  return {
    refunds: order(refunds),
    disputes: order(disputes),
    balance: { ...balance, kind, payoutAmount },
    invoices: order(invoices),
  };
};
