import {
  type StripeSandbox,
  startGhlSandbox,
  startGoogleSandbox,
  startMetaSandbox,
  startStripeSandbox,
} from '@ri/sandboxes';
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
  /** Connects again on each activity tick (a pasted Google token lasts an hour, as the owner's would). */
  reconnect?: boolean;
  close(): Promise<void>;
};

/** The demo's Stripe account: its first customers are also the CRM's buyers (same seed and sizes). */
const STRIPE_ACCOUNT = { customers: 160, charges: 900, days: 90 };
/** New CRM contacts per hour while the demo runs (an opportunity for every third). */
const CONTACTS_PER_HOUR = 0.5;

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
    accounts: [STRIPE_ACCOUNT],
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

async function goHighLevelVendor(connectSandbox: IntegrationsHandle['connectSandbox']): Promise<DemoVendor> {
  const sandbox = await startGhlSandbox({
    seed: DEMO_SEED,
    locations: [{ contacts: 240, opportunities: 90, stripe: STRIPE_ACCOUNT }],
  });
  const location = sandbox.state.location();
  let last = Date.now();
  let added = 0;
  return {
    name: 'GoHighLevel',
    connect: (businessId) =>
      connectSandbox({
        provider: 'gohighlevel',
        businessId,
        baseUrl: sandbox.url,
        body: { apiKey: sandbox.apiKey, locationId: sandbox.locationId, integrationName: 'GoHighLevel (sandbox)' },
      }),
    advance: () => {
      const due = Math.floor(((Date.now() - last) / 3_600_000) * CONTACTS_PER_HOUR);
      if (due <= 0) return 0;
      last = Date.now();
      location.addContacts(due);
      const opportunities = Math.floor((added + due) / 3) - Math.floor(added / 3);
      if (opportunities > 0) location.addOpportunities(opportunities);
      added += due;
      return due;
    },
    close: () => sandbox.close(),
  };
}

async function googleVendor(connectSandbox: IntegrationsHandle['connectSandbox']): Promise<DemoVendor> {
  const sandbox = await startGoogleSandbox({ seed: DEMO_SEED });
  const client = sandbox.state.account().spec;
  return {
    name: 'Google Ads',
    connect: (businessId) =>
      connectSandbox({
        provider: 'google_ads',
        businessId,
        baseUrl: sandbox.url,
        body: {
          accessToken: sandbox.accessToken,
          customerId: client.customerId,
          propertyId: client.propertyId,
          integrationName: 'Google Ads (sandbox)',
        },
      }),
    // Its days are fixed when it starts: a restart brings them to the present.
    advance: () => 0,
    reconnect: true,
    close: () => sandbox.close(),
  };
}

async function metaVendor(connectSandbox: IntegrationsHandle['connectSandbox']): Promise<DemoVendor> {
  const sandbox = await startMetaSandbox({ seed: DEMO_SEED });
  return {
    name: 'Meta Ads',
    connect: (businessId) =>
      connectSandbox({
        provider: 'facebook_ads',
        businessId,
        baseUrl: sandbox.url,
        body: {
          accessToken: sandbox.accessToken,
          pixelId: undefined,
          adAccountId: sandbox.state.account().id,
          integrationName: 'Meta Ads (sandbox)',
        },
      }),
    // Its days end before the day it started: a restart brings them to the present.
    advance: () => 0,
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
  const vendors: DemoVendor[] = await Promise.all([
    stripeVendor(integrations.connectSandbox),
    metaVendor(integrations.connectSandbox),
    googleVendor(integrations.connectSandbox),
    goHighLevelVendor(integrations.connectSandbox),
  ]);
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
        if (vendor.reconnect) {
          vendor
            .connect(demo.id)
            .catch((error) => log.warn({ err: error, vendor: vendor.name }, 'demo reconnect failed'));
          continue;
        }
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
