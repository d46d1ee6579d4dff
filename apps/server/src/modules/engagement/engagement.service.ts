import {
  type API,
  type EngagementAction,
  ON_SITE_DELIVERY_NOT_SET_UP,
  type Parsed,
  SESSION_NOT_FOUND,
} from '@ri/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { sessionExists } from '../tracking/index.js';
import * as repo from './engagement.repo.js';

type NewAction = Parsed<(typeof API.createEngagementAction)['body']>;
type ActionsQuery = Parsed<(typeof API.listEngagementActions)['query']>;

const toAction = (r: repo.EngagementActionRow): EngagementAction => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  session_id: r.sessionId,
  insight_id: r.insightId,
  title: r.title,
  action_items: r.actionItems,
  note: r.note,
  status_detail: r.statusDetail,
  created_by: r.createdBy,
  created_at: r.createdAt.toISOString(),
  history: r.history,
});

/**
 * Records an Engage (a live visitor) or Take Action (an insight) decision with its status and history.
 * Nothing delivers to the visitor's browser yet, so an action is recorded and says so.
 */
export async function recordAction(
  db: Db,
  businessId: string,
  userId: string,
  body: NewAction,
): Promise<EngagementAction> {
  if (body.session_id && !(await sessionExists(db, businessId, body.session_id)))
    throw new AppError('not_found', SESSION_NOT_FOUND);
  const at = new Date();
  const row = await repo.insertAction(db, {
    businessId,
    kind: body.kind,
    status: 'recorded',
    sessionId: body.session_id ?? null,
    insightId: body.insight_id ?? null,
    title: body.title,
    actionItems: body.action_items,
    note: body.note ?? null,
    statusDetail: ON_SITE_DELIVERY_NOT_SET_UP,
    createdBy: userId,
    createdAt: at,
    history: [{ status: 'recorded', at: at.toISOString(), detail: ON_SITE_DELIVERY_NOT_SET_UP }],
  });
  return toAction(row);
}

/** The business's recorded actions, newest first, for one session or insight when asked. */
export async function listActions(db: Db, businessId: string, q: ActionsQuery): Promise<EngagementAction[]> {
  const rows = await repo.listActions(db, businessId, {
    sessionId: q.session_id,
    insightId: q.insight_id,
    limit: q.limit,
  });
  return rows.map(toAction);
}
