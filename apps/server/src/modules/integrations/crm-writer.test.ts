import { type GhlSandbox, startGhlSandbox } from '@ri/sandboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/harness.js';
import type { CrmWriter } from './index.js';
import { VendorError } from './vendor-error.js';

// Engage and Implement Action reaching a customer through GoHighLevel: the integrations' CRM writer against the
// GoHighLevel sandbox, for a business connected (and synced) through the real save route.

let sandbox: GhlSandbox;
let t: TestApp;
const logLines: string[] = [];
type Owner = Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  sandbox = await startGhlSandbox({ seed: 21, locations: [{ contacts: 30, opportunities: 12 }] });
  t = await createTestApp(
    { GHL_API_URL: sandbox.url, LOG_LEVEL: 'debug' },
    { logStream: { write: (line) => void logLines.push(line) } },
  );
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

const call = (owner: Owner, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(owner.token), ...(payload ? { payload } : {}) });

/** A business of its own connected to the sandbox location with `apiKey`, its contacts synced. */
async function connect(apiKey: string): Promise<Owner> {
  const owner = await signUp(t);
  const saved = await call(owner, 'POST', '/integrations/gohighlevel/save', { apiKey, locationId: sandbox.locationId });
  expect(saved.statusCode, saved.body).toBe(201);
  expect((await call(owner, 'POST', `/integrations/${saved.json().integration.id}/sync`)).statusCode).toBe(202);
  await t.syncRunner.drain();
  return owner;
}

// The built app's handle is the integrations module's own; its type there names only what the app's callers use.
const crmWriter = (businessId: string) => t.integrations.crmWriter(businessId);
const writerOf = async (owner: Owner): Promise<CrmWriter> => {
  const writer = await crmWriter(owner.businessId);
  if (!writer) throw new Error('no CRM writer');
  return writer;
};
const syncedTags = async (owner: Owner, contactId: string) =>
  (
    await t.database.executeSql('select tags from ghl_contacts where business_id = $1 and vendor_id = $2', [
      owner.businessId,
      contactId,
    ])
  ).rows[0] as { tags: string[] } | undefined;
const failure = async (run: () => Promise<unknown>): Promise<VendorError> => {
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VendorError);
  return error as VendorError;
};
const contact = (i: number) => sandbox.state.location().contacts[i]!;
const errors: string[] = [];

describe('the CRM writer on GoHighLevel', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await connect(sandbox.apiKeys.full);
  });

  it('is there only for a business that connected GoHighLevel', async () => {
    const other = await signUp(t);
    expect(await crmWriter(other.businessId)).toBeNull();
    expect((await writerOf(owner)).integrationId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("lists the location's workflows with their status", async () => {
    const workflows = await (await writerOf(owner)).listWorkflows();
    expect(workflows.map((w) => [w.name, w.status])).toEqual([
      ['New lead nurture', 'published'],
      ['Win back quiet customers', 'published'],
      ['Post-install review request', 'draft'],
    ]);
  });

  it('tags a contact in GoHighLevel, answers the tags read back, and shows them on the synced contact', async () => {
    const { id, tags: before } = contact(2);
    expect((await syncedTags(owner, id))?.tags).toEqual(before);
    const after = await (await writerOf(owner)).addTags(id, ['ready-to-buy', ' ready-to-buy ', 'engaged']);
    expect(after).toEqual([...before, 'ready-to-buy', 'engaged']);
    expect(sandbox.contact(id)!.tags).toEqual(after);
    expect((await syncedTags(owner, id))?.tags).toEqual(after);
    const sent = sandbox.state.requests.filter((r) => r.method === 'POST' && r.path === `/contacts/${id}/tags`);
    expect(sent).toEqual([
      expect.objectContaining({ body: { tags: ['ready-to-buy', 'engaged'] }, version: '2021-07-28', status: 201 }),
    ]);
  });

  it('keeps what it knows when the tags cannot be read back after the write', async () => {
    const { id, tags: before } = contact(3);
    sandbox.inject({ kind: 'server_error', path: new RegExp(`^/contacts/${id}$`) });
    const after = await (await writerOf(owner)).addTags(id, ['callback']);
    expect(sandbox.state.requests.filter((r) => r.path === `/contacts/${id}`).map((r) => r.status)).toEqual([500]);
    expect(after).toEqual([...before, 'callback']);
    expect((await syncedTags(owner, id))?.tags).toEqual([...before, 'callback']);
  });

  it('creates a task due when asked, not completed, on the contact', async () => {
    const { id } = contact(4);
    const dueAt = new Date('2026-12-02T15:00:00.000Z');
    const task = await (await writerOf(owner)).createTask(id, {
      title: 'Call: viewed pricing three times',
      body: 'Readiness 82, asked about financing',
      dueAt,
    });
    expect(sandbox.contactTasks(id)).toEqual([
      {
        id: task.id,
        title: 'Call: viewed pricing three times',
        body: 'Readiness 82, asked about financing',
        dueDate: dueAt.toISOString(),
        completed: false,
        contactId: id,
      },
    ]);
  });

  it('adds the contact to a workflow', async () => {
    const { id } = contact(5);
    const writer = await writerOf(owner);
    const [, winBack] = await writer.listWorkflows();
    await writer.enrollInWorkflow(id, winBack!.id);
    expect(sandbox.workflowEnrollments(id)).toEqual([
      { workflowId: winBack!.id, eventStartTime: null, enrolledAt: expect.any(String) },
    ]);
  });

  it('throws a not_found VendorError for a contact or workflow the location does not have, changing nothing', async () => {
    const writer = await writerOf(owner);
    const unknown = 'AbCdEfGhIjKlMnOpQrSt';
    for (const run of [
      () => writer.addTags(unknown, ['vip']),
      () => writer.createTask(unknown, { title: 'Call', dueAt: new Date() }),
      () => writer.enrollInWorkflow(unknown, sandbox.state.location().workflows[0]!.id),
      () => writer.enrollInWorkflow(contact(6).id, '00000000-0000-4000-a000-000000000000'),
    ]) {
      const error = await failure(run);
      expect(error).toMatchObject({ kind: 'not_found', status: 404 });
      expect(error.message).toMatch(/not found/);
      errors.push(error.message);
    }
    expect(sandbox.workflowEnrollments(contact(6).id)).toEqual([]);
    const requests = sandbox.state.requests.length;
    const refused = await failure(() => writer.addTags('../locations/x', ['vip']));
    expect(refused.kind).toBe('invalid');
    expect(sandbox.state.requests.length).toBe(requests);
  });
});

describe('the CRM writer with a key that may not write contacts', () => {
  it('throws a permission VendorError naming the scope, and the contact keeps its tags', async () => {
    const owner = await connect(sandbox.apiKeys.readOnly);
    const writer = await writerOf(owner);
    const { id, tags: before } = contact(7);
    for (const run of [
      () => writer.addTags(id, ['vip']),
      () => writer.createTask(id, { title: 'Call', dueAt: new Date() }),
      () => writer.enrollInWorkflow(id, sandbox.state.location().workflows[0]!.id),
    ]) {
      const error = await failure(run);
      expect(error).toMatchObject({ kind: 'permission', vendorCode: 'scope', status: 401 });
      errors.push(error.message);
    }
    expect(sandbox.contact(id)!.tags).toEqual(before);
    expect(sandbox.contactTasks(id)).toEqual([]);
    expect((await syncedTags(owner, id))?.tags).toEqual(before);
  });

  it('never shows a token in errors or log lines', () => {
    expect(errors.length).toBeGreaterThan(0);
    const lines = logLines.join('\n');
    expect(lines).toContain('/contacts/');
    for (const key of Object.values(sandbox.apiKeys)) {
      expect(lines).not.toContain(key);
      for (const message of errors) expect(message).not.toContain(key);
    }
  });
});
