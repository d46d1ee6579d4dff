import type {
  AdOptimizationAction,
  AdPlatform,
  ImplementOptimizationBody,
  OptimizationAction,
  OptimizationRecommendation,
} from '@ri/contracts';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { type AdWriter, VendorError, type WritablePlatform } from '../integrations/index.js';
import {
  type AdActionView,
  claimForUndo,
  failAbandoned,
  findAction,
  findActive,
  finish,
  insertPending,
  listActions,
} from './ad-optimizations.repo.js';
import type { AdActionValues } from './ad-optimizations.schema.js';
import { applyBudget, budgetTargetsOf, type Outcome, restoreBudget, task, vendorDetail } from './budget-changes.js';

/** The campaign a recommendation is about, as Ad Intelligence knows it from the synced data. */
export type RecommendationCampaign = {
  /** `${platform}_${vendorId}`. */
  id: string;
  name: string;
  platform: AdPlatform;
  vendorId: string;
  integrationId: string | null;
  currency: string;
  budgetLevel: 'campaign' | 'adset' | null;
  dailyBudgetMinor: number | null;
};
export type FoundRecommendation = { recommendation: OptimizationRecommendation; campaign: RecommendationCampaign };
/**
 * The recommendation `recommendationId` of the business's campaign over the last `days`, as the ads module computes
 * it now (money in major units), or null when the campaign is not the business's or no longer recommends it.
 */
export type FindRecommendation = (
  db: Db,
  businessId: string,
  campaignId: string,
  recommendationId: string,
  days: number,
) => Promise<FoundRecommendation | null>;

export type AdOptimizationDeps = {
  db: Db;
  findRecommendation: FindRecommendation;
  adWriter: (businessId: string, platform: WritablePlatform) => Promise<AdWriter | null>;
};

/** The spec's words when Implement Optimization fails (section 8); the platform's reason goes with them. */
export const IMPLEMENT_FAILED = 'Failed to implement optimization. Please try again.';
export const UNDO_FAILED = 'Failed to undo optimization. Please try again.';

const LABEL: Record<AdPlatform, string> = {
  facebook: 'Meta',
  google: 'Google Ads',
  linkedin: 'LinkedIn Ads',
  tiktok: 'TikTok Ads',
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The action as the API answers it: a budget change always lists its targets. */
const withTargets = (action: OptimizationAction): OptimizationAction =>
  action.kind === 'set_budget' ? { ...action, targets: budgetTargetsOf(action) } : action;

/**
 * Tells two submits of the same change apart from two different changes of one recommendation: kind, level, and
 * each target with its new budget (one target keeps the key it always had).
 */
const actionKeyOf = (action: OptimizationAction) => {
  if (action.kind === 'pause_ad') return `pause_ad:${action.target_id}`;
  if (action.kind === 'task') return 'task';
  const targets = budgetTargetsOf(action);
  if (targets.length === 1) return `set_budget:${action.level}:${targets[0]!.id}:${targets[0]!.to}`;
  const each = targets.map((t) => `${t.id}=${t.to}`).sort();
  return `set_budget:${action.level}:${each.join(',')}`;
};

const isWritable = (platform: string): platform is WritablePlatform => platform === 'facebook' || platform === 'google';

/** An action as the API answers it. */
export const toAction = (r: AdActionView): AdOptimizationAction => ({
  id: r.id,
  campaign_id: r.campaignId,
  campaign_name: r.campaignName,
  platform: r.platform as AdPlatform,
  recommendation_id: r.recommendationId,
  type: r.type as AdOptimizationAction['type'],
  title: r.title,
  action: withTargets(r.action),
  status: r.status as AdOptimizationAction['status'],
  before: r.before,
  after: r.after,
  currency: r.currency,
  message: r.message,
  created_by: r.createdByName,
  created_at: r.createdAt.toISOString(),
  undone_by: r.undoneByName,
  undone_at: r.undoneAt?.toISOString() ?? null,
  can_undo: r.status === 'applied' || r.status === 'task',
});

async function view(db: Db, businessId: string, id: string): Promise<AdOptimizationAction> {
  const row = await findAction(db, businessId, id);
  if (!row) throw notFound('Optimization action');
  return toAction(row);
}

/** `GET /analytics/ad-optimizations`: the business's implemented optimisations, newest first. */
export async function listOptimizations(
  db: Db,
  businessId: string,
  query: { campaign_id?: string; limit: number },
): Promise<AdOptimizationAction[]> {
  return (await listActions(db, businessId, { campaignId: query.campaign_id, limit: query.limit })).map(toAction);
}

/**
 * `POST /analytics/ad-optimizations`: applies a recommendation that still holds for the business's campaign. With
 * credentials that may write, a budget change or an ad pause is made on the platform, read before and after; with
 * read-only credentials, an unconnected platform, or a change no API makes, it is recorded as a task that says why.
 * A platform failure is recorded as failed and answered 502. The same change submitted twice is applied once.
 */
export async function implementOptimization(
  deps: AdOptimizationDeps,
  businessId: string,
  userId: string,
  body: ImplementOptimizationBody,
): Promise<AdOptimizationAction> {
  const { db } = deps;
  const found = await deps.findRecommendation(db, businessId, body.campaign_id, body.recommendation_id, body.days);
  if (!found) {
    throw new AppError(
      'not_found',
      `Optimization recommendation ${body.recommendation_id} not found for campaign ${body.campaign_id}`,
    );
  }
  const { recommendation: rec, campaign } = found;
  const identity = {
    businessId,
    campaignId: campaign.id,
    recommendationId: rec.id,
    actionKey: actionKeyOf(rec.action),
  };
  const values = {
    ...identity,
    campaignName: campaign.name,
    platform: campaign.platform,
    type: rec.type,
    title: rec.title,
    action: rec.action,
    before: {},
    after: {},
    currency: campaign.currency,
    message: 'Being implemented',
    createdBy: userId,
  };
  let row = await insertPending(db, values);
  if (!row) {
    const existing = await findActive(db, identity);
    if (existing && existing.status !== 'pending') return view(db, businessId, existing.id);
    const abandoned =
      existing &&
      (await failAbandoned(db, existing.id, 'Interrupted before the platform answered; implement it again.'));
    if (abandoned) row = await insertPending(db, values);
    if (!row) {
      throw new AppError(
        'conflict',
        'This optimization is already being implemented. Refresh in a moment to see the outcome.',
      );
    }
  }

  let outcome: Outcome;
  try {
    outcome = await apply(deps, businessId, campaign, rec);
  } catch (error) {
    const message = error instanceof AppError ? error.message : 'Unexpected failure while implementing.';
    await finish(db, row.id, { status: 'failed', message });
    throw error;
  }
  await finish(db, row.id, { ...outcome, currency: campaign.currency });
  if (outcome.status === 'failed')
    throw new AppError('vendor_unavailable', IMPLEMENT_FAILED, { reasons: [outcome.message] });
  return view(db, businessId, row.id);
}

async function apply(
  deps: AdOptimizationDeps,
  businessId: string,
  campaign: RecommendationCampaign,
  rec: OptimizationRecommendation,
): Promise<Outcome> {
  const label = LABEL[campaign.platform];
  const asTask = `recorded as a task: ${rec.title}`;
  const action = rec.action;
  if (action.kind === 'task') return task(`${label} cannot make this change through its API; ${asTask}.`);
  if (!isWritable(campaign.platform)) return task(`${label} has no integration yet; ${asTask}.`);
  const writer = await deps.adWriter(businessId, campaign.platform);
  if (!writer) return task(`${label} is not connected; ${asTask}.`);
  const access = await writer.canWrite();
  if (!access.ok) return task(`Your ${label} connection is read-only (${access.reason}); ${asTask}.`);
  try {
    return action.kind === 'set_budget'
      ? await applyBudget(writer, action, label, asTask)
      : await applyPause(writer, action.target_id, label);
  } catch (error) {
    if (!(error instanceof VendorError)) throw error;
    const detail = vendorDetail(error);
    if (error.kind === 'permission') {
      return task(`${label} refused the change with these credentials (${detail}); ${asTask}.`);
    }
    return { status: 'failed', before: {}, after: {}, message: `${label} did not make the change: ${detail}` };
  }
}

async function applyPause(writer: AdWriter, adId: string, label: string): Promise<Outcome> {
  const before = await writer.getAdStatus(adId);
  const name = `ad “${before.name ?? adId}”`;
  if (before.state === 'other') {
    throw new AppError('conflict', `The ${name} is ${before.vendorStatus} on ${label}: it cannot be paused.`);
  }
  if (before.state === 'paused') {
    return {
      status: 'applied',
      before: { status: before.vendorStatus },
      after: { status: before.vendorStatus },
      message: `The ${name} was already paused on ${label}; nothing changed.`,
    };
  }
  const after = await writer.setAdStatus(adId, 'paused');
  const unconfirmed = after.confirmed === false ? ` ${label} took the change but could not be read back yet.` : '';
  return {
    status: 'applied',
    before: { status: before.vendorStatus },
    after: { status: after.vendorStatus },
    message: `Paused the ${name} on ${label}.${unconfirmed}`,
  };
}

/**
 * `POST /analytics/ad-optimizations/:actionId/undo`: puts back on the platform what an applied optimisation
 * changed, if the platform still holds what it set (else 409: undoing would overwrite a later change); a task is
 * marked undone. An undone, failed or busy action answers 409.
 */
export async function undoOptimization(
  deps: AdOptimizationDeps,
  businessId: string,
  userId: string,
  actionId: string,
): Promise<AdOptimizationAction> {
  const { db } = deps;
  if (!UUID.test(actionId)) throw notFound('Optimization action');
  const row = await claimForUndo(db, businessId, actionId);
  if (!row) {
    const existing = await findAction(db, businessId, actionId);
    if (!existing || existing.status === 'pending') throw notFound('Optimization action');
    if (existing.status === 'undone') throw new AppError('conflict', 'This optimization was already undone.');
    if (existing.status === 'failed') {
      // A change that failed midway and could not put everything back says so, with what it left, in its message.
      throw new AppError(
        'conflict',
        Object.keys(existing.after).length > 0
          ? `This optimization failed partway and could not put back everything it changed: ${existing.message}`
          : 'This optimization failed and changed nothing: there is nothing to undo.',
      );
    }
    throw new AppError('conflict', 'This optimization is being undone right now. Refresh in a moment.');
  }
  const undone = { status: 'undone' as const, undoneBy: userId, undoneAt: new Date() };
  try {
    if (row.status === 'task') {
      await finish(db, row.id, undone);
      return view(db, businessId, row.id);
    }
    const label = LABEL[row.platform as AdPlatform] ?? row.platform;
    const writer = isWritable(row.platform) ? await deps.adWriter(businessId, row.platform) : null;
    if (!writer) {
      throw new AppError('conflict', `${label} is no longer connected: undo the change in ${label} itself.`);
    }
    const restored = await restore(writer, row.action, row.before, row.after, label);
    await finish(db, row.id, { ...undone, message: `${row.message} Undone: ${restored}` });
    return view(db, businessId, row.id);
  } catch (error) {
    await finish(db, row.id, {});
    if (!(error instanceof VendorError)) throw error;
    const label = LABEL[row.platform as AdPlatform] ?? row.platform;
    if (error.kind === 'permission') {
      throw new AppError(
        'conflict',
        `${label} refused the undo with these credentials (${vendorDetail(error)}): change it back in ${label} itself.`,
      );
    }
    throw new AppError('vendor_unavailable', UNDO_FAILED, { reasons: [`${label}: ${vendorDetail(error)}`] });
  }
}

/** Puts the platform back as it was before, if it still holds what the optimisation set; says what it did. */
async function restore(
  writer: AdWriter,
  action: OptimizationAction,
  before: AdActionValues,
  after: AdActionValues,
  label: string,
): Promise<string> {
  if (action.kind === 'set_budget') return restoreBudget(writer, action, before, after, label);
  if (action.kind === 'pause_ad') {
    const now = await writer.getAdStatus(action.target_id);
    if (now.state !== 'paused') {
      throw new AppError(
        'conflict',
        `The ad is ${now.vendorStatus} on ${label} now, not paused: it was changed since, so nothing was changed.`,
      );
    }
    if (before.status === after.status) return 'the ad was already paused before; it stays paused.';
    const back = await writer.setAdStatus(action.target_id, 'active');
    return `the ad is ${back.vendorStatus} again.`;
  }
  return 'nothing was changed on the platform.';
}
