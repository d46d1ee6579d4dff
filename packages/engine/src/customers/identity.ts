import type { CustomerSource, MergeEdge, MergeKey } from '@ri/contracts';

/**
 * Which records are one person (docs/customers.md, "Merging records").
 *
 * A record is a Stripe customer, a GoHighLevel contact or an identified visitor. Records join by union-find over
 * edges taken in this order: links a user confirmed (`same_person`), a shared visitor id, a shared normalised
 * e-mail, a shared normalised phone. Within one key value the records are chained in key order (r0–r1, r1–r2, …),
 * so a value shared by n records adds n − 1 edges and the work stays linear.
 *
 * - A `not_same_person` link is a cannot-link constraint: an edge that would put the two records in one
 *   component is skipped and reported in `rejected`. This is how a wrong merge is undone, and it always wins
 *   over a `same_person` link on the same pair.
 * - A key value held by more than MAX_SHARED_KEY records is ignored (a shared office phone or info@ mailbox
 *   would otherwise merge unrelated people) and reported in `ignored`.
 * - E-mails are only trimmed and lower-cased: dots and +tags are NOT stripped for Gmail, because
 *   j.smith@ and jsmith+shop@ can be different people (families and teams share one mailbox scheme) and a
 *   wrong merge costs more than a missed one, which a user can confirm.
 * - Phones keep their digits and a leading + (or 00) as the country code; no country is guessed, so
 *   "+1 555 123 4567" and "555 123 4567" do not join.
 * - Output is deterministic: records sorted within clusters, clusters by their first record, a cluster's edges
 *   in the order they were considered (confirmed, visitor id, e-mail, phone; within a kind, by the first record
 *   holding the value), whatever the input order. Records without edges are singleton clusters. Every edge
 *   between records of one cluster is listed, not only those that joined it, so the screen shows all the keys.
 */

export type IdentityRecord = {
  /** e.g. 'stripe:cus_1', 'ghl:abc', 'visitor:<uuid>'. */
  key: string;
  source: CustomerSource;
  email: string | null;
  phone: string | null;
  visitorIds: string[];
  /** ms since the epoch. */
  createdAt: number | null;
};
export type IdentityLink = { a: string; b: string; kind: 'same_person' | 'not_same_person' };
export type IdentityCluster = { records: string[]; edges: MergeEdge[] };
/** A key value left out because too many records share it (value masked). */
export type IgnoredKey = { key: MergeKey; value: string; records: number };

/** A key value shared by more records than this is not evidence of one person. */
export const MAX_SHARED_KEY = 25;
const KINDS = ['confirmed', 'visitor_id', 'email', 'phone'] as const;
const [CONFIRMED, VISITOR, EMAIL_KIND, PHONE] = [0, 1, 2, 3];
const CONFIRMED_VALUE = 'confirmed by a user';

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The e-mail as records are compared: trimmed and lower-cased; null unless it looks like x@y.z. */
export function normaliseEmail(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  const v = raw.trim().toLowerCase();
  return EMAIL.test(v) ? v : null;
}

/** The phone as records are compared: its digits, with a leading + (or 00) kept as '+'; null under 7 or over 15 digits. */
export function normalisePhone(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  const v = raw.trim();
  let digits = v.replace(/\D/g, '');
  let plus = v.startsWith('+');
  if (!plus && digits.startsWith('00')) {
    plus = true;
    digits = digits.slice(2);
  }
  if (digits.length < 7 || digits.length > 15) return null;
  return plus ? `+${digits}` : digits;
}

/** A key value as the screens may show it: j***@example.com, ***4567, a visitor id's first 8 characters. */
export function maskKeyValue(key: MergeKey, value: string): string {
  if (key === 'email') {
    const at = value.lastIndexOf('@');
    if (at < 1) return '***';
    return `${value[0]}***${value.slice(at)}`;
  }
  if (key === 'phone') return `***${value.slice(-4)}`;
  if (key === 'visitor_id') return value.length > 8 ? `${value.slice(0, 8)}…` : value;
  return value;
}

/** The records grouped into people by the rules in this file's header. */
export function clusterIdentities(
  records: IdentityRecord[],
  links: IdentityLink[],
): { clusters: IdentityCluster[]; rejected: MergeEdge[]; ignored: IgnoredKey[] } {
  // Records in key order (a key seen twice is one record): groups then fill in ascending record order, so edges
  // come out ordered without sorting the key values.
  const sorted = records.slice().sort((x, y) => compareStrings(x.key, y.key));
  const keys: string[] = [];
  const groups: Map<string, number | number[]>[] = KINDS.map(() => new Map()); // by kind; confirmed unused
  const add = (kind: number, value: string | null, i: number) => {
    if (value === null || value === '') return;
    const map = groups[kind] as Map<string, number | number[]>;
    const held = map.get(value);
    if (held === undefined) map.set(value, i);
    else if (typeof held === 'number') {
      if (held !== i) map.set(value, [held, i]);
    } else if (held[held.length - 1] !== i) held.push(i);
  };
  for (const r of sorted) {
    if (keys[keys.length - 1] !== r.key) keys.push(r.key);
    const i = keys.length - 1;
    for (const v of r.visitorIds) add(VISITOR, v.trim() || null, i);
    add(EMAIL_KIND, normaliseEmail(r.email), i);
    add(PHONE, normalisePhone(r.phone), i);
  }
  const n = keys.length;
  const indexOfKey = (key: string): number | undefined => {
    let lo = 0;
    let hi = n - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const k = keys[mid] as string;
      if (k === key) return mid;
      if (k < key) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  };

  // Candidate edges as parallel arrays: confirmed links (by record order), then each key kind.
  const ea: number[] = [];
  const eb: number[] = [];
  const ek: number[] = [];
  const ev: string[] = [];
  const cannot = new Map<number, number[]>();
  const confirmed: [number, number][] = [];
  for (const link of links) {
    const a = indexOfKey(link.a);
    const b = indexOfKey(link.b);
    if (a === undefined || b === undefined || a === b) continue;
    if (link.kind === 'not_same_person') {
      pushTo(cannot, a, b);
      pushTo(cannot, b, a);
    } else confirmed.push(a < b ? [a, b] : [b, a]);
  }
  confirmed.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  for (const [j, [a, b]] of confirmed.entries()) {
    const prev = confirmed[j - 1];
    if (prev !== undefined && prev[0] === a && prev[1] === b) continue; // the same link confirmed twice
    ea.push(a);
    eb.push(b);
    ek.push(CONFIRMED);
    ev.push(CONFIRMED_VALUE);
  }
  const ignored: IgnoredKey[] = [];
  for (const kind of [VISITOR, EMAIL_KIND, PHONE]) {
    for (const [value, held] of groups[kind] as Map<string, number | number[]>) {
      if (typeof held === 'number') continue;
      if (held.length > MAX_SHARED_KEY) {
        const key = KINDS[kind] as MergeKey;
        ignored.push({ key, value: maskKeyValue(key, value), records: held.length });
        continue;
      }
      for (let j = 1; j < held.length; j++) {
        ea.push(held[j - 1] as number);
        eb.push(held[j] as number);
        ek.push(kind);
        ev.push(value);
      }
    }
  }

  // Union-find with path halving; each root keeps the cannot-link partners of its records (merged small into large).
  const parent = new Int32Array(n);
  const size = new Int32Array(n).fill(1);
  for (let i = 0; i < n; i++) parent[i] = i;
  const find = (x: number): number => {
    let v = x;
    while (parent[v] !== v) {
      parent[v] = parent[parent[v] as number] as number;
      v = parent[v] as number;
    }
    return v;
  };
  const forbidden = new Map<number, number[]>(); // root → records its members must not join
  for (const [i, others] of cannot) forbidden.set(i, [...others]);

  const edgeOf = (e: number): MergeEdge => {
    const key = KINDS[ek[e] as number] as MergeKey;
    return {
      a: keys[ea[e] as number] as string,
      b: keys[eb[e] as number] as string,
      key,
      value: maskKeyValue(key, ev[e] as string),
    };
  };
  const accepted: number[] = [];
  const rejected: MergeEdge[] = [];
  for (let e = 0; e < ea.length; e++) {
    const ra = find(ea[e] as number);
    const rb = find(eb[e] as number);
    if (ra !== rb) {
      const fa = forbidden.get(ra);
      const fb = forbidden.get(rb);
      const [small, other] = (fa?.length ?? 0) <= (fb?.length ?? 0) ? [fa, rb] : [fb, ra];
      if (small?.some((x) => find(x) === other)) {
        rejected.push(edgeOf(e));
        continue;
      }
      const [big, little] = (size[ra] as number) >= (size[rb] as number) ? [ra, rb] : [rb, ra];
      parent[little] = big;
      size[big] = (size[big] as number) + (size[little] as number);
      const fl = forbidden.get(little);
      if (fl !== undefined) {
        const fbig = forbidden.get(big);
        if (fbig === undefined) forbidden.set(big, fl);
        else for (const x of fl) fbig.push(x);
        forbidden.delete(little);
      }
    }
    accepted.push(e);
  }

  // Clusters in the order of their first record; edges in the order they were considered.
  const clusterOfRoot = new Int32Array(n).fill(-1);
  const clusters: IdentityCluster[] = [];
  for (let i = 0; i < n; i++) {
    const r = find(i);
    let c = clusterOfRoot[r] as number;
    if (c < 0) {
      c = clusters.length;
      clusterOfRoot[r] = c;
      clusters.push({ records: [], edges: [] });
    }
    (clusters[c] as IdentityCluster).records.push(keys[i] as string);
  }
  for (const e of accepted) {
    const c = clusterOfRoot[find(ea[e] as number)] as number;
    (clusters[c] as IdentityCluster).edges.push(edgeOf(e));
  }
  return { clusters, rejected, ignored };
}

/**
 * One customer id per cluster: a previous id its records held, else `newId()`. Claims are settled largest
 * first: an id goes to the cluster holding it on the most records (a customer that splits keeps its id on the
 * larger part; ties: the larger cluster, then the earlier cluster); within a cluster, the id on the most
 * records wins, ties going to the id of its earliest-sorted record. An id is given to at most one cluster; a
 * cluster whose ids all went to larger claims gets `newId()` (called in cluster order).
 */
export function assignCustomerIds(
  clusters: IdentityCluster[],
  previous: ReadonlyMap<string, string>,
  newId: () => string,
): string[] {
  type Claim = { cluster: number; id: string; count: number; first: number; size: number };
  const claims: Claim[] = [];
  clusters.forEach((cluster, ci) => {
    const byId = new Map<string, Claim>();
    cluster.records.forEach((key, pos) => {
      const id = previous.get(key);
      if (id === undefined) return;
      const claim = byId.get(id);
      if (claim) claim.count++;
      else byId.set(id, { cluster: ci, id, count: 1, first: pos, size: cluster.records.length });
    });
    claims.push(...byId.values());
  });
  claims.sort((x, y) => y.count - x.count || y.size - x.size || x.cluster - y.cluster || x.first - y.first);
  const out: (string | undefined)[] = new Array(clusters.length);
  const used = new Set<string>();
  for (const c of claims) {
    if (out[c.cluster] !== undefined || used.has(c.id)) continue;
    out[c.cluster] = c.id;
    used.add(c.id);
  }
  return clusters.map((_, i) => out[i] ?? newId());
}

function pushTo(map: Map<number, number[]>, k: number, v: number): void {
  const list = map.get(k);
  if (list === undefined) map.set(k, [v]);
  else list.push(v);
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
