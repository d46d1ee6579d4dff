import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GoogleSandbox, startGoogleSandbox } from './sandbox.js';

// Google Ads REST mutates as a raw HTTP client sees them; the server's writer is tested against the sandbox
// separately (apps/server, ad-optimizations).

let sandbox: GoogleSandbox;
let readOnly: GoogleSandbox;
let customer: string;
beforeAll(async () => {
  sandbox = await startGoogleSandbox({
    seed: 9,
    accounts: [
      { ads: 12, days: 10 },
      { currency: 'JPY', days: 5 },
    ],
  });
  readOnly = await startGoogleSandbox({ seed: 9, readOnly: true, accounts: [{ ads: 12, days: 10 }] });
  customer = sandbox.customerId;
});
afterAll(async () => {
  await sandbox.close();
  await readOnly.close();
});

type Body = {
  results?: Record<string, Record<string, unknown> & { resourceName?: string }>[];
  error?: {
    code: number;
    status: string;
    message: string;
    details?: {
      errors?: { errorCode: Record<string, string>; message: string; location?: unknown }[];
    }[];
  };
};

const post = async (box: GoogleSandbox, path: string, body: object, token = box.accessToken) => {
  const response = await fetch(`${box.url}/v26/customers/${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Body };
};
const search = (box: GoogleSandbox, query: string, token?: string) =>
  post(box, `${box.customerId}/googleAds:search`, { query }, token);
const errorCode = (body: Body) => body.error?.details?.[0]?.errors?.[0]?.errorCode;

describe('Google Ads sandbox mutates', () => {
  it("updates a campaign budget's amount: the answer names it, and searches read the new amount", async () => {
    const data = sandbox.state.account();
    const found = await search(
      sandbox,
      `SELECT campaign.id, campaign_budget.resource_name, campaign_budget.amount_micros FROM campaign WHERE campaign.id = ${data.campaignId(1)}`,
    );
    const budget = found.body.results![0]!.campaignBudget!;
    expect(budget.amountMicros).toBe(String(data.budgetMicros(1)));
    const resourceName = budget.resourceName as string;

    const mutated = await post(sandbox, `${customer}/campaignBudgets:mutate`, {
      operations: [{ update: { resourceName, amountMicros: '73500000' }, updateMask: 'amount_micros' }],
    });
    expect(mutated).toEqual({ status: 200, body: { results: [{ resourceName }] } });
    const again = await search(
      sandbox,
      `SELECT campaign_budget.amount_micros FROM campaign WHERE campaign.id = ${data.campaignId(1)}`,
    );
    expect(again.body.results![0]!.campaignBudget!.amountMicros).toBe('73500000');
    // The canonical JSON form of the mask (lowerCamelCase) is taken too, and MUTABLE_RESOURCE answers the budget.
    const camel = await post(sandbox, `${customer}/campaignBudgets:mutate`, {
      operations: [{ update: { resourceName, amountMicros: 80_000_000 }, updateMask: 'amountMicros' }],
      responseContentType: 'MUTABLE_RESOURCE',
    });
    expect(camel.body.results![0]!.campaignBudget).toMatchObject({ amountMicros: '80000000' });
    expect(data.budgetMicros(1)).toBe(80_000_000);
  });

  it('pauses an ad group ad by its resource name; the ad reads as paused after', async () => {
    const data = sandbox.state.account();
    const ad = data.adGroupAd(3).resource_name as string;
    const paused = await post(sandbox, `${customer}/adGroupAds:mutate`, {
      operations: [{ update: { resourceName: ad, status: 'PAUSED' }, updateMask: 'status' }],
    });
    expect(paused.body).toEqual({ results: [{ resourceName: ad }] });
    const read = await search(
      sandbox,
      `SELECT ad_group_ad.status FROM ad_group_ad WHERE ad_group_ad.ad.id = ${data.adId(3)}`,
    );
    expect(read.body.results![0]!.adGroupAd!.status).toBe('PAUSED');
    await post(sandbox, `${customer}/adGroupAds:mutate`, {
      operations: [{ update: { resourceName: ad, status: 'ENABLED' }, updateMask: 'status' }],
    });
    expect(data.adStatus(3)).toBe('ENABLED');
  });

  it('refuses a Read only user with ACTION_NOT_PERMITTED, validate-only included, and changes nothing', async () => {
    const data = readOnly.state.account();
    const resourceName = data.campaignBudget(0).resource_name as string;
    const before = data.budgetMicros(0);
    for (const validateOnly of [false, true]) {
      const refused = await post(readOnly, `${readOnly.customerId}/campaignBudgets:mutate`, {
        operations: [{ update: { resourceName, amountMicros: '10000000' }, updateMask: 'amount_micros' }],
        validateOnly,
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error?.status).toBe('PERMISSION_DENIED');
      expect(errorCode(refused.body)).toEqual({ authorizationError: 'ACTION_NOT_PERMITTED' });
    }
    expect(data.budgetMicros(0)).toBe(before);
    expect((await search(readOnly, 'SELECT campaign.id FROM campaign')).status).toBe(200);
    // The read-only token of a writable sandbox is refused the same way.
    const viaToken = await post(
      sandbox,
      `${customer}/adGroupAds:mutate`,
      {
        operations: [
          {
            update: { resourceName: sandbox.state.account().adGroupAd(0).resource_name, status: 'PAUSED' },
            updateMask: 'status',
          },
        ],
      },
      sandbox.accessTokens.readOnly,
    );
    expect(errorCode(viaToken.body)).toEqual({ authorizationError: 'ACTION_NOT_PERMITTED' });
  });

  it('checks a validate-only mutate without applying it', async () => {
    const data = sandbox.state.account();
    const resourceName = data.campaignBudget(2).resource_name as string;
    const before = data.budgetMicros(2);
    const checked = await post(sandbox, `${customer}/campaignBudgets:mutate`, {
      operations: [{ update: { resourceName, amountMicros: '10000000' }, updateMask: 'amount_micros' }],
      validateOnly: true,
    });
    expect(checked).toEqual({ status: 200, body: {} });
    expect(data.budgetMicros(2)).toBe(before);
  });

  it('refuses what Google refuses, with its error codes, and applies none of a failing request', async () => {
    const data = sandbox.state.account();
    const budget = data.campaignBudget(3).resource_name as string;
    const before = data.budgetMicros(3);
    const budgets = (operations: object[]) => post(sandbox, `${customer}/campaignBudgets:mutate`, { operations });
    const cases: [object[], Record<string, string>][] = [
      [[{ update: { resourceName: budget, amountMicros: '10000000' } }], { fieldMaskError: 'FIELD_MASK_MISSING' }],
      [[{ update: { resourceName: budget, name: 'x' }, updateMask: 'name' }], { fieldMaskError: 'FIELD_NOT_FOUND' }],
      [
        [{ update: { resourceName: budget, amountMicros: '10005000' }, updateMask: 'amount_micros' }],
        { campaignBudgetError: 'NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT' },
      ],
      [
        [{ update: { resourceName: budget, amountMicros: '-10000' }, updateMask: 'amount_micros' }],
        { campaignBudgetError: 'NEGATIVE_MONEY_AMOUNT' },
      ],
      [
        [
          {
            update: { resourceName: `customers/${customer}/campaignBudgets/1`, amountMicros: '10000000' },
            updateMask: 'amount_micros',
          },
        ],
        { mutateError: 'RESOURCE_NOT_FOUND' },
      ],
      [
        [{ update: { resourceName: 'campaignBudgets/1', amountMicros: '1' }, updateMask: 'amount_micros' }],
        { requestError: 'RESOURCE_NAME_MALFORMED' },
      ],
      [[{ create: { amountMicros: '10000000' } }], { operationAccessDeniedError: 'CREATE_OPERATION_NOT_PERMITTED' }],
      [[], { requestError: 'OPERATIONS_REQUIRED' }],
      // The first operation is valid, the second is not: neither is applied.
      [
        [
          { update: { resourceName: budget, amountMicros: '20000000' }, updateMask: 'amount_micros' },
          { update: { resourceName: budget, amountMicros: '0' }, updateMask: 'amount_micros' },
        ],
        { campaignBudgetError: 'MONEY_AMOUNT_LESS_THAN_CURRENCY_MINIMUM_CPC' },
      ],
    ];
    for (const [operations, code] of cases) {
      const refused = await budgets(operations);
      expect(refused.status, JSON.stringify(operations)).toBe(400);
      expect(errorCode(refused.body)).toEqual(code);
    }
    expect(data.budgetMicros(3)).toBe(before);
    const badStatus = await post(sandbox, `${customer}/adGroupAds:mutate`, {
      operations: [
        { update: { resourceName: data.adGroupAd(1).resource_name, status: 'REMOVED' }, updateMask: 'status' },
      ],
    });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.error?.message).toMatch(/^Invalid value at 'operations\[0\]\.update\.status'/);
  });

  it('counts a JPY budget in whole yen: 1,000,000 micros a step', async () => {
    const jpy = sandbox.state.accounts[1]!;
    const resourceName = jpy.campaignBudget(0).resource_name as string;
    const path = `${jpy.spec.customerId}/campaignBudgets:mutate`;
    const odd = await post(sandbox, path, {
      operations: [{ update: { resourceName, amountMicros: '1500000000' }, updateMask: 'amount_micros' }],
    });
    expect(odd.status).toBe(200);
    const fraction = await post(sandbox, path, {
      operations: [{ update: { resourceName, amountMicros: '1500500000' }, updateMask: 'amount_micros' }],
    });
    expect(errorCode(fraction.body)).toEqual({ campaignBudgetError: 'NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT' });
    expect(jpy.budgetMicros(0)).toBe(1_500_000_000);
  });
});
