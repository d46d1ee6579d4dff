import type { MetaAccountData, MetaWrite, WritableStatus } from './account-data.js';
import { type GraphErrorReply, graphErrors } from './errors.js';
import type { MetaTokenGrant } from './handler.js';
import type { MetaKind } from './ids.js';

// Updating an object with Graph (Marketing API "Ad Set" / "Ad" / "Campaign" reference, Updating): `POST /{id}` with
// the fields to change as form or JSON parameters, answered `{"success": true}`. The sandbox changes a campaign's,
// ad set's or ad's `status` (ACTIVE or PAUSED) and a campaign's or ad set's `daily_budget` (minor units of the
// account currency, by Meta's currency offset). Every later read, and so every sync, answers the new values. An
// archived or deleted object is not changed: Graph lets an archived one change only its name and its status to
// DELETED, and a deleted one not at all ("Manage your ad object's status"), neither of which the sandbox writes.

const WRITABLE: Partial<Record<MetaKind, readonly string[]>> = {
  campaigns: ['status', 'daily_budget'],
  adsets: ['status', 'daily_budget'],
  ads: ['status'],
};
/** The lowest daily budget the sandbox accepts: one unit of the currency (Meta's own floors vary by currency). */
const MIN_DAILY_BUDGET_UNITS = 1;
const OFFSET_ONE = new Set(['CLP', 'COP', 'CRC', 'HUF', 'ISK', 'IDR', 'JPY', 'KRW', 'PYG', 'TWD', 'VND']);

type Reply = { status: number; body: unknown } | GraphErrorReply;

/**
 * Answers `POST /{id}` for a campaign, ad set or ad of `account`: the token must hold ads_management (else Meta's
 * code 200), every parameter must be one the sandbox changes, and the values must be valid; then the change is
 * recorded as of `now` (Unix seconds).
 */
export function writeObject(
  account: MetaAccountData,
  kind: MetaKind,
  index: number,
  params: URLSearchParams,
  grant: MetaTokenGrant,
  now: number,
  node: string,
): Reply {
  const writable = WRITABLE[kind];
  if (!writable) return graphErrors.unsupportedPost(node);
  if (!grant.manage) return graphErrors.noManagePermission();
  const effective = account.effectiveStatus(kind as 'campaigns' | 'adsets' | 'ads', index);
  if (effective === 'ARCHIVED' || effective === 'DELETED')
    return graphErrors.invalidParameter(`The object ${node} is ${effective} and cannot be changed`);
  const fields: MetaWrite = {};
  for (const [name, value] of params) {
    if (name === 'fields') continue;
    if (!writable.includes(name))
      return graphErrors.invalidParameter(`Param ${name} is not a field the sandbox updates`);
    if (name === 'status') {
      if (value !== 'ACTIVE' && value !== 'PAUSED') {
        return graphErrors.invalidParameter(`Param status must be one of {ACTIVE, PAUSED}`);
      }
      fields.status = value as WritableStatus;
    }
    if (name === 'daily_budget') {
      const refused = checkBudget(account, kind as 'campaigns' | 'adsets', index, value);
      if (typeof refused !== 'number') return refused;
      fields.dailyBudget = refused;
    }
  }
  if (fields.status === undefined && fields.dailyBudget === undefined) {
    return graphErrors.invalidParameter('No fields to update were given');
  }
  account.write(kind as 'campaigns' | 'adsets' | 'ads', index, fields, now);
  return { status: 200, body: { success: true } };
}

/** The budget in minor units, or Meta's refusal: not a whole number, too low, or at the level that has none. */
function checkBudget(
  account: MetaAccountData,
  kind: 'campaigns' | 'adsets',
  index: number,
  value: string,
): number | GraphErrorReply {
  if (!/^\d{1,15}$/.test(value)) return graphErrors.invalidParameter('Param daily_budget must be an integer');
  if (account.dailyBudget(kind, index) === null) {
    return kind === 'adsets'
      ? graphErrors.invalidWrite(
          1885621,
          'Budget Is Set at the Campaign Level',
          "This ad set's campaign uses a campaign budget, so the ad set cannot have its own budget.",
        )
      : graphErrors.invalidWrite(
          1885621,
          'Budget Is Set at the Ad Set Level',
          "This campaign's ad sets have their own budgets: change an ad set's budget, or turn on a campaign budget in Ads Manager.",
        );
  }
  const minor = Number(value);
  const offset = OFFSET_ONE.has(account.spec.currency.toUpperCase()) ? 1 : 100;
  if (minor < MIN_DAILY_BUDGET_UNITS * offset) {
    return graphErrors.invalidWrite(
      1885272,
      'Your Budget Is Too Low',
      `The minimum daily budget is ${MIN_DAILY_BUDGET_UNITS.toFixed(offset === 1 ? 0 : 2)} ${account.spec.currency}.`,
    );
  }
  return minor;
}
