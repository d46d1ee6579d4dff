import type { Logger } from 'pino';
import { goHighLevelClassify } from '../../vendor-classifiers.js';
import { isRecord, VendorError, vendorRequest } from '../../vendor-http.js';
import { GHL_API_VERSION, GHL_DEFAULT_API_URL, GHL_TIMEOUT_MS, isGhlLocationId } from './ghl-client.js';

/** A workflow of the location (`GET /workflows/`, WorkflowSchema): `published` ones run, `draft` ones do not. */
export type GhlWorkflow = { id: string; name: string | null; status: string | null };

/** A task on a contact (`POST /contacts/{contactId}/tasks`, TaskSchema). */
export type GhlTask = { id: string; title: string | null; dueDate: string | null; completed: boolean | null };

/**
 * Changes to a location's contacts through GoHighLevel's API v2 (highlevel-api-docs apps/contacts.json and
 * apps/workflows.json, `Version: 2021-07-28`): tags, tasks and workflow enrolments need the `contacts.write` scope,
 * the workflow list `workflows.readonly`. Each change is one call GoHighLevel applies whole; it never retries.
 */
export type GhlWriter = {
  readonly locationId: string;
  /** `GET /workflows/?locationId=`. */
  workflows(): Promise<GhlWorkflow[]>;
  /** `GET /contacts/{contactId}`: the contact's tags now. */
  contactTags(contactId: string): Promise<string[]>;
  /** `POST /contacts/{contactId}/tags` with `{ tags }`; the tags the answer lists. */
  addTags(contactId: string, tags: string[]): Promise<string[]>;
  /** `POST /contacts/{contactId}/tasks` with `{ title, body?, dueDate, completed: false, assignedTo? }`. */
  createTask(
    contactId: string,
    task: { title: string; body?: string; dueAt: Date; assignedTo?: string },
  ): Promise<GhlTask>;
  /** `POST /contacts/{contactId}/workflow/{workflowId}` with `{ eventStartTime? }`. */
  addToWorkflow(contactId: string, workflowId: string, startAt?: Date): Promise<void>;
};

/** GoHighLevel's ids: contacts and tasks are 20 letters and digits, workflows UUIDs; anything else never reaches a path. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

const invalid = (message: string) =>
  new VendorError({ vendor: 'gohighlevel', kind: 'invalid', status: undefined, message: `gohighlevel: ${message}` });
const malformed = (what: string) =>
  new VendorError({
    vendor: 'gohighlevel',
    kind: 'transient',
    status: 200,
    message: `gohighlevel answered without ${what}`,
  });
const idOf = (what: string, id: string) => {
  if (!ID.test(id)) throw invalid(`a ${what} id is letters, digits and dashes`);
  return encodeURIComponent(id);
};
const text = (value: unknown) => (typeof value === 'string' ? value : null);
const tagsOf = (value: unknown) =>
  Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : null;

/** A writer for one location and one token; the token travels only as `Authorization: Bearer` and is redacted. */
export function createGhlWriter({
  apiKey,
  locationId,
  baseUrl = GHL_DEFAULT_API_URL,
  timeoutMs = GHL_TIMEOUT_MS,
  log,
}: {
  apiKey: string;
  locationId: string;
  baseUrl?: string;
  timeoutMs?: number;
  log?: Pick<Logger, 'debug'>;
}): GhlWriter {
  const call = async <T>(
    path: string,
    options: { query?: Record<string, string>; body?: unknown } = {},
  ): Promise<T> => {
    if (!isGhlLocationId(locationId)) throw invalid('a location id is letters and digits');
    const { data } = await vendorRequest<T>({
      vendor: 'gohighlevel',
      baseUrl,
      path,
      method: options.body === undefined ? 'GET' : 'POST',
      query: options.query,
      body: options.body,
      headers: { authorization: `Bearer ${apiKey}`, version: GHL_API_VERSION },
      secretValues: [apiKey],
      timeoutMs,
      classify: goHighLevelClassify,
      log,
    });
    return data;
  };

  return {
    locationId,

    async workflows() {
      const data = await call<{ workflows?: unknown }>('workflows/', { query: { locationId } });
      if (!Array.isArray(data?.workflows)) throw malformed('workflows');
      return data.workflows
        .filter((w): w is Record<string, unknown> => isRecord(w) && typeof w.id === 'string')
        .map((w) => ({ id: w.id as string, name: text(w.name), status: text(w.status) }));
    },

    async contactTags(contactId) {
      const data = await call<{ contact?: unknown }>(`contacts/${idOf('contact', contactId)}`);
      const tags = isRecord(data?.contact) ? tagsOf(data.contact.tags ?? []) : null;
      if (!tags) throw malformed('the contact');
      return tags;
    },

    async addTags(contactId, tags) {
      const path = `contacts/${idOf('contact', contactId)}/tags`;
      const data = await call<{ tags?: unknown }>(path, { body: { tags } });
      return tagsOf(data?.tags) ?? tags;
    },

    async createTask(contactId, task) {
      if (Number.isNaN(task.dueAt.getTime())) throw invalid('a task needs a due date');
      const data = await call<{ task?: unknown }>(`contacts/${idOf('contact', contactId)}/tasks`, {
        body: {
          title: task.title,
          ...(task.body ? { body: task.body } : {}),
          dueDate: task.dueAt.toISOString(),
          completed: false,
          ...(task.assignedTo ? { assignedTo: task.assignedTo } : {}),
        },
      });
      const made = isRecord(data?.task) ? data.task : undefined;
      if (typeof made?.id !== 'string') throw malformed('the task');
      return {
        id: made.id,
        title: text(made.title),
        dueDate: text(made.dueDate),
        completed: typeof made.completed === 'boolean' ? made.completed : null,
      };
    },

    async addToWorkflow(contactId, workflowId, startAt) {
      const path = `contacts/${idOf('contact', contactId)}/workflow/${idOf('workflow', workflowId)}`;
      // `succeded`, as GoHighLevel spells it (ContactsWorkflowSuccessfulResponseDto).
      const data = await call<{ succeded?: unknown }>(path, {
        body: startAt ? { eventStartTime: startAt.toISOString() } : {},
      });
      if (isRecord(data) && data.succeded === false) {
        throw new VendorError({
          vendor: 'gohighlevel',
          kind: 'invalid',
          status: 200,
          message: `gohighlevel did not add the contact to workflow ${workflowId}`,
        });
      }
    },
  };
}
