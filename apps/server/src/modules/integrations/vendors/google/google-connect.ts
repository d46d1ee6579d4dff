import type { CredentialsCheck, GoogleCredentialsBody } from '@ri/contracts';
import type { Ga4Client } from './ga4-client.js';
import { normalizePropertyId } from './ga4-client.js';
import {
  formatCustomerId,
  type GoogleAdsClient,
  type GoogleAdsCustomer,
  normalizeCustomerId,
} from './google-ads-client.js';
import { googleFailure } from './google-failure.js';

/** A pasted OAuth access token lasts an hour (Google's `expires_in` is 3599 s). */
export const ACCESS_TOKEN_LIFETIME_MS = 3_600_000;
/** Accounts looked at when searching for the customer to connect. */
const MAX_ACCOUNTS = 20;

/** The account a check settled on: what the sync needs besides the token. */
export type GoogleResolved = {
  customerId: string;
  loginCustomerId: string | null;
  timeZone: string;
  currency: string;
  propertyId: string | null;
};

export type GoogleCheck = CredentialsCheck & {
  unreachable?: boolean;
  resolved?: GoogleResolved;
  /** The form field a refusal is about. */
  field?: 'accessToken' | 'customerId';
};

const NEXT_STEPS: CredentialsCheck['next_steps'] = {
  immediate: ['Run the first sync from the Google Ads card to import 90 days of campaigns, ads and daily cost.'],
  recommended: [
    'Keep auto-tagging on and end final URLs with utm_source=google&utm_medium=cpc&utm_campaign=<campaign name>, so tracked visits join their campaigns.',
    'Sign in with Google (once the operator configures OAuth) so access renews itself instead of lasting an hour.',
  ],
  advanced: ['Add the GA4 property ID to compare GA4 key events with the conversions our tracking records.'],
};

const failed = (error: string, extra: Partial<GoogleCheck> = {}): GoogleCheck => ({
  valid: false,
  error,
  account_type: 'search_ads',
  account_info: null,
  vendor_account: null,
  permission_level: null,
  capabilities: [],
  limitations: [],
  next_steps: { immediate: [], recommended: [], advanced: [] },
  ...extra,
});

/** A failure that ends the check: the operator's configuration, the owner's credentials, or Google unreachable. */
const stop = (error: unknown): GoogleCheck => {
  const failure = googleFailure(error);
  if (failure.operator) return failed(failure.operator);
  if (failure.kind === 'auth') {
    return failed(
      `Invalid Google Ads credentials: Google refused the access token (${failure.detail}). Access tokens last an hour: paste a fresh one.`,
    );
  }
  if (failure.kind === 'permission') {
    return failed(
      `Invalid Google Ads credentials: the token may not read Google Ads (${failure.detail}). It needs the adwords scope.`,
    );
  }
  return failed(`Failed to connect to Google Ads: ${failure.detail}`, {
    unreachable: failure.kind === 'transient' || failure.kind === 'rate_limited',
  });
};

type Found =
  | { customer: GoogleAdsCustomer; login: string | null }
  | { error: string; field: 'customerId' | 'accessToken' };

/** The customer to connect: the one asked for (directly or under a manager), or the first client account. */
async function findCustomer(ads: GoogleAdsClient, accessible: string[], wanted: string | undefined): Promise<Found> {
  const tried = accessible.slice(0, MAX_ACCOUNTS);
  const read = async (id: string) => {
    try {
      return await ads.customer(id);
    } catch (error) {
      const { kind, operator } = googleFailure(error);
      // A disabled or unreadable account is skipped. A refused token, an outage or the operator's configuration ends
      // the check: a Cloud project approved for test accounts only is a permission refusal too, and skipping would
      // blame the account.
      if (!operator && (kind === 'permission' || kind === 'invalid' || kind === 'not_found')) return null;
      throw error;
    }
  };
  if (wanted && accessible.includes(wanted)) {
    const customer = await read(wanted);
    if (!customer) {
      return { error: `Customer ${formatCustomerId(wanted)} cannot be read with this token.`, field: 'customerId' };
    }
    if (customer.manager) {
      return {
        error: `Customer ${formatCustomerId(wanted)} is a manager account, which has no campaigns of its own: enter the customer ID of one of its client accounts.`,
        field: 'customerId',
      };
    }
    return { customer, login: null };
  }
  const managers: GoogleAdsCustomer[] = [];
  for (const id of tried) {
    const customer = await read(id);
    if (!customer) continue;
    if (customer.manager) managers.push(customer);
    else if (!wanted) return { customer, login: null };
  }
  for (const manager of managers) {
    const clients = await ads
      .through(manager.id)
      .clients(manager.id)
      .catch((error: unknown) => {
        if (googleFailure(error).operator) throw error;
        return [];
      });
    const client = clients.find((c) => !c.manager && (!wanted || c.id === wanted));
    if (!client) continue;
    const customer = await ads.through(manager.id).customer(client.id);
    return { customer, login: manager.id };
  }
  if (wanted) {
    return {
      error: `This Google account cannot reach customer ${formatCustomerId(wanted)}, directly or through a manager account it can use.`,
      field: 'customerId',
    };
  }
  return {
    error: 'This Google account has no Google Ads client account to read (only manager accounts, or none).',
    field: 'accessToken',
  };
}

/**
 * Checks a Google access token with Google Ads and, when a property is given, GA4: the customer it connects (the one
 * asked for, or the first client account it reaches, through a manager account if need be), what it may read, and
 * when the token stops working. Never throws for Google's answer: unusable credentials come back `valid: false`
 * with the reason; Google unreachable is `unreachable`.
 */
export async function checkGoogleCredentials(
  body: GoogleCredentialsBody,
  clients: { ads: GoogleAdsClient; ga4: Ga4Client },
  context: { now: Date },
): Promise<GoogleCheck> {
  const wanted = body.customerId === undefined ? undefined : normalizeCustomerId(body.customerId);
  if (body.customerId !== undefined && !wanted) {
    return failed('Customer ID must be the 10-digit Google Ads customer ID, e.g. 123-456-7890.', {
      field: 'customerId',
    });
  }
  let accessible: string[];
  let found: Found;
  try {
    accessible = await clients.ads.listAccessibleCustomers();
    if (accessible.length === 0) {
      return failed('This Google account has no Google Ads account: sign in with a user who has access to one.');
    }
    found = await findCustomer(clients.ads, accessible, wanted);
  } catch (error) {
    return stop(error);
  }
  if ('error' in found) return failed(found.error, { field: found.field });
  const { customer, login } = found;
  const ads = clients.ads.through(login);
  const name = customer.descriptiveName ?? formatCustomerId(customer.id);
  const capabilities = [
    `Read campaigns, ad groups and responsive search ads of ${name} (${formatCustomerId(customer.id)})`,
  ];
  const limitations: string[] = [];
  let limited = false;
  try {
    await ads.search(customer.id, 'SELECT metrics.impressions FROM customer WHERE segments.date DURING LAST_7_DAYS');
    capabilities.push(
      `Read daily cost, impressions, clicks, conversions and conversion value (${customer.currencyCode ?? 'account currency'})`,
    );
  } catch (error) {
    const failure = googleFailure(error);
    if (failure.operator || failure.kind !== 'permission') return stop(error);
    limited = true;
    limitations.push(`Cannot read metrics of ${name}: ${failure.detail}`);
  }
  if (login) capabilities.push(`Reached through manager account ${formatCustomerId(login)} (login-customer-id)`);
  if (customer.autoTaggingEnabled)
    capabilities.push('Auto-tagging is on: ad clicks carry a gclid our tracking records');
  else limitations.push('Auto-tagging is off: visits join campaigns by their UTM values only, not by gclid.');
  if (customer.testAccount) limitations.push('This is a Google Ads test account: its figures are not real spend.');

  let propertyId: string | null = null;
  if (body.propertyId !== undefined) {
    propertyId = normalizePropertyId(body.propertyId) ?? null;
    if (!propertyId) {
      limited = true;
      limitations.push('The GA4 property ID must be the number GA4 shows under Property details, e.g. 123456789.');
    } else {
      try {
        await clients.ga4.runReport(propertyId, {
          dateRanges: [{ startDate: '7daysAgo', endDate: 'today' }],
          dimensions: [],
          metrics: ['eventCount'],
          limit: 1,
        });
        capabilities.push(`Read GA4 events of property ${propertyId}: real-time, historical and key events`);
      } catch (error) {
        const failure = googleFailure(error);
        limited = true;
        limitations.push(
          failure.kind === 'auth' || failure.kind === 'permission'
            ? `Cannot read GA4 property ${propertyId} (${failure.detail}): the token needs the analytics.readonly scope and a role on the property.`
            : `GA4 property ${propertyId} could not be checked: ${failure.detail}`,
        );
      }
    }
  }

  const expiresAt = new Date(context.now.getTime() + ACCESS_TOKEN_LIFETIME_MS);
  limitations.push(
    `A pasted access token lasts an hour: this one stops working by ${expiresAt.toISOString().replace(/\.\d{3}Z$/, 'Z')} (its exact expiry is known only to Google's token service, which this server does not call, so an hour from now is assumed). Signing in with Google, once the operator configures OAuth, renews access on its own.`,
  );
  return {
    valid: true,
    error: null,
    account_type: 'search_ads',
    account_info: null,
    vendor_account: {
      id: formatCustomerId(customer.id),
      name: customer.descriptiveName,
      currency: customer.currencyCode,
      time_zone: customer.timeZone,
    },
    permission_level: limited ? 'limited' : login ? 'business' : 'full',
    capabilities,
    limitations,
    next_steps: NEXT_STEPS,
    expires_at: expiresAt.toISOString(),
    resolved: {
      customerId: customer.id,
      loginCustomerId: login,
      timeZone: customer.timeZone ?? 'UTC',
      currency: customer.currencyCode ?? 'USD',
      propertyId,
    },
  };
}
