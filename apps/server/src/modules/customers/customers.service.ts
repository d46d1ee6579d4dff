import type { CustomerLinkBody, CustomerList, CustomerListQuery, GenerateProfilesResponse } from '@ri/contracts';
import type { Database } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { TaskRunner } from '../tasks/index.js';
import { mergeRecords, PROFILE_TASK, rebuildCustomers } from './build.service.js';
import { customerSummary, listWhere, pageOfCustomers } from './customers.repo.js';
import { segmentRules } from './segments.service.js';

/** Profiles are current for this long after a build when no sync finished since (the spec's 10-minute freshness). */
const CURRENT_MS = 10 * 60_000;

export async function listCustomers(
  database: Database,
  businessId: string,
  query: CustomerListQuery,
): Promise<CustomerList> {
  const q = database.executeSql;
  const rules = query.segment_id ? await segmentRules(q, businessId, query.segment_id) : null;
  const limit = query.limit;
  const offset = query.offset ?? ((query.page ?? 1) - 1) * limit;
  const page = Math.floor(offset / limit) + 1;
  const where = listWhere(businessId, query, rules, Date.now());
  const cards = customerSummary(q, businessId);
  // Unfiltered, the total is the cards' count of the business's customers (kept until the next build) instead of
  // counting half a million rows on every page.
  const known = where.clauses.length === 1 ? cards.then((c) => c.total_customers) : undefined;
  const [{ customers, total }, summary] = await Promise.all([pageOfCustomers(q, where, limit, offset, known), cards]);
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return {
    customers,
    total,
    pagination: {
      page,
      total_pages: totalPages,
      has_next: offset + customers.length < total,
      has_previous: offset > 0,
      limit,
      offset,
      total,
    },
    summary,
  };
}

/** Starts the profile build, or says the profiles are current (no task) unless forced. */
export async function startGeneration(
  database: Database,
  tasks: TaskRunner,
  businessId: string,
  userId: string,
  force: boolean,
): Promise<GenerateProfilesResponse> {
  const q = database.executeSql;
  const { rows } = await q(
    `SELECT (SELECT count(*) FROM customers WHERE business_id = $1) AS customers,
            (SELECT max(finished_at) FROM integration_sync_runs WHERE business_id = $1) AS synced`,
    [businessId],
  );
  const customers = Number(rows[0]?.customers ?? 0);
  const synced = rows[0]?.synced ? new Date(rows[0].synced as string).getTime() : 0;
  const last = await tasks.latestCompleted(businessId, PROFILE_TASK);
  if (
    !force &&
    customers > 0 &&
    last &&
    Date.now() - last.updatedAt.getTime() < CURRENT_MS &&
    synced <= last.updatedAt.getTime()
  ) {
    return {
      success: true,
      task_id: null,
      total_contacts: customers,
      message: `Profiles already exist for ${customers} customers and are current.`,
    };
  }
  const { rows: contacts } = await q(
    `SELECT (SELECT count(*) FROM stripe_customers WHERE business_id = $1)
          + (SELECT count(*) FROM ghl_contacts WHERE business_id = $1) AS n`,
    [businessId],
  );
  const task = await tasks.start(businessId, PROFILE_TASK, { force }, userId);
  return {
    success: true,
    task_id: task.id,
    total_contacts: Number(contacts[0]?.n ?? 0),
    message: task.created
      ? 'Profile generation started: records are merged, the lifetime-value model is fitted and every profile is rebuilt.'
      : 'Profile generation is already running.',
  };
}

/** Records a person's decision about two records and merges again at once. */
export async function linkRecords(
  database: Database,
  businessId: string,
  userId: string,
  body: CustomerLinkBody,
  ltvFitBudgetMs?: number,
) {
  const q = database.executeSql;
  if (body.record_a === body.record_b) {
    throw new AppError('validation_failed', 'record_b must be a different record from record_a', { field: 'record_b' });
  }
  const [a, b] = [body.record_a, body.record_b].sort() as [string, string];
  const { rows } = await q(
    'SELECT record_key, customer_id FROM customer_records WHERE business_id = $1 AND record_key = ANY($2::text[])',
    [businessId, [a, b]],
  );
  if (rows.length < 2) throw notFound('Record');
  await q(
    `INSERT INTO customer_links (business_id, record_a, record_b, kind, created_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (business_id, record_a, record_b) DO UPDATE SET kind = excluded.kind, created_by = excluded.created_by,
       created_at = now()`,
    [businessId, a, b, body.kind, userId],
  );
  await mergeRecords(database, businessId);
  const { rows: after } = await q(
    'SELECT DISTINCT customer_id FROM customer_records WHERE business_id = $1 AND record_key = ANY($2::text[])',
    [businessId, [a, b]],
  );
  const ids = after.map((r) => r.customer_id as string);
  const before = rows.map((r) => r.customer_id as string);
  await rebuildCustomers(
    database,
    businessId,
    [...new Set([...ids, ...before])].filter((id) => ids.includes(id)),
    ltvFitBudgetMs,
  );
  await q(
    `DELETE FROM customers c WHERE c.business_id = $1 AND c.id = ANY($2::uuid[])
        AND NOT EXISTS (SELECT 1 FROM customer_records r WHERE r.business_id = c.business_id AND r.customer_id = c.id)`,
    [businessId, before],
  );
  return {
    customer_ids: ids,
    message:
      body.kind === 'same_person'
        ? ids.length === 1
          ? 'The records are one customer now. Their figures are rebuilt.'
          : 'Saved, but another decision keeps these records apart.'
        : ids.length === 2
          ? 'The records are separate customers now. Their figures are rebuilt.'
          : 'Saved, but a confirmed link still joins these records.',
  };
}
