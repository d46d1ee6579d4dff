import { DEMO_BUSINESS } from '@ri/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { businessName: 'Northwind Traders' });
});
afterAll(() => t.close());

const list = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/businesses', headers: bearer(token) })).json().businesses as {
    id: string;
    name: string;
    role: string;
    is_demo: boolean;
    read_only: boolean;
    industry_label: string;
    description: string | null;
    color: string;
  }[];

describe('businesses', () => {
  it('lists the own business as owner and the shared demo business read-only', async () => {
    const businesses = await list(owner.token);
    expect(businesses).toHaveLength(2);
    const own = businesses.find((b) => !b.is_demo)!;
    expect(own).toMatchObject({ name: 'Northwind Traders', role: 'owner', read_only: false, industry_label: 'SaaS' });
    expect(own.color).toMatch(/^#[0-9a-f]{6}$/);
    const demo = businesses.find((b) => b.is_demo)!;
    expect(demo).toMatchObject({
      name: DEMO_BUSINESS.name,
      industry_label: DEMO_BUSINESS.industryLabel,
      description: DEMO_BUSINESS.description,
      role: 'viewer',
      read_only: true,
    });
  });

  it('lets the owner rename the business, and names the field when input is wrong', async () => {
    const url = `/api/v1/businesses/${owner.businessId}`;
    const ok = await t.app.inject({
      method: 'PATCH',
      url,
      headers: bearer(owner.token),
      payload: { name: 'Northwind Traders Ltd', industry: 'retail' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Northwind Traders Ltd', industry_label: 'Retail' });

    const bad = await t.app.inject({
      method: 'PATCH',
      url,
      headers: bearer(owner.token),
      payload: { website: 'northwind' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('website');
    const empty = await t.app.inject({ method: 'PATCH', url, headers: bearer(owner.token), payload: {} });
    expect(empty.statusCode).toBe(400);
  });

  it('refuses changes to the demo business', async () => {
    const demo = (await list(owner.token)).find((b) => b.is_demo)!;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/businesses/${demo.id}`,
      headers: bearer(owner.token),
      payload: { name: 'Mine now' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('The demo business is read-only');
    expect((await list(owner.token)).find((b) => b.is_demo)!.name).toBe('Demo');
  });

  it('shows members of the own business but never of the shared demo', async () => {
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/v1/businesses/${owner.businessId}/members`,
      headers: bearer(owner.token),
    });
    expect(mine.json().members).toEqual([expect.objectContaining({ email: owner.email, role: 'owner' })]);
    const demo = (await list(owner.token)).find((b) => b.is_demo)!;
    const demoMembers = await t.app.inject({
      method: 'GET',
      url: `/api/v1/businesses/${demo.id}/members`,
      headers: bearer(owner.token),
    });
    expect(demoMembers.json().members).toEqual([]);
  });

  it('reports honestly that no data source is connected for sync', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/analytics/sync-status',
      headers: bearer(owner.token),
    });
    expect(res.json()).toMatchObject({ sync_available: false, reason: 'no_data_source', connected_sources: 0 });
  });
});
