import type { GhlContact, GhlLocationData } from './location-data.js';
import { type Reply, unprocessable } from './search.js';
import type { GhlScope } from './spec.js';

// The contact reads and writes an engagement makes (highlevel-api-docs apps/contacts.json, apps/workflows.json):
// GET /contacts/{contactId}, POST /contacts/{contactId}/tags, GET and POST /contacts/{contactId}/tasks,
// POST /contacts/{contactId}/workflow/{workflowId} and GET /workflows/?locationId=. Writes need `contacts.write`.

export type CrmRequest = {
  data: GhlLocationData;
  method: string;
  /** The path's segments after `contacts` or `workflows`, decoded. */
  segments: string[];
  body: unknown;
  params: URLSearchParams;
  /** Unix ms: a write's dateUpdated and enrolment time. */
  now: number;
  /** The 401 GoHighLevel answers when the token lacks `needed`, else undefined. */
  scope(needed: GhlScope): Reply | undefined;
  /** The 403/422 for another location (or none), else undefined. */
  location(id: string | null | undefined): Reply | undefined;
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const notFound = (what: string): Reply => ({
  status: 404,
  body: { statusCode: 404, message: `${what} not found`, error: 'Not Found' },
});
const isIsoDate = (v: unknown) =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v));
/** A contact as `GET /contacts/{contactId}` answers it (GetContectByIdSchema): no search cursor. */
const contactJson = (c: GhlContact) => ({ ...c, name: c.contactName });

/** `GET /workflows/?locationId=`: `{ workflows }`. */
export const workflowsRoute = (req: CrmRequest): Reply | undefined => {
  if (req.method !== 'GET' || req.segments.length > 0) return undefined;
  return (
    req.scope('workflows.readonly') ??
    req.location(req.params.get('locationId')) ?? { status: 200, body: { workflows: req.data.workflows } }
  );
};

/** The routes under `/contacts/{contactId}`; undefined for any other path (the caller answers 404). */
export const contactRoute = (req: CrmRequest): Reply | undefined => {
  const { data, method, segments, body } = req;
  const [contactId, what, workflowId] = segments;
  const route = `${method} ${['id', what, workflowId && 'id'].filter(Boolean).join('/')}`;
  const routes = ['GET id', 'GET id/tasks', 'POST id/tags', 'POST id/tasks', 'POST id/workflow/id'];
  if (contactId === undefined || segments.length > 3 || !routes.includes(route)) return undefined;
  const write = method === 'POST';
  const denied = req.scope(write ? 'contacts.write' : 'contacts.readonly');
  if (denied) return denied;
  const contact = data.contact(contactId);
  if (!contact) return notFound('Contact');

  if (!write) {
    if (what === 'tasks') return { status: 200, body: { tasks: data.records.tasksOf(contact.id) } };
    return { status: 200, body: { contact: contactJson(contact) } };
  }
  const fields = isRecord(body) ? body : {};
  if (what === 'tags') {
    const { tags } = fields;
    if (!Array.isArray(tags)) return unprocessable('tags must be an array');
    if (tags.some((t) => typeof t !== 'string' || t.trim() === ''))
      return unprocessable('each value in tags must be a non-empty string');
    const added = tags.map((t: string) => t.trim()).filter((t) => !contact.tags.includes(t));
    if (added.length > 0) data.updateContact(contact.id, { tags: [...contact.tags, ...new Set(added)] }, req.now);
    return { status: 201, body: { tags: contact.tags } };
  }
  if (what === 'tasks') {
    const problems = [
      ...(typeof fields.title !== 'string' || fields.title.trim() === '' ? ['title should not be empty'] : []),
      ...(isIsoDate(fields.dueDate) ? [] : ['dueDate must be a valid ISO 8601 date string']),
      ...(typeof fields.completed === 'boolean' ? [] : ['completed must be a boolean value']),
      ...(fields.body === undefined || typeof fields.body === 'string' ? [] : ['body must be a string']),
      ...(fields.assignedTo === undefined || typeof fields.assignedTo === 'string'
        ? []
        : ['assignedTo must be a string']),
    ];
    if (problems.length > 0) return unprocessable(...problems);
    const task = data.records.addTask({
      title: fields.title as string,
      ...(typeof fields.body === 'string' ? { body: fields.body } : {}),
      ...(typeof fields.assignedTo === 'string' ? { assignedTo: fields.assignedTo } : {}),
      dueDate: new Date(fields.dueDate as string).toISOString(),
      completed: fields.completed as boolean,
      contactId: contact.id,
    });
    return { status: 201, body: { task } };
  }
  const workflow = data.workflows.find((w) => w.id === workflowId);
  if (!workflow) return notFound('Workflow');
  const start = fields.eventStartTime;
  if (start !== undefined && !isIsoDate(start))
    return unprocessable('eventStartTime must be a valid ISO 8601 date string');
  data.records.enroll(contact.id, {
    workflowId: workflow.id,
    eventStartTime: (start as string | undefined) ?? null,
    enrolledAt: new Date(req.now).toISOString(),
  });
  // "succeded", as GoHighLevel spells it (ContactsWorkflowSuccessfulResponseDto).
  return { status: 200, body: { succeded: true } };
};
