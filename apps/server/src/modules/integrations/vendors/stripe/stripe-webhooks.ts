import { and, eq, gt } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../../../db/client.js';
import { integrations, integrationWebhookEvents } from '../../../../db/schema.js';
import { AppError, notFound } from '../../../../lib/errors.js';
import type { Vault } from '../../vault.js';
import { verifyStripeWebhook } from './stripe-client.js';
import { STRIPE_PHASES } from './stripe-phases.js';

/** The events the product subscribes to, and the phase whose table each object lands in. */
const EVENT_PHASES: [prefix: string, phase: string][] = [
  ['checkout.session.', 'checkout_sessions'],
  ['charge.dispute.', 'disputes'],
  ['charge.refund.', 'refunds'],
  ['charge.', 'charges'],
  ['refund.', 'refunds'],
  ['customer.subscription.', 'subscriptions'],
  ['customer.', 'customers'],
  ['invoice.', 'invoices'],
];
export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'charge.succeeded',
  'charge.refunded',
  'charge.updated',
  'charge.dispute.created',
  'charge.dispute.closed',
  'refund.created',
  'refund.updated',
  'customer.created',
  'customer.updated',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

const phaseOf = (type: string) => EVENT_PHASES.find(([prefix]) => type.startsWith(prefix))?.[1];

/**
 * Applies a Stripe webhook to the integration it was registered for: the signature is checked over the exact
 * body with the integration's signing secret, then the event's object is upserted into its table in the
 * same transaction that records the event id, so a redelivered event changes nothing. Stripe does not deliver events
 * in order: an event older than one already applied to the same object is recorded but not applied, so a late
 * `charge.succeeded` cannot undo what `charge.refunded` wrote. Events of other kinds are acknowledged and ignored.
 */
export async function receiveStripeWebhook(
  db: Db,
  vault: Vault,
  integrationId: string,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  const [integration] = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.id, integrationId), eq(integrations.provider, 'stripe')));
  if (!integration) throw notFound('Integration');
  const ctx = { businessId: integration.businessId, integrationId };
  const secrets = JSON.parse(vault.open(integration.credentials, ctx)) as { webhookSecret?: string };
  if (!secrets.webhookSecret) {
    throw new AppError('validation_failed', 'Webhooks are not set up for this integration', { field: 'integrationId' });
  }
  if (!signature)
    throw new AppError('validation_failed', 'Missing Stripe-Signature header', { field: 'stripe-signature' });
  let event: Stripe.Event;
  try {
    event = verifyStripeWebhook(rawBody, signature, secrets.webhookSecret);
  } catch {
    throw new AppError('validation_failed', 'Invalid Stripe signature, or a timestamp outside the 300 s tolerance', {
      field: 'stripe-signature',
    });
  }
  const phase = STRIPE_PHASES.find((p) => p.name === phaseOf(event.type));
  const objectId = (event.data.object as { id?: unknown }).id;
  const object = typeof objectId === 'string' ? objectId : null;
  const createdAt = new Date(event.created * 1000);
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(integrationWebhookEvents)
      .values({ integrationId, eventId: event.id, type: event.type, objectId: object, eventCreatedAt: createdAt })
      .onConflictDoNothing()
      .returning({ id: integrationWebhookEvents.eventId });
    if (fresh.length === 0) return { received: true as const, duplicate: true };
    const newer = object
      ? await tx
          .select({ id: integrationWebhookEvents.eventId })
          .from(integrationWebhookEvents)
          .where(
            and(
              eq(integrationWebhookEvents.integrationId, integrationId),
              eq(integrationWebhookEvents.objectId, object),
              gt(integrationWebhookEvents.eventCreatedAt, createdAt),
            ),
          )
          .limit(1)
      : [];
    if (phase && newer.length === 0) await phase.store(tx, ctx, [event.data.object]);
    return { received: true as const, duplicate: false };
  });
}
