import {
  CUSTOMER_ACTION_OUTCOME_DAYS,
  type CustomerAction,
  type CustomerActionBody,
  type EngagementRecommendations,
} from '@ri/contracts';
import { engagementRecommendations } from '@ri/engine';
import type { SqlExecutor } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { getCustomerDetail } from './detail.service.js';

// Engage Customer and Implement Action (spec: Engagement Recommendations). An action is saved with its status and
// history; where GoHighLevel is connected and the customer has a contact there, it reaches them through the CRM
// (a tag, a task on the contact, or a workflow enrolment), else it is a task for the owner. Its outcome (did the
// customer pay within CUSTOMER_ACTION_OUTCOME_DAYS) is measured once the window has passed.

/** What customers needs of the CRM (the integrations module's GoHighLevel writer). */
export type CustomerCrm = {
  listWorkflows(): Promise<{ id: string; name: string | null; status?: string | null }[]>;
  addTags(contactId: string, tags: string[]): Promise<string[]>;
  createTask(contactId: string, task: { title: string; body: string; dueAt: Date }): Promise<{ id: string }>;
  enrollInWorkflow(contactId: string, workflowId: string): Promise<void>;
};
export type CrmFor = (businessId: string) => Promise<CustomerCrm | null>;

const DAY_MS = 86_400_000;

async function crmContact(q: SqlExecutor, businessId: string, customerId: string): Promise<string | null> {
  const { rows } = await q(
    `SELECT source_id FROM customer_records WHERE business_id = $1 AND customer_id = $2 AND source = 'ghl'
      ORDER BY source_created_at NULLS LAST LIMIT 1`,
    [businessId, customerId],
  );
  return (rows[0]?.source_id as string | undefined) ?? null;
}

export async function getRecommendations(
  q: SqlExecutor,
  crmFor: CrmFor,
  businessId: string,
  id: string,
): Promise<EngagementRecommendations> {
  const { customer } = await getCustomerDetail(q, businessId, id);
  const crm = await crmFor(businessId);
  const contact = await crmContact(q, businessId, id);
  let workflows: { id: string; name: string }[] = [];
  let detail: string;
  if (!crm) detail = 'GoHighLevel is not connected: actions are recorded as tasks for you.';
  else if (!contact) detail = 'This customer has no GoHighLevel contact: actions are recorded as tasks for you.';
  else {
    try {
      workflows = (await crm.listWorkflows())
        .filter((w) => w.status !== 'draft')
        .map((w) => ({ id: w.id, name: w.name ?? `Workflow ${w.id}` }));
      detail = 'Actions reach this customer through GoHighLevel (tag, task or workflow).';
    } catch (error) {
      detail = `GoHighLevel could not list workflows (${error instanceof Error ? error.message : 'error'}); tags and tasks still work.`;
    }
  }
  return {
    customer_id: id,
    recommendations: engagementRecommendations(
      {
        id,
        profile: customer.neuromind_profile,
        readiness: customer.readiness_score,
        churnRisk: customer.churn_risk,
        lifetimeValue: customer.lifetime_value,
        journeyStage: customer.journey_stage,
        engagementLevel: customer.engagement_level,
        acquisitionSource: customer.acquisition_source,
        sources: customer.sources,
        lastActivity: new Date(customer.last_activity).getTime(),
        orders: customer.orders,
        traits: customer.behavioral_traits,
        conversionProbability: customer.conversion_probability,
      },
      Date.now(),
    ),
    delivery: { crm_connected: crm !== null, crm_contact: contact !== null, workflows, detail },
  };
}

const actionOf = (r: Record<string, unknown>): CustomerAction => ({
  id: r.id as string,
  customer_id: r.customer_id as string,
  type: r.type as CustomerAction['type'],
  title: r.title as string,
  channel: r.channel as CustomerAction['channel'],
  status: r.status as CustomerAction['status'],
  status_detail: r.status_detail as string,
  note: (r.note as string | null) ?? null,
  implementation_steps: r.steps as string[],
  created_by: r.created_by as string,
  created_at: new Date(r.created_at as string).toISOString(),
  history: r.history as CustomerAction['history'],
  outcome: (r.outcome as CustomerAction['outcome']) ?? null,
});

export async function createAction(
  q: SqlExecutor,
  crmFor: CrmFor,
  businessId: string,
  userId: string,
  customerId: string,
  body: CustomerActionBody,
): Promise<CustomerAction> {
  const { rows: found } = await q('SELECT id FROM customers WHERE business_id = $1 AND id = $2', [
    businessId,
    customerId,
  ]);
  if (!found[0]) throw notFound('Customer');
  const now = new Date();
  let status: CustomerAction['status'] = 'recorded';
  let channel = body.channel;
  let detail = 'Recorded as a task for you.';
  let vendorRef: string | null = null;
  if (channel !== 'owner_task') {
    const crm = await crmFor(businessId);
    const contact = await crmContact(q, businessId, customerId);
    if (!crm || !contact) {
      channel = 'owner_task';
      detail = !crm
        ? 'GoHighLevel is not connected, so this was recorded as a task for you.'
        : 'The customer has no GoHighLevel contact, so this was recorded as a task for you.';
    } else {
      try {
        if (channel === 'crm_tag') {
          const tag = body.tag ?? `ri-${body.type.replace(/_/g, '-')}`;
          await crm.addTags(contact, [tag]);
          vendorRef = tag;
          detail = `Tag "${tag}" added to the contact in GoHighLevel.`;
        } else if (channel === 'crm_task') {
          const task = await crm.createTask(contact, {
            title: body.title,
            body: [body.note, ...(body.implementation_steps ?? [])].filter(Boolean).join('\n'),
            dueAt: new Date(now.getTime() + 2 * DAY_MS),
          });
          vendorRef = task.id;
          detail = 'Task created on the contact in GoHighLevel.';
        } else {
          await crm.enrollInWorkflow(contact, body.workflow_id!);
          vendorRef = body.workflow_id!;
          detail = 'Contact enrolled in the GoHighLevel workflow.';
        }
        status = 'delivered';
      } catch (error) {
        status = 'failed';
        detail = `GoHighLevel refused: ${error instanceof Error ? error.message : 'unknown error'}`;
      }
    }
  }
  const history = [{ status, at: now.toISOString(), detail }];
  const { rows } = await q(
    `INSERT INTO customer_actions (business_id, customer_id, type, title, channel, status, status_detail, note, steps,
       vendor_ref, created_by, history)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12::jsonb) RETURNING *`,
    [
      businessId,
      customerId,
      body.type,
      body.title,
      channel,
      status,
      detail,
      body.note ?? null,
      JSON.stringify(body.implementation_steps ?? []),
      vendorRef,
      userId,
      JSON.stringify(history),
    ],
  );
  return actionOf(rows[0]!);
}

/** The customer's actions, measuring the outcome of those whose window has passed. */
export async function listActions(q: SqlExecutor, businessId: string, customerId: string) {
  const { rows: found } = await q('SELECT id FROM customers WHERE business_id = $1 AND id = $2', [
    businessId,
    customerId,
  ]);
  if (!found[0]) throw notFound('Customer');
  await q(
    `UPDATE customer_actions a SET outcome = jsonb_build_object(
        'window_days', ${CUSTOMER_ACTION_OUTCOME_DAYS}, 'measured_at', to_jsonb(now()),
        'purchased', EXISTS (SELECT 1 FROM customer_payments p WHERE p.business_id = a.business_id
                                AND p.customer_id = a.customer_id AND p.at > a.created_at
                                AND p.at <= a.created_at + interval '${CUSTOMER_ACTION_OUTCOME_DAYS} days'
                                AND p.amount > p.refunded),
        'revenue', coalesce((SELECT round(sum(p.amount - p.refunded)::numeric, 2) FROM customer_payments p
                              WHERE p.business_id = a.business_id AND p.customer_id = a.customer_id
                                AND p.at > a.created_at
                                AND p.at <= a.created_at + interval '${CUSTOMER_ACTION_OUTCOME_DAYS} days'), 0))
      WHERE a.business_id = $1 AND a.customer_id = $2 AND a.outcome IS NULL
        AND a.created_at <= now() - interval '${CUSTOMER_ACTION_OUTCOME_DAYS} days'`,
    [businessId, customerId],
  );
  const { rows } = await q(
    'SELECT * FROM customer_actions WHERE business_id = $1 AND customer_id = $2 ORDER BY created_at DESC',
    [businessId, customerId],
  );
  return { actions: rows.map(actionOf) };
}
