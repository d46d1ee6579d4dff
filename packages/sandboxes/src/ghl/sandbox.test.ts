import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerFacts } from '../stripe/facts.js';
import { startStripeSandbox } from '../stripe/sandbox.js';
import { resolveAccount } from '../stripe/spec.js';
import { type GhlSandbox, startGhlSandbox } from './sandbox.js';

// The sandbox's wire format as a raw HTTP client sees it; the product's client is tested against it in the server.

const NOW = 1_780_000_000;
let sandbox: GhlSandbox;
beforeAll(async () => {
  sandbox = await startGhlSandbox({
    seed: 4,
    now: NOW,
    locations: [{ contacts: 130, opportunities: 90, stripe: { customers: 40, charges: 200 } }],
    rateLimit: { max: 1000 },
  });
});
afterAll(() => sandbox.close());

type Json = Record<string, unknown> & { contacts?: Json[]; opportunities?: Json[]; meta?: Json; location?: Json };

const call = async (
  path: string,
  init: { body?: unknown; key?: string | null; version?: string | null; method?: string } = {},
) => {
  const { key = sandbox.apiKey, version = '2021-07-28', body } = init;
  const response = await fetch(`${sandbox.url}${path}`, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
      ...(version ? { Version: version } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Json };
};

const searchAll = async (extra: object = {}) => {
  const seen: Json[] = [];
  let searchAfter: unknown;
  for (;;) {
    const page = await call('/contacts/search', {
      body: { locationId: sandbox.locationId, pageLimit: 25, ...(searchAfter ? { searchAfter } : {}), ...extra },
    });
    expect(page.status).toBe(200);
    const contacts = page.body.contacts!;
    seen.push(...contacts);
    if (contacts.length < 25) return { seen, total: page.body.total };
    searchAfter = contacts.at(-1)!.searchAfter;
  }
};

describe('GoHighLevel sandbox over HTTP', () => {
  it('serves the location with its timezone, and the pipelines with their stages', async () => {
    const location = await call(`/locations/${sandbox.locationId}`);
    expect(location.status).toBe(200);
    expect(location.body.location).toMatchObject({
      id: sandbox.locationId,
      name: 'Northwind Solar Co.',
      timezone: 'America/Chicago',
    });
    const pipelines = await call(`/opportunities/pipelines?locationId=${sandbox.locationId}`);
    expect((pipelines.body.pipelines as Json[]).map((p) => (p.stages as unknown[]).length)).toEqual([5, 3]);
    for (const header of ['max', 'remaining', 'interval-milliseconds', 'limit-daily', 'daily-remaining'])
      expect(pipelines.headers.get(`x-ratelimit-${header}`)).toMatch(/^\d+$/);
  });

  it('pages contacts with searchAfter to the end, each once, and filters by dateUpdated', async () => {
    const { seen, total } = await searchAll();
    expect(seen).toHaveLength(130);
    expect(total).toBe(130);
    expect(new Set(seen.map((c) => c.id)).size).toBe(130);
    const since = new Date((NOW - 10 * 86_400) * 1000).toISOString();
    const recent = await searchAll({ filters: [{ field: 'dateUpdated', operator: 'range', value: { gte: since } }] });
    expect(recent.seen.length).toBeGreaterThan(0);
    expect(recent.seen.length).toBeLessThan(130);
    expect(recent.seen.every((c) => String(c.dateUpdated) >= since)).toBe(true);
    const bad = await call('/contacts/search', { body: { locationId: sandbox.locationId, pageLimit: 501 } });
    expect(bad.status).toBe(422);
  });

  it("makes the Stripe sandbox's first customers contacts, with their visitor ids", async () => {
    const stripe = await startStripeSandbox({ seed: 4, now: NOW, accounts: [{ customers: 40, charges: 200 }] });
    try {
      const account = resolveAccount({ customers: 40, charges: 200 }, 0, 4, NOW);
      const customers = new Set(Array.from({ length: 40 }, (_, i) => customerFacts(account, i).email));
      const { seen } = await searchAll();
      const buyers = seen.filter((c) => customers.has(String(c.email)));
      expect(buyers).toHaveLength(40);
      // The same people: Stripe's customer list has the same e-mails.
      const listed = await fetch(`${stripe.url}/v1/customers?limit=100`, {
        headers: { Authorization: `Bearer ${stripe.secretKey}` },
      }).then((r) => r.json() as Promise<{ data: { email: string }[] }>);
      expect(listed.data.filter((c) => buyers.some((b) => b.email === c.email))).toHaveLength(40);
      const withVisitor = buyers.filter((c) =>
        (c.customFields as { value: string }[]).some((f) => /^[0-9a-f-]{36}$/.test(f.value)),
      );
      expect(withVisitor.length).toBeGreaterThan(10);
    } finally {
      await stripe.close();
    }
  });

  it('pages opportunities by startAfter/startAfterId and sums their values as the totals say', async () => {
    const seen: Json[] = [];
    let query = `location_id=${sandbox.locationId}&limit=40&status=all`;
    for (;;) {
      const page = await call(`/opportunities/search?${query}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.opportunities!);
      const meta = page.body.meta!;
      if (!meta.nextPageUrl) break;
      query = `location_id=${sandbox.locationId}&limit=40&status=all&startAfter=${meta.startAfter}&startAfterId=${meta.startAfterId}`;
    }
    const totals = sandbox.state.location().totals();
    expect(seen).toHaveLength(90);
    expect(new Set(seen.map((o) => o.id)).size).toBe(90);
    expect(seen.reduce((a, o) => a + Math.round(Number(o.monetaryValue) * 100), 0)).toBe(totals.value);
    expect(totals.byStatus.won).toBeGreaterThan(0);
  });

  it('refuses bad tokens, a missing Version, another location and missing scopes as GoHighLevel does', async () => {
    expect((await call(`/locations/${sandbox.locationId}`, { key: null })).status).toBe(401);
    expect((await call(`/locations/${sandbox.locationId}`, { key: 'pit-nope' })).status).toBe(401);
    expect((await call(`/locations/${sandbox.locationId}`, { key: sandbox.apiKeys.expired })).body).toMatchObject({
      statusCode: 401,
      message: 'Invalid JWT',
    });
    expect((await call(`/locations/${sandbox.locationId}`, { version: null })).status).toBe(400);
    const other = await call('/locations/AbCdEfGhIjKlMnOpQrSt');
    expect(other.status).toBe(403);
    const scope = await call(`/opportunities/search?location_id=${sandbox.locationId}`, {
      key: sandbox.apiKeys.contactsOnly,
    });
    expect(scope.body).toMatchObject({ statusCode: 401, message: 'The token is not authorized for this scope.' });
  });

  it('answers 429 beyond the burst allowance and counts it, and injects failures per request', async () => {
    sandbox.state.setRateLimit({ max: 3, intervalMs: 60_000 });
    try {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await call(`/locations/${sandbox.locationId}`));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
      expect(answers[2]!.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(sandbox.state.rateLimitViolations).toBe(1);
    } finally {
      sandbox.state.setRateLimit({ max: 1000, intervalMs: 10_000 });
    }
    sandbox.inject({ kind: 'rate_limit', path: '/contacts' });
    sandbox.inject({ kind: 'server_error', path: '/opportunities' });
    const limited = await call('/contacts/search', { body: { locationId: sandbox.locationId, pageLimit: 1 } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect((await call(`/opportunities/pipelines?locationId=${sandbox.locationId}`)).status).toBe(500);
    expect((await call(`/opportunities/pipelines?locationId=${sandbox.locationId}`)).status).toBe(200);
    expect(sandbox.state.rateLimitViolations).toBe(1);
  });
});

describe('GoHighLevel sandbox: the writes an engagement makes', () => {
  const contactOf = (i: number) => sandbox.state.location().contacts[i]!;

  it('adds tags to a contact once each, answers them all, and shows them on the contact and in a search', async () => {
    const contact = contactOf(3);
    const before = [...contact.tags];
    const added = await call(`/contacts/${contact.id}/tags`, {
      body: { tags: ['high-intent', ' vip ', 'high-intent'] },
    });
    expect(added.status).toBe(201);
    expect(added.body.tags).toEqual([...before, 'high-intent', 'vip']);
    const again = await call(`/contacts/${contact.id}/tags`, { body: { tags: ['vip'] } });
    expect(again.body.tags).toEqual([...before, 'high-intent', 'vip']);
    const read = await call(`/contacts/${contact.id}`);
    expect(read.status).toBe(200);
    expect(read.body.contact).toMatchObject({ id: contact.id, tags: [...before, 'high-intent', 'vip'] });
    // A write moves dateUpdated, so an incremental sync picks the contact up.
    expect(Date.parse(String((read.body.contact as Json).dateUpdated))).toBeGreaterThan(Date.now() - 60_000);
    const tagged = await call('/contacts/search', {
      body: {
        locationId: sandbox.locationId,
        pageLimit: 10,
        filters: [{ field: 'tags', operator: 'eq', value: 'vip' }],
      },
    });
    expect(tagged.body.contacts!.map((c) => c.id)).toEqual([contact.id]);
    expect((await call(`/contacts/${contact.id}/tags`, { body: { tags: 'vip' } })).status).toBe(422);
  });

  it('creates tasks on a contact as TaskSchema, lists them, and refuses one without a due date', async () => {
    const contact = contactOf(4);
    const dueDate = '2026-12-01T09:00:00.000Z';
    const created = await call(`/contacts/${contact.id}/tasks`, {
      body: { title: 'Call about the quote', body: 'Asked twice about financing', dueDate, completed: false },
    });
    expect(created.status).toBe(201);
    const task = created.body.task as Json;
    expect(task).toMatchObject({ title: 'Call about the quote', dueDate, completed: false, contactId: contact.id });
    expect(task.id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(sandbox.contactTasks(contact.id)).toEqual([task]);
    expect((await call(`/contacts/${contact.id}/tasks`)).body.tasks).toEqual([task]);
    const refused = await call(`/contacts/${contact.id}/tasks`, { body: { title: 'No date', completed: false } });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toEqual(['dueDate must be a valid ISO 8601 date string']);
    expect(sandbox.contactTasks(contact.id)).toHaveLength(1);
  });

  it('lists the workflows and adds a contact to one; an unknown workflow or contact is 404', async () => {
    const listed = await call(`/workflows/?locationId=${sandbox.locationId}`);
    expect(listed.status).toBe(200);
    const workflows = listed.body.workflows as Json[];
    expect(workflows.map((w) => [w.name, w.status])).toEqual([
      ['New lead nurture', 'published'],
      ['Win back quiet customers', 'published'],
      ['Post-install review request', 'draft'],
    ]);
    const contact = contactOf(5);
    const enrolled = await call(`/contacts/${contact.id}/workflow/${workflows[1]!.id}`, { body: {} });
    expect(enrolled).toMatchObject({ status: 200, body: { succeded: true } });
    expect(sandbox.workflowEnrollments(contact.id)).toEqual([
      { workflowId: workflows[1]!.id, eventStartTime: null, enrolledAt: expect.any(String) },
    ]);
    const unknownWorkflow = await call(`/contacts/${contact.id}/workflow/00000000-0000-4000-a000-000000000000`, {
      body: {},
    });
    expect(unknownWorkflow.body).toEqual({ statusCode: 404, message: 'Workflow not found', error: 'Not Found' });
    for (const path of ['/contacts/AbCdEfGhIjKlMnOpQrSt', '/contacts/AbCdEfGhIjKlMnOpQrSt/tags']) {
      const missing = await call(path, path.endsWith('tags') ? { body: { tags: ['x'] } } : {});
      expect(missing.body).toEqual({ statusCode: 404, message: 'Contact not found', error: 'Not Found' });
    }
    expect((await call('/workflows/?locationId=AbCdEfGhIjKlMnOpQrSt')).status).toBe(403);
  });

  it('refuses writes to a token without contacts.write, and the workflow list without workflows.readonly', async () => {
    const contact = contactOf(6);
    const before = [...contact.tags];
    for (const key of [sandbox.apiKeys.readOnly, sandbox.apiKeys.contactsOnly]) {
      const refused = await call(`/contacts/${contact.id}/tags`, { key, body: { tags: ['vip'] } });
      expect(refused.body).toEqual({
        statusCode: 401,
        message: 'The token is not authorized for this scope.',
        error: 'Unauthorized',
      });
      expect((await call(`/contacts/${contact.id}`, { key })).status).toBe(200);
    }
    expect(sandbox.contact(contact.id)!.tags).toEqual(before);
    expect((await call(`/workflows/?locationId=${sandbox.locationId}`, { key: sandbox.apiKeys.readOnly })).status).toBe(
      200,
    );
    const noScope = await call(`/workflows/?locationId=${sandbox.locationId}`, { key: sandbox.apiKeys.contactsOnly });
    expect(noScope.status).toBe(401);
  });
});
