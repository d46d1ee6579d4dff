import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assignCustomerIds,
  clusterIdentities,
  type IdentityCluster,
  type IdentityRecord,
  maskKeyValue,
  normaliseEmail,
  normalisePhone,
} from './identity.js';

const rec = (key: string, over: Partial<IdentityRecord> = {}): IdentityRecord => ({
  key,
  source: key.startsWith('stripe') ? 'stripe' : key.startsWith('ghl') ? 'ghl' : 'visitor',
  email: null,
  phone: null,
  visitorIds: [],
  createdAt: null,
  ...over,
});

describe('normalising keys', () => {
  it('trims and lower-cases e-mails, keeps Gmail dots and +tags, refuses what is not an address', () => {
    expect(normaliseEmail('  Jane.Doe+Shop@GMail.com ')).toBe('jane.doe+shop@gmail.com');
    expect(normaliseEmail('janedoe@gmail.com')).not.toBe(normaliseEmail('jane.doe@gmail.com'));
    expect(normaliseEmail('jane@localhost')).toBeNull();
    expect(normaliseEmail('not an email')).toBeNull();
    expect(normaliseEmail('')).toBeNull();
    expect(normaliseEmail(null)).toBeNull();
    expect(normaliseEmail(undefined)).toBeNull();
  });

  it('keeps only digits and the leading + of phones; 00 reads as +; too short is no phone', () => {
    expect(normalisePhone('+1 (555) 123-4567')).toBe('+15551234567');
    expect(normalisePhone('0044 20 7946 0958')).toBe('+442079460958');
    expect(normalisePhone('555.123.4567')).toBe('5551234567');
    expect(normalisePhone('123-45')).toBeNull();
    expect(normalisePhone('ext')).toBeNull();
    expect(normalisePhone(null)).toBeNull();
  });

  it('masks values before they leave the engine', () => {
    expect(maskKeyValue('email', 'jane@example.com')).toBe('j***@example.com');
    expect(maskKeyValue('phone', '+15551234567')).toBe('***4567');
    expect(maskKeyValue('visitor_id', '0d6f3c2a-1111-2222-3333-444455556666')).toBe('0d6f3c2a…');
  });
});

describe('clusterIdentities', () => {
  it('joins a Stripe customer and a CRM contact by e-mail, whatever its case', () => {
    const { clusters, rejected } = clusterIdentities(
      [
        rec('stripe:cus_1', { email: 'Jane@Example.com' }),
        rec('ghl:abc', { email: 'jane@example.com ' }),
        rec('ghl:zzz'),
      ],
      [],
    );
    expect(clusters).toEqual([
      {
        records: ['ghl:abc', 'stripe:cus_1'],
        edges: [{ a: 'ghl:abc', b: 'stripe:cus_1', key: 'email', value: 'j***@example.com' }],
      },
      { records: ['ghl:zzz'], edges: [] },
    ]);
    expect(rejected).toEqual([]);
  });

  it('joins a visitor and the Stripe customer that checked out with its visitor id', () => {
    const { clusters } = clusterIdentities(
      [
        rec('visitor:v-123456789', { visitorIds: ['v-123456789'] }),
        rec('stripe:cus_9', { visitorIds: ['v-123456789'] }),
      ],
      [],
    );
    expect(clusters).toHaveLength(1);
    expect(clusters[0]?.edges).toEqual([
      { a: 'stripe:cus_9', b: 'visitor:v-123456789', key: 'visitor_id', value: 'v-123456…' },
    ]);
  });

  it('joins by phone only after normalising it', () => {
    const { clusters } = clusterIdentities(
      [
        rec('stripe:a', { phone: '+1 555 123 4567' }),
        rec('ghl:b', { phone: '+1-555-123-4567' }),
        rec('ghl:c', { phone: '555 123 4567' }),
      ],
      [],
    );
    expect(clusters.map((c) => c.records)).toEqual([['ghl:b', 'stripe:a'], ['ghl:c']]);
    expect(clusters[0]?.edges[0]).toMatchObject({ key: 'phone', value: '***4567' });
  });

  it('lists every shared key between merged records, confirmed links first', () => {
    const { clusters } = clusterIdentities(
      [
        rec('stripe:a', { email: 'a@x.io', phone: '5551234567' }),
        rec('ghl:b', { email: 'a@x.io', phone: '5551234567' }),
      ],
      [{ a: 'stripe:a', b: 'ghl:b', kind: 'same_person' }],
    );
    expect(clusters[0]?.edges.map((e) => e.key)).toEqual(['confirmed', 'email', 'phone']);
  });

  it('undoes a wrong merge with a not_same_person link and reports the refused edge', () => {
    const records = [
      rec('stripe:dad', { email: 'family@example.com' }),
      rec('ghl:kid', { email: 'family@example.com', phone: '+447700900123' }),
      rec('visitor:kid', { phone: '+44 7700 900123' }),
    ];
    expect(clusterIdentities(records, []).clusters).toHaveLength(1);

    const { clusters, rejected } = clusterIdentities(records, [
      { a: 'stripe:dad', b: 'ghl:kid', kind: 'not_same_person' },
    ]);
    expect(clusters.map((c) => c.records)).toEqual([['ghl:kid', 'visitor:kid'], ['stripe:dad']]);
    expect(rejected).toEqual([{ a: 'ghl:kid', b: 'stripe:dad', key: 'email', value: 'f***@example.com' }]);
  });

  it('refuses a join through a third record too, and a not_same_person link beats a same_person one', () => {
    const records = [
      rec('a', { email: 'x@y.io' }),
      rec('b', { phone: '1234567' }),
      rec('c', { email: 'x@y.io', phone: '1234567' }),
    ];
    const { clusters, rejected } = clusterIdentities(records, [
      { a: 'a', b: 'b', kind: 'not_same_person' },
      { a: 'a', b: 'b', kind: 'same_person' },
    ]);
    expect(clusters.map((c) => c.records)).toEqual([['a', 'c'], ['b']]);
    expect(rejected.map((e) => e.key)).toEqual(['confirmed', 'phone']);
  });

  it('ignores a phone shared by 26 records (an office switchboard) but not one shared by 25', () => {
    const office = (n: number) =>
      Array.from({ length: n }, (_, i) => rec(`ghl:${String(i).padStart(2, '0')}`, { phone: '+1 800 555 0000' }));
    const ignoredRun = clusterIdentities(office(26), []);
    expect(ignoredRun.clusters).toHaveLength(26);
    expect(ignoredRun.ignored).toEqual([{ key: 'phone', value: '***0000', records: 26 }]);
    expect(clusterIdentities(office(25), []).clusters).toHaveLength(1);
  });

  it('gives the same clusters whatever the order of the records', () => {
    const pool = ['a@x.io', 'b@x.io', null];
    const phones = ['1234567', '7654321', null];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...pool), fc.constantFrom(...phones), fc.constantFrom('v1', 'v2', '')), {
          maxLength: 12,
        }),
        fc.integer(),
        (rows, seed) => {
          const records = rows.map(([email, phone, v], i) => rec(`r${i}`, { email, phone, visitorIds: v ? [v] : [] }));
          const shuffled = [...records].sort((x, y) => ((hash(x.key) ^ seed) >>> 0) - ((hash(y.key) ^ seed) >>> 0));
          expect(clusterIdentities(shuffled, [])).toEqual(clusterIdentities(records, []));
        },
      ),
    );
  });

  it('never puts two records a user separated into one customer, whatever the links and keys', () => {
    const keys = ['a', 'b', 'c', 'd', 'e', 'f'];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('x@y.io', 'z@y.io', null), fc.constantFrom('1234567', null)), {
          minLength: 6,
          maxLength: 6,
        }),
        fc.array(
          fc.record({
            a: fc.constantFrom(...keys),
            b: fc.constantFrom(...keys),
            kind: fc.constantFrom('same_person' as const, 'not_same_person' as const),
          }),
          { maxLength: 6 },
        ),
        (fields, links) => {
          const records = fields.map(([email, phone], i) => rec(keys[i] as string, { email, phone }));
          const { clusters } = clusterIdentities(records, links);
          const clusterOf = new Map(clusters.flatMap((c, i) => c.records.map((k) => [k, i] as const)));
          for (const l of links) {
            if (l.kind === 'not_same_person' && l.a !== l.b) expect(clusterOf.get(l.a)).not.toBe(clusterOf.get(l.b));
          }
          expect(clusterIdentities([...records].reverse(), [...links].reverse())).toEqual(
            clusterIdentities(records, links),
          );
        },
      ),
    );
  });

  it('clusters 500,000 records', () => {
    const records: IdentityRecord[] = [];
    for (let i = 0; i < 500_000; i++) {
      const person = Math.floor(i / 2); // every two records are one person, joined by e-mail or visitor id
      records.push(
        rec(`${i % 2 ? 'stripe' : 'visitor'}:${i}`, {
          email: i % 2 ? `p${person}@example.com` : null,
          visitorIds: [`v${person}`],
          phone: i % 3 === 0 ? '+18005550000' : null,
        }),
      );
    }
    const { clusters, ignored } = clusterIdentities(records, []);
    expect(clusters).toHaveLength(250_000);
    expect(ignored).toHaveLength(1);
  }, 60_000);
});

describe('assignCustomerIds', () => {
  const cluster = (...records: string[]): IdentityCluster => ({ records, edges: [] });
  const ids = () => {
    let n = 0;
    return () => `new-${++n}`;
  };

  it('keeps the id of a customer whose records are unchanged and makes new ones for new people', () => {
    const previous = new Map([
      ['a', 'C1'],
      ['b', 'C1'],
    ]);
    expect(assignCustomerIds([cluster('a', 'b'), cluster('z')], previous, ids())).toEqual(['C1', 'new-1']);
  });

  it('on a merge keeps the id held by most records, ties going to the earliest record', () => {
    const previous = new Map([
      ['a', 'C2'],
      ['b', 'C1'],
      ['c', 'C1'],
    ]);
    expect(assignCustomerIds([cluster('a', 'b', 'c')], previous, ids())).toEqual(['C1']);
    const tie = new Map([
      ['a', 'C2'],
      ['b', 'C1'],
    ]);
    expect(assignCustomerIds([cluster('a', 'b')], tie, ids())).toEqual(['C2']);
  });

  it('on a split the larger part keeps the id and the other gets a new one', () => {
    const previous = new Map([
      ['a', 'C1'],
      ['b', 'C1'],
      ['c', 'C1'],
    ]);
    expect(assignCustomerIds([cluster('a'), cluster('b', 'c')], previous, ids())).toEqual(['new-1', 'C1']);
  });

  it('a part that loses its main id keeps another id its records held', () => {
    const previous = new Map([
      ['a', 'C1'],
      ['b', 'C1'],
      ['c', 'C2'],
      ['d', 'C1'],
      ['e', 'C1'],
      ['f', 'C1'],
    ]);
    // {a,b,c}: C1 on 2 records, C2 on 1; {d,e,f}: C1 on 3 records → C1 goes there, C2 to the first.
    expect(assignCustomerIds([cluster('a', 'b', 'c'), cluster('d', 'e', 'f')], previous, ids())).toEqual(['C2', 'C1']);
  });
});

function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
  return h;
}
