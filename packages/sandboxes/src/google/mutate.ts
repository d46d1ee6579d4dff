import type { GoogleAccountData, GoogleAdStatus } from './account-data.js';
import { type GoogleErrorReply, googleErrors } from './errors.js';

// Google Ads REST mutates (developers.google.com/google-ads/api/rest/common/mutate): `POST customers/{id}/
// campaignBudgets:mutate` and `customers/{id}/adGroupAds:mutate` with `{operations: [{update: {resourceName, …},
// updateMask}], partialFailure?, validateOnly?, responseContentType?}`, answered `{results: [{resourceName}]}` (and
// the resource itself with responseContentType MUTABLE_RESOURCE). The sandbox updates a budget's `amount_micros` and
// an ad group ad's `status`; every later search, and so every sync, answers the new values. All operations are
// checked before any is applied, as Google does without partialFailure.

export type MutateService = 'campaignBudgets' | 'adGroupAds';

type Reply = { status: number; body: unknown } | GoogleErrorReply;
type Change = { resourceName: string; apply: () => void; resource: () => Record<string, unknown> };

const TOP_FIELDS = new Set(['operations', 'partialFailure', 'validateOnly', 'responseContentType']);
const UPDATABLE: Record<MutateService, string> = { campaignBudgets: 'amount_micros', adGroupAds: 'status' };
const STATUSES: readonly string[] = ['ENABLED', 'PAUSED'];

const snake = (path: string) => path.trim().replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);

/**
 * Answers a mutate of `service` on the client account `data`: a read-only user is refused before anything else
 * (Google checks the access role first, validate-only requests included), then each operation is checked, then all
 * are applied unless `validateOnly`.
 */
export function runMutate(
  service: MutateService,
  data: GoogleAccountData,
  body: Record<string, unknown>,
  version: string,
  readOnly: boolean,
): Reply {
  const unknown = Object.keys(body).find((k) => !TOP_FIELDS.has(k));
  if (unknown) {
    return googleErrors.invalidArgument(`Invalid JSON payload received. Unknown name "${unknown}": Cannot find field.`);
  }
  const operations = body.operations;
  if (!Array.isArray(operations) || operations.length === 0) {
    return googleErrors.request(version, 'OPERATIONS_REQUIRED', 'At least one operation is required.');
  }
  if (readOnly) return googleErrors.actionNotPermitted(version);
  const changes: Change[] = [];
  for (const [i, operation] of operations.entries()) {
    const checked = checkOperation(service, data, operation, i, version);
    if ('status' in checked) return checked;
    changes.push(checked);
  }
  if (body.validateOnly === true) return { status: 200, body: {} };
  for (const change of changes) change.apply();
  const mutable = body.responseContentType === 'MUTABLE_RESOURCE';
  const key = service === 'campaignBudgets' ? 'campaignBudget' : 'adGroupAd';
  return {
    status: 200,
    body: {
      results: changes.map((c) => ({
        resourceName: c.resourceName,
        ...(mutable ? { [key]: c.resource() } : {}),
      })),
    },
  };
}

function checkOperation(
  service: MutateService,
  data: GoogleAccountData,
  operation: unknown,
  i: number,
  version: string,
): Change | GoogleErrorReply {
  const at = (...rest: string[]) => ['operations', i, ...rest];
  const op = (typeof operation === 'object' && operation !== null ? operation : {}) as Record<string, unknown>;
  if ('create' in op || 'remove' in op) {
    const kind = 'create' in op ? 'CREATE' : 'REMOVE';
    return googleErrors.operation(
      version,
      'operationAccessDeniedError',
      `${kind}_OPERATION_NOT_PERMITTED`,
      `The sandbox does not ${kind.toLowerCase()} ${service === 'campaignBudgets' ? 'campaign budgets' : 'ads'}: it updates them.`,
      at(kind.toLowerCase()),
    );
  }
  const update = op.update;
  if (typeof update !== 'object' || update === null) {
    return googleErrors.request(version, 'OPERATION_REQUIRED', 'An operation (create, update or remove) is required.');
  }
  const fields = update as Record<string, unknown>;
  const mask = typeof op.updateMask === 'string' ? op.updateMask.split(',').map(snake).filter(Boolean) : [];
  if (mask.length === 0) {
    return googleErrors.operation(
      version,
      'fieldMaskError',
      'FIELD_MASK_MISSING',
      'The field mask must be present for update operations.',
      at('update_mask'),
    );
  }
  const other = mask.find((path) => path !== UPDATABLE[service]);
  if (other) {
    return googleErrors.operation(
      version,
      'fieldMaskError',
      'FIELD_NOT_FOUND',
      `The field mask names '${other}'; the sandbox updates only ${UPDATABLE[service]} here.`,
      at('update_mask'),
    );
  }
  const name = typeof fields.resourceName === 'string' ? fields.resourceName : '';
  const prefix = `customers/${data.spec.customerId}/${service}/`;
  const pattern =
    service === 'campaignBudgets'
      ? /^customers\/\d{10}\/campaignBudgets\/\d+$/
      : /^customers\/\d{10}\/adGroupAds\/\d+~\d+$/;
  if (!pattern.test(name)) {
    return googleErrors.operation(
      version,
      'requestError',
      'RESOURCE_NAME_MALFORMED',
      'Resource name is malformed.',
      at('update', 'resource_name'),
    );
  }
  const id = name.startsWith(prefix) ? name.slice(prefix.length) : '';
  return service === 'campaignBudgets'
    ? budgetChange(data, name, id, fields, version, at)
    : adChange(data, name, id, fields, version, at);
}

function budgetChange(
  data: GoogleAccountData,
  name: string,
  id: string,
  fields: Record<string, unknown>,
  version: string,
  at: (...rest: string[]) => (string | number)[],
): Change | GoogleErrorReply {
  const c = data.budgetCampaign(id);
  if (c === undefined) {
    return googleErrors.operation(
      version,
      'mutateError',
      'RESOURCE_NOT_FOUND',
      'Resource was not found.',
      at('update'),
    );
  }
  const raw = fields.amountMicros;
  const micros = typeof raw === 'number' || (typeof raw === 'string' && /^-?\d+$/.test(raw)) ? Number(raw) : NaN;
  const where = at('update', 'amount_micros');
  if (!Number.isSafeInteger(micros)) {
    return googleErrors.operation(version, 'fieldError', 'REQUIRED', 'The required field was not present.', where);
  }
  const budgetError = (code: string, message: string) =>
    googleErrors.operation(version, 'campaignBudgetError', code, message, where);
  if (micros < 0) return budgetError('NEGATIVE_MONEY_AMOUNT', 'The budget amount must not be negative.');
  if (micros < data.microsPerMinor) {
    return budgetError(
      'MONEY_AMOUNT_LESS_THAN_CURRENCY_MINIMUM_CPC',
      'The budget amount is less than the minimum CPC of the currency.',
    );
  }
  if (micros % data.microsPerMinor !== 0) {
    return budgetError(
      'NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT',
      'The budget amount must be a multiple of the minimum currency unit.',
    );
  }
  return {
    resourceName: name,
    apply: () => data.setBudgetMicros(c, micros),
    resource: () => ({ resourceName: name, id, amountMicros: String(data.budgetMicros(c)) }),
  };
}

function adChange(
  data: GoogleAccountData,
  name: string,
  key: string,
  fields: Record<string, unknown>,
  version: string,
  at: (...rest: string[]) => (string | number)[],
): Change | GoogleErrorReply {
  const a = data.adOf(key);
  if (a === undefined) {
    return googleErrors.operation(
      version,
      'mutateError',
      'RESOURCE_NOT_FOUND',
      'Resource was not found.',
      at('update'),
    );
  }
  const status = fields.status;
  if (typeof status !== 'string' || !STATUSES.includes(status)) {
    return googleErrors.invalidArgument(
      `Invalid value at 'operations[${at()[1]}].update.status' (type.googleapis.com/google.ads.googleads.${version}.enums.AdGroupAdStatusEnum.AdGroupAdStatus), "${String(status).slice(0, 40)}"`,
    );
  }
  return {
    resourceName: name,
    apply: () => data.setAdStatus(a, status as GoogleAdStatus),
    resource: () => ({ resourceName: name, status: data.adStatus(a) }),
  };
}
