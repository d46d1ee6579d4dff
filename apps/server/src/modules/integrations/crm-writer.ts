import type { IntegrationProvider } from '@ri/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { ghlContacts, integrations } from '../../db/schema.js';
import type { Vault } from './vault.js';
import { VendorError } from './vendor-error.js';
import { createGhlWriter, type GhlWriter } from './vendors/ghl/ghl-writes.js';

/** A workflow of the CRM: `published` ones run, `draft` ones do not (null when the CRM leaves a field out). */
export type CrmWorkflow = { id: string; name: string | null; status: string | null };
/** A task for the business's team on a contact, due at `dueAt`. */
export type CrmTask = { title: string; body?: string; dueAt: Date };

/**
 * Actions on one business's CRM contacts (GoHighLevel) with its stored credentials: tag a contact, give the team a
 * task on it, or add it to a workflow. Tags are read back from GoHighLevel and written to the synced contact, so the
 * screens show them before the next sync. Vendor failures are thrown as VendorError: `not_found` for a contact the
 * location does not have, `permission` (vendorCode `scope`) when the credentials may not write contacts.
 */
export type CrmWriter = {
  integrationId: string;
  /** The location's workflows. */
  listWorkflows(): Promise<CrmWorkflow[]>;
  /** Adds tags to a contact (GoHighLevel id); the tags on the contact after. */
  addTags(contactId: string, tags: string[]): Promise<string[]>;
  createTask(contactId: string, task: CrmTask): Promise<{ id: string }>;
  enrollInWorkflow(contactId: string, workflowId: string): Promise<void>;
};

export type CrmWriterDeps = {
  db: Db;
  vault: Vault;
  baseUrl(provider: IntegrationProvider, sandboxUrl: string | null): string;
  log?: Pick<FastifyBaseLogger, 'debug'>;
};

const invalid = (message: string) =>
  new VendorError({ vendor: 'gohighlevel', kind: 'invalid', status: undefined, message: `gohighlevel: ${message}` });

/** Tags as GoHighLevel keeps them: trimmed, none empty, each once. */
const cleanTags = (tags: string[]) => [...new Set(tags.map((t) => t.trim()).filter((t) => t !== ''))];

/** Builds `crmWriter(businessId)`: null when the business has no GoHighLevel integration (or disconnected it). */
export function createCrmWriter(deps: CrmWriterDeps) {
  return async (businessId: string): Promise<CrmWriter | null> => {
    const [row] = await deps.db
      .select()
      .from(integrations)
      .where(and(eq(integrations.businessId, businessId), eq(integrations.provider, 'gohighlevel')));
    if (!row || row.status === 'disconnected') return null;
    const credentials = JSON.parse(deps.vault.open(row.credentials, { businessId, integrationId: row.id })) as Record<
      string,
      string
    >;
    const ghl = createGhlWriter({
      // A sign-in's renewed token is `accessToken`; a pasted key (and a sign-in's first token) is `apiKey`.
      apiKey: credentials.accessToken || credentials.apiKey || '',
      locationId: credentials.locationId ?? '',
      baseUrl: deps.baseUrl(row.provider, row.sandboxUrl),
      log: deps.log,
    });
    return ghlCrmWriter(deps.db, { businessId, integrationId: row.id }, ghl);
  };
}

function ghlCrmWriter(db: Db, scope: { businessId: string; integrationId: string }, ghl: GhlWriter): CrmWriter {
  const synced = and(eq(ghlContacts.businessId, scope.businessId), eq(ghlContacts.integrationId, scope.integrationId));
  const syncedTags = async (contactId: string) => {
    const [contact] = await db
      .select({ tags: ghlContacts.tags })
      .from(ghlContacts)
      .where(and(synced, eq(ghlContacts.vendorId, contactId)));
    return contact?.tags ?? [];
  };
  return {
    integrationId: scope.integrationId,
    listWorkflows: () => ghl.workflows(),
    addTags: async (contactId, tags) => {
      const sent = cleanTags(tags);
      if (sent.length === 0) throw invalid('no tag to add');
      const answered = await ghl.addTags(contactId, sent);
      let after: string[];
      try {
        after = await ghl.contactTags(contactId);
      } catch {
        // Taken but not read back: what is known to be on the contact now.
        after = cleanTags([...(await syncedTags(contactId)), ...answered, ...sent]);
      }
      await db
        .update(ghlContacts)
        .set({ tags: after })
        .where(and(synced, eq(ghlContacts.vendorId, contactId)));
      return after;
    },
    createTask: async (contactId, task) => {
      if (task.title.trim() === '') throw invalid('a task needs a title');
      const made = await ghl.createTask(contactId, { title: task.title.trim(), body: task.body, dueAt: task.dueAt });
      return { id: made.id };
    },
    enrollInWorkflow: (contactId, workflowId) => ghl.addToWorkflow(contactId, workflowId),
  };
}
