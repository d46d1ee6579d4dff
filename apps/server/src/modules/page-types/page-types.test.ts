import { PAGE_TYPES, type PageTypesResponse } from '@ri/contracts';
import { PAGE_TYPES as ENGINE_PAGE_TYPES } from '@ri/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../db/schema.js';
import {
  bearer,
  createTestApp,
  postBatch,
  setUpTracking,
  signUp,
  type TestApp,
  wireBatch,
} from '../../test/harness.js';
import { listRules } from './page-types.repo.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let trackingId: string;

const SHOP = 'https://shop.example';
const URL_PATH = '/api/v1/tracking/page-types';

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  trackingId = await setUpTracking(t, owner.token);
  const views = (paths: string[]) =>
    paths.map((p) => ({ type: 'page_view', url: `${SHOP}${p}`, title: 'Northwind Trail Co.' }));
  for (const batch of [
    wireBatch(trackingId, views(['/', '/pricing', '/offers/summer', '/offers/bundles/trail'])),
    wireBatch(trackingId, views(['/pricing?utm_source=ads', '/Pricing/', '/offers/summer', '/stories/maria'])),
    wireBatch(trackingId, [
      { type: 'page_view', url: `${SHOP}/stories/maria`, title: 'Blog', data: { path: '/stories/maria' } },
      { type: 'click', url: `${SHOP}/pricing`, el: 'button.buy', data: { x: 1, y: 2 } },
    ]),
  ])
    expect((await postBatch(t, batch)).statusCode).toBe(200);
  await t.ingest.drain();
  await t.scorer.drain();
});
afterAll(() => t.close());

type Who = { token: string; businessId?: string };
const headers = (who: Who) => ({
  ...bearer(who.token),
  ...(who.businessId ? { 'x-business-id': who.businessId } : {}),
});
const read = (who: Who = owner) => t.app.inject({ method: 'GET', url: URL_PATH, headers: headers(who) });
const replace = (rules: unknown, who: Who = owner) =>
  t.app.inject({ method: 'PUT', url: URL_PATH, headers: headers(who), payload: { rules } });
const pageOf = (body: PageTypesResponse, path: string) => body.pages.find((p) => p.path === path);
const storedRules = async () =>
  (await read()).json<PageTypesResponse>().rules.map(({ match, page_type }) => ({ match, page_type }));

describe('page-type rules', () => {
  it('lists the pages viewed in the last 30 days, most viewed first, with their inferred types', async () => {
    const res = await read();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<PageTypesResponse>();
    expect(body.rules).toEqual([]);
    // Query strings, case and a trailing slash fold into the engine's path; clicks are not views.
    expect(body.pages.map((p) => [p.path, p.views])).toEqual([
      ['/offers/summer', 2],
      ['/pricing', 2],
      ['/stories/maria', 2],
      ['/', 1],
      ['/offers/bundles/trail', 1],
      ['/pricing/', 1],
    ]);
    expect(pageOf(body, '/pricing')).toEqual({
      path: '/pricing',
      views: 2,
      inferred_type: 'pricing',
      inferred_confidence: 0.85,
      effective_type: 'pricing',
      rule: null,
    });
    expect(pageOf(body, '/')?.inferred_type).toBe('home');
    expect(pageOf(body, '/stories/maria')?.inferred_type).toBe('blog');
    // Nothing in "/offers/summer" or its title names a type: the engine says it is unsure.
    expect(pageOf(body, '/offers/summer')).toMatchObject({ inferred_type: 'other', inferred_confidence: 0.3 });
  });

  it('applies saved rules to the effective type, the longest matching prefix winning', async () => {
    const put = await replace([
      { match: '/Offers/', page_type: 'pricing' },
      { match: '/offers/bundles', page_type: 'comparison' },
      { match: '/stories', page_type: 'reviews' },
    ]);
    expect(put.statusCode, put.body).toBe(200);
    const body = (await read()).json<PageTypesResponse>();
    expect(put.json()).toEqual(body);
    expect(body.rules.map((r) => [r.match, r.page_type])).toEqual([
      ['/offers', 'pricing'],
      ['/offers/bundles', 'comparison'],
      ['/stories', 'reviews'],
    ]);
    expect(Number.isNaN(Date.parse(body.rules[0]!.updated_at))).toBe(false);
    expect(pageOf(body, '/offers/summer')).toMatchObject({
      inferred_type: 'other',
      effective_type: 'pricing',
      rule: '/offers',
    });
    expect(pageOf(body, '/offers/bundles/trail')).toMatchObject({
      effective_type: 'comparison',
      rule: '/offers/bundles',
    });
    expect(pageOf(body, '/stories/maria')).toMatchObject({
      inferred_type: 'blog',
      effective_type: 'reviews',
      rule: '/stories',
    });
    expect(pageOf(body, '/pricing')).toMatchObject({ effective_type: 'pricing', rule: null });
  });

  it('replaces the whole set, keeping the date of a rule that did not change', async () => {
    const before = (await read()).json<PageTypesResponse>().rules;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const res = await replace([
      { match: '/offers', page_type: 'pricing' },
      { match: '/stories', page_type: 'blog' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<PageTypesResponse>().rules;
    expect(after.map((r) => [r.match, r.page_type])).toEqual([
      ['/offers', 'pricing'],
      ['/stories', 'blog'],
    ]);
    expect(after[0]!.updated_at).toBe(before[0]!.updated_at);
    expect(after[1]!.updated_at > before[2]!.updated_at).toBe(true);
  });

  describe('refuses a bad body with a 400 that names the field, and changes nothing', () => {
    const tooMany = Array.from({ length: 201 }, (_, i) => ({ match: `/p${i}`, page_type: 'product' }));
    it.each([
      [
        'an unknown page type',
        [{ match: '/offers', page_type: 'deals' }],
        'rules.0.page_type',
        'page_type must be one of',
      ],
      ['a match without a leading /', [{ match: 'offers', page_type: 'pricing' }], 'rules.0.match', 'start with /'],
      ['a match with a space', [{ match: '/summer offers', page_type: 'pricing' }], 'rules.0.match', 'spaces'],
      [
        'a duplicate match (after normalising)',
        [
          { match: '/offers', page_type: 'pricing' },
          { match: '/OFFERS/', page_type: 'demo' },
        ],
        'rules.1.match',
        'duplicate match "/offers"',
      ],
      ['too many rules', tooMany, 'rules', 'at most 200 rules'],
    ])('%s', async (_, rules, field, message) => {
      const before = await storedRules();
      const res = await replace(rules);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_failed', field });
      expect(res.json().error.message).toContain(message);
      expect(await storedRules()).toEqual(before);
    });

    it('a body without rules', async () => {
      const res = await t.app.inject({ method: 'PUT', url: URL_PATH, headers: bearer(owner.token), payload: {} });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe('rules');
    });
  });

  it('refuses changes to the read-only demo business', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/businesses', headers: bearer(owner.token) });
    const demo = list.json().businesses.find((b: { is_demo: boolean }) => b.is_demo);
    expect((await read({ token: owner.token, businessId: demo.id })).statusCode).toBe(200);
    const res = await replace([{ match: '/x', page_type: 'demo' }], { token: owner.token, businessId: demo.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('read_only');
  });

  it('lets a member read the rules but only owners and admins change them', async () => {
    const before = await storedRules();
    const member = await signUp(t);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: bearer(member.token) });
    await t.database.db
      .insert(memberships)
      .values({ userId: me.json().id, businessId: owner.businessId, role: 'member' });
    const asMember = { token: member.token, businessId: owner.businessId };
    expect((await read(asMember)).json<PageTypesResponse>().rules).toHaveLength(before.length);
    const res = await replace([], asMember);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    expect(await storedRules()).toEqual(before);
  });

  it("never shows or changes another business's rules", async () => {
    const before = await storedRules();
    const stranger = await signUp(t);
    const aimed = { token: stranger.token, businessId: owner.businessId };
    expect((await read(aimed)).statusCode).toBe(404);
    expect((await replace([], aimed)).statusCode).toBe(404);
    const own = (await read(stranger)).json<PageTypesResponse>();
    expect(own).toEqual({ rules: [], pages: [] });
    expect(await storedRules()).toEqual(before);
  });

  it('keeps the rules in the cache until a save, then serves the new ones and tells the listeners after the commit', async () => {
    const id = owner.businessId;
    expect(await t.pageTypes.rulesFor(id)).toEqual(await storedRules());
    const heard: { businessId: string; stored: Promise<unknown> }[] = [];
    const stop = t.pageTypes.onChange((businessId) => {
      heard.push({ businessId, stored: listRules(t.database.db, businessId) });
    });
    const rules = [{ match: '/stories', page_type: 'reviews' as const }];
    expect((await replace(rules)).statusCode).toBe(200);
    expect(heard.map((h) => h.businessId)).toEqual([id]);
    // What a listener reads when it is called is already the new rule set.
    expect(
      ((await heard[0]!.stored) as { match: string; pageType: string }[]).map((r) => [r.match, r.pageType]),
    ).toEqual([['/stories', 'reviews']]);
    expect(await t.pageTypes.rulesFor(id)).toEqual(rules);

    stop();
    expect((await replace([])).statusCode).toBe(200);
    expect(heard).toHaveLength(1);
    expect(await t.pageTypes.rulesFor(id)).toEqual([]);
  });

  it('answers concurrent first uses alike, with copies a caller cannot change', async () => {
    const other = await signUp(t);
    await replace([{ match: '/a', page_type: 'about' }], other);
    const [first, second] = await Promise.all([
      t.pageTypes.rulesFor(other.businessId),
      t.pageTypes.rulesFor(other.businessId),
    ]);
    expect(first).toEqual([{ match: '/a', page_type: 'about' }]);
    expect(second).toEqual(first);
    first[0]!.page_type = 'blog';
    expect(await t.pageTypes.rulesFor(other.businessId)).toEqual([{ match: '/a', page_type: 'about' }]);
  });

  it("re-types the business's stored sessions after a change: their journeys and page-type tallies", async () => {
    const session = crypto.randomUUID();
    const batch = wireBatch(
      trackingId,
      [
        { type: 'page_view', url: `${SHOP}/deals/spring`, title: 'Spring', data: { path: '/deals/spring' } },
        { type: 'page_hide', url: `${SHOP}/deals/spring`, data: { total_ms: 40_000, active_ms: 30_000, depth: 60 } },
      ],
      { session },
    );
    expect((await postBatch(t, batch)).statusCode).toBe(200);
    await t.ingest.drain();
    await t.scorer.drain();
    const journeyType = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/tracking/sessions/${session}/journey`,
          headers: headers(owner),
        })
      ).json().journey_path[0].page_type;
    const storedViews = async (type: string) => {
      const { rows } = await t.database.executeSql(
        `SELECT (journey_state->'byType'->$3->>'views')::int AS views FROM session_intelligence WHERE business_id = $1 AND session_id = $2`,
        [owner.businessId, session, type],
      );
      return Number(rows[0]?.views ?? 0);
    };
    expect(await journeyType()).toBe('other');
    expect(await storedViews('pricing')).toBe(0);

    const current = await storedRules();
    expect((await replace([...current, { match: '/deals', page_type: 'pricing' }])).statusCode).toBe(200);
    await expect.poll(() => storedViews('pricing'), { timeout: 10_000 }).toBe(1);
    expect(await storedViews('other')).toBe(0);
    expect(await journeyType()).toBe('pricing');
    await replace(current);
  });

  it('lists the same page types as the engine', () => {
    expect(PAGE_TYPES).toEqual(ENGINE_PAGE_TYPES);
  });
});
