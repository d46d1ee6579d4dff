import type { CredentialsCheck, StripeCredentialsBody } from '@ri/contracts';
import { classifyStripeError, createStripeClient, type StripeClient } from './stripe-client.js';

/** What each Stripe list the sync reads needs; a restricted key may lack some. */
const READS = [
  { resource: 'customers', capability: 'Read customers' },
  { resource: 'charges', capability: 'Read payments, refunds and disputes' },
  { resource: 'subscriptions', capability: 'Read subscriptions and invoices' },
  { resource: 'balance_transactions', capability: 'Read balance transactions (net revenue as settled)' },
] as const;

const NEXT_STEPS: CredentialsCheck['next_steps'] = {
  immediate: ['Run the first sync from the Stripe card to import customers, payments and refunds.'],
  recommended: [
    'Pass the visitor id of our tracking script to Stripe Checkout as client_reference_id, so payments link to the visits that led to them.',
  ],
  advanced: ['Keep revenue current between syncs with a Stripe webhook to this integration.'],
};

const failed = (error: string): CredentialsCheck => ({
  valid: false,
  error,
  account_type: 'payment_processor',
  account_info: null,
  permission_level: null,
  capabilities: [],
  limitations: [],
  next_steps: { immediate: [], recommended: [], advanced: [] },
});

/**
 * Checks a Stripe secret key with Stripe: the account it belongs to, and which of the lists the sync reads it
 * may read (a restricted or limited key reads some). Never throws for the vendor's answer: an unusable key
 * comes back `valid: false` with the reason; only an unreachable Stripe is reported as `unreachable`.
 */
export async function checkStripeKey(
  body: StripeCredentialsBody,
  baseUrl: string,
  client: StripeClient = createStripeClient({ secretKey: body.secretKey, baseUrl }),
): Promise<CredentialsCheck & { unreachable?: boolean }> {
  let account: Awaited<ReturnType<StripeClient['account']>>;
  try {
    account = await client.account();
  } catch (error) {
    const failure = classifyStripeError(error);
    if (failure.kind === 'auth') return failed(`Invalid Stripe credentials: ${failure.message}`);
    if (failure.kind === 'permission') {
      return failed(`Invalid Stripe credentials: this key may not read the account (${failure.message}).`);
    }
    return { ...failed(`Failed to connect to Stripe: ${failure.message}`), unreachable: failure.kind !== 'invalid' };
  }
  const capabilities: string[] = [];
  const limitations: string[] = [];
  for (const read of READS) {
    try {
      await client.listPage(read.resource, { limit: 1 });
      capabilities.push(read.capability);
    } catch (error) {
      const failure = classifyStripeError(error);
      if (failure.kind !== 'permission') {
        return { ...failed(`Failed to connect to Stripe: ${failure.message}`), unreachable: true };
      }
      limitations.push(`Cannot ${read.capability.toLowerCase()}: the key lacks that permission.`);
    }
  }
  if (body.secretKey.startsWith('sk_test_')) limitations.push('Test-mode key: only test-mode data is synced.');
  if (!account.charges_enabled) limitations.push('The account cannot take charges yet.');
  return {
    valid: true,
    error: null,
    account_type: 'payment_processor',
    account_info: account,
    permission_level: limitations.some((l) => l.startsWith('Cannot')) ? 'limited' : 'full',
    capabilities,
    limitations,
    next_steps: NEXT_STEPS,
  };
}
