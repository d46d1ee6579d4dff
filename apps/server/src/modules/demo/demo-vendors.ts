import { type StripeSandbox, startStripeSandbox } from '@ri/sandboxes';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { IntegrationsHandle } from '../integrations/index.js';
import { findDemoBusiness } from './demo.repo.js';

/** Seed of the demo's vendor data: the same seed gives the same customers, campaigns and ids after a restart. */
const DEMO_SEED = 2026;
/** How often the sandboxes' accounts move on to the present (new orders, leads, ad spend) and sync again. */
export const DEMO_ACTIVITY_MS = 10 * 60_000;

/** One vendor stand-in the demo connects to: started on a free local port, closed with the server. */
type DemoVendor = {
  name: string;
  /** Connects the demo business to it through the real save path; returns the integration. */
  connect(businessId: string): Promise<{ integrationId: string }>;
  /** Brings its account's data up to now (new records at the account's own pace); the count added. */
  advance(): number;
  close(): Promise<void>;
};

type Options = {
  db: Db;
  integrations: Pick<IntegrationsHandle, 'connectSandbox' | 'sync'>;
  log: FastifyBaseLogger;
  /** The sandboxes keep producing orders, leads and spend while the server runs (DEMO_VENDOR_ACTIVITY). */
  activity: boolean;
};

async function stripeVendor(connectSandbox: IntegrationsHandle['connectSandbox']): Promise<DemoVendor> {
  const sandbox: StripeSandbox = await startStripeSandbox({
    seed: DEMO_SEED,
    accounts: [{ customers: 160, charges: 900, days: 90 }],
  });
  const account = sandbox.state.account();
  return {
    name: 'Stripe',
    connect: (businessId) =>
      connectSandbox({
        provider: 'stripe',
        businessId,
        baseUrl: sandbox.url,
        body: { secretKey: sandbox.secretKey, publishableKey: undefined, integrationName: 'Stripe (sandbox)' },
      }),
    advance: () => {
      const before = account.spec.charges;
      const due = Math.floor((Date.now() / 1000 - account.spec.now) / account.spec.chargeStep);
      if (due > 0) account.addCharges(due);
      return account.spec.charges - before;
    },
    close: () => sandbox.close(),
  };
}

/**
 * Connects the shared demo business to local vendor sandboxes through the real connect and sync path, so a
 * newcomer sees revenue (and, as their sandboxes join, ads and leads) arrive the way their own would. The
 * sandboxes live in this process on free ports; each start connects again (same seeded accounts and keys, a new
 * address). While `activity` is on, every 10 minutes the accounts move on to the present and sync.
 */
export async function startDemoVendors(options: Options): Promise<{ stop(): Promise<void> } | undefined> {
  const { db, integrations, log } = options;
  const demo = await findDemoBusiness(db);
  if (!demo) return undefined;
  const vendors: DemoVendor[] = [await stripeVendor(integrations.connectSandbox)];
  const connected: { vendor: DemoVendor; integrationId: string }[] = [];
  for (const vendor of vendors) {
    try {
      vendor.advance();
      connected.push({ vendor, integrationId: (await vendor.connect(demo.id)).integrationId });
      log.info({ vendor: vendor.name }, 'demo business connected to its sandbox');
    } catch (error) {
      log.warn({ err: error, vendor: vendor.name }, 'demo business could not connect to its sandbox');
    }
  }
  let timer: NodeJS.Timeout | undefined;
  if (options.activity) {
    timer = setInterval(() => {
      for (const { vendor, integrationId } of connected) {
        if (vendor.advance() === 0) continue;
        integrations.sync
          .trigger(demo.id, integrationId, 'scheduled')
          .catch((error) => log.warn({ err: error, vendor: vendor.name }, 'demo sync could not start'));
      }
    }, DEMO_ACTIVITY_MS);
    timer.unref();
  }
  return {
    stop: async () => {
      clearInterval(timer);
      await Promise.all(vendors.map((v) => v.close()));
    },
  };
}
