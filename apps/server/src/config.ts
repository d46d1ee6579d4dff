import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { type EncryptionKeys, parseEncryptionKeys, readOrCreateKeyFile } from './lib/encryption-keys.js';

/** A vendor's API base address: the vendor's own by default, a local sandbox in tests and development. */
const vendorUrl = (name: string, fallback: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const value = (v ?? '').trim() || fallback;
      if (!/^https?:\/\/[^/\s]+/.test(value)) {
        ctx.addIssue({ code: 'custom', message: `${name} must be an http(s) address, e.g. ${fallback}` });
        return z.NEVER;
      }
      return value.replace(/\/+$/, '');
    });

/** The vendors' production API addresses (the defaults of the *_URL variables). */
export const VENDOR_DEFAULT_URLS = {
  metaGraph: 'https://graph.facebook.com',
  googleAds: 'https://googleads.googleapis.com',
  ga4: 'https://analyticsdata.googleapis.com',
  goHighLevel: 'https://services.leadconnectorhq.com',
  stripe: 'https://api.stripe.com',
} as const;

/** The vendors' OAuth addresses (the defaults of the *_OAUTH_URL variables): sign-in pages, and Google's token host. */
export const OAUTH_DEFAULT_URLS = {
  googleAuthorize: 'https://accounts.google.com',
  googleToken: 'https://oauth2.googleapis.com',
  metaDialog: 'https://www.facebook.com',
  goHighLevelAuthorize: 'https://marketplace.gohighlevel.com',
} as const;

/** The OAuth client credentials an operator may set, in pairs: both or neither. */
const OAUTH_CLIENT_PAIRS = [
  ['google', 'GOOGLE_OAUTH_CLIENT_ID', 'GOOGLE_OAUTH_CLIENT_SECRET'],
  ['facebook', 'META_APP_ID', 'META_APP_SECRET'],
  ['gohighlevel', 'GHL_CLIENT_ID', 'GHL_CLIENT_SECRET'],
] as const;

const optionalText = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

/** An IPv4 or IPv6 address, optionally with a prefix length (a loose check; proxy-addr does the parsing). */
const IP_OR_CIDR = /^([0-9]{1,3}(\.[0-9]{1,3}){3}|[0-9a-fA-F:]*:[0-9a-fA-F:.]*)(\/[0-9]{1,3})?$/;

const boolean = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Every environment variable the server reads; the README's configuration table mirrors this. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  APP_URL: z.string().url().optional(),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  AUTH_REQUIRE_EMAIL_CONFIRMATION: boolean,
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Revenue Intelligence <no-reply@localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const value = (v ?? '').trim();
      if (value === '' || value === 'false' || value === '0') return false;
      if (/^\d+$/.test(value)) return Number(value);
      if (value === 'true') {
        ctx.addIssue({
          code: 'custom',
          message:
            'true would let any client choose its address through X-Forwarded-For and escape every per-address limit; give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8,127.0.0.1)',
        });
        return z.NEVER;
      }
      const entries = value.split(',').map((entry) => entry.trim());
      const bad = entries.find((entry) => !IP_OR_CIDR.test(entry));
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: `${bad} is not an IP address or CIDR range` });
        return z.NEVER;
      }
      return entries;
    }),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  AUTH_ACCOUNT_LIMIT_PER_15_MIN: z.coerce.number().int().positive().default(10),
  AUTH_ACCOUNT_FAILURES_PER_HOUR: z.coerce.number().int().positive().default(100),
  API_RATE_LIMIT_PER_USER: z.coerce.number().positive().default(20),
  API_EXPENSIVE_LIMIT_PER_USER_PER_MINUTE: z.coerce.number().positive().default(10),
  TRACKING_RATE_LIMIT_PER_IP: z.coerce.number().positive().default(50),
  TRACKING_RATE_LIMIT_PER_TRACKING_ID: z.coerce.number().positive().default(500),
  DEMO_VISITORS: z.coerce.number().int().min(0).max(5000).default(150),
  DEMO_LIVE_VISITORS_PER_HOUR: z.coerce.number().int().min(0).max(3600).default(20),
  DEMO_SANDBOXES: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v !== 'false'),
  DEMO_VENDOR_ACTIVITY: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v !== 'false'),
  READINESS_REFIT_MIN_SESSIONS: z.coerce.number().int().min(20).default(1000),
  READINESS_REFIT_MIN_CONVERSIONS: z.coerce.number().int().min(5).default(50),
  JOBS_ENABLED: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v !== 'false'),
  SYNC_INTERVAL_MINUTES: z.coerce.number().int().min(5).max(10_080).default(60),
  SYNC_LEASE_MARGIN_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  SYNC_SLICE_SECONDS: z.coerce.number().min(0.01).max(600).default(25),
  TASK_HEARTBEAT_SECONDS: z.coerce.number().min(0.2).max(300).default(5),
  PROFILE_BUILD_CHUNK: z.coerce.number().int().min(10).max(10_000).default(1000),
  LTV_FIT_BUDGET_SECONDS: z.coerce.number().min(1).max(3600).default(120),
  META_GRAPH_URL: vendorUrl('META_GRAPH_URL', VENDOR_DEFAULT_URLS.metaGraph),
  GOOGLE_ADS_API_URL: vendorUrl('GOOGLE_ADS_API_URL', VENDOR_DEFAULT_URLS.googleAds),
  GA4_API_URL: vendorUrl('GA4_API_URL', VENDOR_DEFAULT_URLS.ga4),
  GHL_API_URL: vendorUrl('GHL_API_URL', VENDOR_DEFAULT_URLS.goHighLevel),
  // Optional: Google has ignored developer tokens since 2026-09-09 (access levels come from the Cloud project of the
  // OAuth client). One still set is checked, so a stray value cannot break the header it is sent in.
  GOOGLE_ADS_DEVELOPER_TOKEN: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .refine((v) => v === undefined || /^[A-Za-z0-9_-]{16,64}$/.test(v), {
      // The value is never repeated: it is a credential.
      message:
        'GOOGLE_ADS_DEVELOPER_TOKEN, when set, must be 16 to 64 letters, digits, - or _. It is optional (Google has ignored developer tokens since 2026-09-09): leave it unset if in doubt',
    }),
  STRIPE_API_URL: vendorUrl('STRIPE_API_URL', VENDOR_DEFAULT_URLS.stripe).refine(
    (v) => /^https?:\/\/[^/]+$/.test(v),
    'STRIPE_API_URL must be http(s)://host[:port] with no path (the Stripe client adds its own)',
  ),
  LLM_BASE_URL: z
    .string()
    .optional()
    .transform((v) => v?.trim().replace(/\/+$/, '') || undefined)
    .refine((v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v), {
      message: 'LLM_BASE_URL must be an http(s) address such as https://api.openai.com/v1',
    }),
  LLM_API_KEY: optionalText,
  LLM_MODEL: optionalText,
  GOOGLE_OAUTH_CLIENT_ID: optionalText,
  GOOGLE_OAUTH_CLIENT_SECRET: optionalText,
  META_APP_ID: optionalText,
  META_APP_SECRET: optionalText,
  GHL_CLIENT_ID: optionalText,
  GHL_CLIENT_SECRET: optionalText,
  GOOGLE_OAUTH_URL: vendorUrl('GOOGLE_OAUTH_URL', OAUTH_DEFAULT_URLS.googleAuthorize),
  GOOGLE_OAUTH_TOKEN_URL: vendorUrl('GOOGLE_OAUTH_TOKEN_URL', OAUTH_DEFAULT_URLS.googleToken),
  META_OAUTH_URL: vendorUrl('META_OAUTH_URL', OAUTH_DEFAULT_URLS.metaDialog),
  GHL_OAUTH_URL: vendorUrl('GHL_OAUTH_URL', OAUTH_DEFAULT_URLS.goHighLevelAuthorize),
  INTEGRATIONS_ENCRYPTION_KEY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const parsed = parseEncryptionKeys(v);
      if (typeof parsed !== 'string') return parsed;
      ctx.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }),
});

/** Half a pair of OAuth client credentials would offer a sign-in the vendor then refuses: stop at start-up. */
function checkOAuthPairs(env: z.infer<typeof envSchema>, ctx: z.RefinementCtx): void {
  for (const [, idName, secretName] of OAUTH_CLIENT_PAIRS) {
    const [id, secret] = [env[idName], env[secretName]];
    if (Boolean(id) === Boolean(secret)) continue;
    const missing = id ? secretName : idName;
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: `${missing} must be set together with ${id ? idName : secretName} (set both, or neither)`,
    });
  }
}

/** An OAuth app's client credentials, as the vendor issued them to the operator. */
export type OAuthClient = { clientId: string; clientSecret: string };

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  authSecret: string;
  requireEmailConfirmation: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /**
   * Which proxies' X-Forwarded-For to believe: none (false), the last N hops, or the proxies' addresses and
   * ranges. Never every client's, which would let anyone choose their address.
   */
  trustProxy: false | number | string[];
  authRateLimitPerMinute: number;
  /** Attempts per client address and account in 15 minutes (sign-in, sign-up, recovery). */
  authAccountLimitPer15Min: number;
  /** Failed sign-ins (and sign-ups, reset mails) per account in an hour, from every address together. */
  authAccountFailuresPerHour: number;
  jobsEnabled: boolean;
  /** Signed-in calls per second per user (bursts of twice that), and expensive ones (recalculations, refits) per minute. */
  apiLimits: { perSecond: number; expensivePerMinute: number };
  /** Tracking requests per second allowed per client IP and per tracking id (bursts of twice that). */
  trackingPerIpPerSecond: number;
  trackingPerTrackingIdPerSecond: number;
  /** Simulated visitors that fill the demo business on first start (0: none). */
  demoVisitors: number;
  /** Simulated visitors a running server keeps sending to the demo business, per hour (0: none). */
  demoLiveVisitorsPerHour: number;
  /** The demo business connects to local vendor sandboxes on start (DEMO_SANDBOXES). */
  demoSandboxes: boolean;
  /** The demo's sandboxes keep producing orders, leads and ad spend while the server runs (DEMO_VENDOR_ACTIVITY). */
  demoVendorActivity: boolean;
  /** Finished sessions, and converting ones, a business needs before a readiness model of its own is fitted. */
  refitThresholds: { minSessions: number; minConversions: number };
  /** Absolute path of the built web app, served at /. */
  webDistDir: string;
  /** How often connected integrations sync on their own (SYNC_INTERVAL_MINUTES). */
  syncIntervalMinutes: number;
  /** How much longer than a slice a process holds a sync run (SYNC_LEASE_MARGIN_SECONDS). */
  syncLeaseMarginMs: number;
  /** How long one slice of a sync run works before it pauses and continues (SYNC_SLICE_SECONDS). */
  syncSliceMs: number;
  /** How often a running task shows it is alive; one silent for three beats is taken up again (TASK_HEARTBEAT_SECONDS). */
  taskHeartbeatMs: number;
  /** Customers the profile build stores per transaction and checkpoint (PROFILE_BUILD_CHUNK). */
  profileBuildChunk: number;
  /** How long the default lifetime-value model may fit before the BG/NBD is fitted instead (LTV_FIT_BUDGET_SECONDS). */
  ltvFitBudgetMs: number;
  /**
   * The Google Ads developer token (GOOGLE_ADS_DEVELOPER_TOKEN), if set: optional, sent as `developer-token` only when
   * set, and ignored by Google since 2026-09-09.
   */
  googleAdsDeveloperToken: string | undefined;
  /** Where each vendor's API is reached: the vendor, or a local sandbox (the *_URL variables). */
  vendorUrls: { [K in keyof typeof VENDOR_DEFAULT_URLS]: string };
  /** The OAuth apps the operator configured (sign-in offered only for these), by sign-in provider. */
  oauthClients: { google?: OAuthClient; facebook?: OAuthClient; gohighlevel?: OAuthClient };
  /** Where the vendors' sign-in pages (and Google's token endpoint) are: the vendor, or a local sandbox. */
  oauthUrls: { [K in keyof typeof OAUTH_DEFAULT_URLS]: string };
  /** Keys sealing vendor credentials at rest (INTEGRATIONS_ENCRYPTION_KEY, else the generated key file). */
  integrationsKeys: EncryptionKeys;
  /** An OpenAI-compatible chat-completions provider that may reword recommendations (LLM_*); none by default. */
  llm: { baseUrl: string; apiKey: string | undefined; model: string } | null;
};

/** Reads and validates the environment; an invalid variable stops start-up with its name in the message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.superRefine(checkOAuthPairs).safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    authSecret: e.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    requireEmailConfirmation: e.AUTH_REQUIRE_EMAIL_CONFIRMATION,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    authAccountLimitPer15Min: e.AUTH_ACCOUNT_LIMIT_PER_15_MIN,
    authAccountFailuresPerHour: e.AUTH_ACCOUNT_FAILURES_PER_HOUR,
    jobsEnabled: e.JOBS_ENABLED,
    apiLimits: { perSecond: e.API_RATE_LIMIT_PER_USER, expensivePerMinute: e.API_EXPENSIVE_LIMIT_PER_USER_PER_MINUTE },
    trackingPerIpPerSecond: e.TRACKING_RATE_LIMIT_PER_IP,
    trackingPerTrackingIdPerSecond: e.TRACKING_RATE_LIMIT_PER_TRACKING_ID,
    demoVisitors: e.DEMO_VISITORS,
    demoLiveVisitorsPerHour: e.DEMO_LIVE_VISITORS_PER_HOUR,
    demoSandboxes: e.DEMO_SANDBOXES,
    demoVendorActivity: e.DEMO_VENDOR_ACTIVITY,
    refitThresholds: { minSessions: e.READINESS_REFIT_MIN_SESSIONS, minConversions: e.READINESS_REFIT_MIN_CONVERSIONS },
    webDistDir: path.resolve(import.meta.dirname, '../../web/dist'),
    integrationsKeys: e.INTEGRATIONS_ENCRYPTION_KEY ?? readOrCreateKeyFile(dataDir),
    syncSliceMs: e.SYNC_SLICE_SECONDS * 1000,
    taskHeartbeatMs: e.TASK_HEARTBEAT_SECONDS * 1000,
    profileBuildChunk: e.PROFILE_BUILD_CHUNK,
    ltvFitBudgetMs: e.LTV_FIT_BUDGET_SECONDS * 1000,
    syncLeaseMarginMs: e.SYNC_LEASE_MARGIN_SECONDS * 1000,
    syncIntervalMinutes: e.SYNC_INTERVAL_MINUTES,
    googleAdsDeveloperToken: e.GOOGLE_ADS_DEVELOPER_TOKEN,
    llm: e.LLM_BASE_URL
      ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL ?? 'gpt-4o-mini' }
      : null,
    vendorUrls: {
      metaGraph: e.META_GRAPH_URL,
      googleAds: e.GOOGLE_ADS_API_URL,
      ga4: e.GA4_API_URL,
      goHighLevel: e.GHL_API_URL,
      stripe: e.STRIPE_API_URL,
    },
    oauthClients: Object.fromEntries(
      OAUTH_CLIENT_PAIRS.flatMap(([provider, idName, secretName]) => {
        const [clientId, clientSecret] = [e[idName], e[secretName]];
        return clientId && clientSecret ? [[provider, { clientId, clientSecret }]] : [];
      }),
    ),
    oauthUrls: {
      googleAuthorize: e.GOOGLE_OAUTH_URL,
      googleToken: e.GOOGLE_OAUTH_TOKEN_URL,
      metaDialog: e.META_OAUTH_URL,
      goHighLevelAuthorize: e.GHL_OAUTH_URL,
    },
  };
}

/** Without AUTH_SECRET, a random signing key is made once and kept (mode 600) beside the data. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
