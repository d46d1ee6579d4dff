import { ghlId, type LocationSpec, uuidFor } from './spec.js';

// What the product writes to a location (tags go on the contact itself; tasks and workflow enrolments are kept here),
// and the location's workflows, in GoHighLevel's shapes (highlevel-api-docs apps/contacts.json TaskSchema,
// apps/workflows.json WorkflowSchema).

/** A workflow of `GET /workflows/` (WorkflowSchema): `published` ones run, `draft` ones do not. */
export type GhlWorkflow = {
  id: string;
  name: string;
  status: 'published' | 'draft';
  version: number;
  createdAt: string;
  updatedAt: string;
  locationId: string;
};

/** A task on a contact (TaskSchema), as `POST /contacts/{contactId}/tasks` answers it. */
export type GhlTask = {
  id: string;
  title: string;
  body?: string;
  assignedTo?: string;
  dueDate: string;
  completed: boolean;
  contactId: string;
};

/** A contact added to a workflow: when it was asked, and the start time sent (`eventStartTime`), if any. */
export type GhlEnrollment = { workflowId: string; eventStartTime: string | null; enrolledAt: string };

const DAY = 86_400_000;

/** The location's workflows: two that run and one still a draft, created before its first lead. */
export const seedWorkflows = (spec: LocationSpec): GhlWorkflow[] =>
  (
    [
      ['New lead nurture', 'published', 3],
      ['Win back quiet customers', 'published', 2],
      ['Post-install review request', 'draft', 1],
    ] as const
  ).map(([name, status, version], i) => {
    const at = new Date(spec.start - (30 - i * 7) * DAY).toISOString();
    return {
      id: uuidFor(spec.seed, 'workflow', i),
      name,
      status,
      version,
      createdAt: at,
      updatedAt: at,
      locationId: spec.id,
    };
  });

/** The tasks and workflow enrolments of a location's contacts (contact id → its own, oldest first). */
export class GhlCrmRecords {
  readonly tasks = new Map<string, GhlTask[]>();
  readonly enrollments = new Map<string, GhlEnrollment[]>();
  readonly #seed: number;
  #madeTasks = 0;

  constructor(seed: number) {
    this.#seed = seed;
  }

  tasksOf(contactId: string): readonly GhlTask[] {
    return this.tasks.get(contactId) ?? [];
  }

  enrollmentsOf(contactId: string): readonly GhlEnrollment[] {
    return this.enrollments.get(contactId) ?? [];
  }

  /** Keeps a new task with a GoHighLevel-shaped id (20 letters and digits). */
  addTask(fields: Omit<GhlTask, 'id'>): GhlTask {
    const task = { id: ghlId(this.#seed, 'task', this.#madeTasks++), ...fields };
    this.tasks.set(task.contactId, [...this.tasksOf(task.contactId), task]);
    return task;
  }

  enroll(contactId: string, enrollment: GhlEnrollment): void {
    this.enrollments.set(contactId, [...this.enrollmentsOf(contactId), enrollment]);
  }
}
