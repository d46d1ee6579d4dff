import { parseArgs } from 'node:util';
import {
  CONFIGURATION_RANGES,
  createConfiguration,
  DEFAULT_CONFIGURATION,
  type SimulationConfiguration,
} from './configuration';
import { PERSONAS, type Persona } from './personas';
import type { SiteId } from './site';
import { SITE_IDS } from './sites';

/** The command line, validated. */
export type CliOptions = {
  url: string;
  trackingId?: string;
  email?: string;
  password?: string;
  origin: string;
  visitors: number;
  rate: number;
  concurrency: number;
  seed: number;
  personas: Persona[];
  backfillDays: number;
  truth?: string;
  /** The site and the visitors' paces, devices and timing noise. */
  configuration: SimulationConfiguration;
  help: boolean;
};

/** A mistake on the command line; the message names the option. */
export class UsageError extends Error {}

export const USAGE = `Usage: npm run simulate -- [options]

Drives simulated visitors of the seven Neuromind personas through the real SDK into the ingestion API.

  --url <url>             server base URL (default http://localhost:3000)
  --tracking-id <trk_…>   tracking id to send to; or sign in with --email and --password
  --email <e-mail>        sign in and use (or create) the business's tracking id
  --password <password>
  --origin <origin>       the simulated site's origin, an allowed origin of the tracking id
                          (default https://shop.example)
  --visitors <n>          number of visitors (default 50)
  --rate <n>              visitors started per second, 0 for as fast as possible (default 5)
  --concurrency <n>       visitors running at once (default 8)
  --seed <n>              seed of the run; the same seed replays the same plans (default 42)
  --persona <name>        only this persona (repeatable, or comma-separated): ${PERSONAS.join(', ')}
  --backfill-days <n>     spread the visits over the last n days, 0-7 (default 0: all just before now)
  --truth <file.csv>      write the ground truth (session_id,persona) to this file
  --site <id>             the synthetic site: ${SITE_IDS.join(', ')} (default trail-shop)
  --pace <x>              multiplies reading times, 0.5 brisk to 1.6 slow (default 1)
  --scroll-speed <x>      multiplies scroll speeds, 0.6-1.8 (default 1)
  --pointer-rate <x>      multiplies mouse moves per second, 0.4-2.5 (default 1)
  --touch-share <x>       share of visitors on phones and tablets, 0-1 (default 0.45)
  --timing-noise <x>      extra log-normal sigma on every duration, 0-0.5 (default 0)
  --help                  show this help
`;

const whole = (
  name: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
) => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^-?\d+$/.test(value.trim()) || n < min || n > max)
    throw new UsageError(
      `--${name} must be a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''} (got "${value}")`,
    );
  return n;
};

const number = (name: string, value: string | undefined, fallback: number, min: number, max: number) => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!value.trim() || !Number.isFinite(n) || n < min || n > max)
    throw new UsageError(`--${name} must be a number from ${min} to ${max} (got "${value}")`);
  return n;
};

const httpUrl = (name: string, value: string, originOnly: boolean): string => {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw new UsageError(
      `--${name} must be a URL such as ${originOnly ? 'https://shop.example' : 'http://localhost:3000'} (got "${value}")`,
    );
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new UsageError(`--${name} must be an http(s) URL (got "${value}")`);
  return originOnly ? u.origin : value.replace(/\/+$/, '');
};

/** Parses and checks the simulator's command line; throws UsageError naming the wrong option. */
export const parseCli = (argv: string[]): CliOptions => {
  let values: Record<string, string | string[] | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        url: { type: 'string' },
        'tracking-id': { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        origin: { type: 'string' },
        visitors: { type: 'string' },
        rate: { type: 'string' },
        concurrency: { type: 'string' },
        seed: { type: 'string' },
        persona: { type: 'string', multiple: true },
        'backfill-days': { type: 'string' },
        truth: { type: 'string' },
        site: { type: 'string' },
        pace: { type: 'string' },
        'scroll-speed': { type: 'string' },
        'pointer-rate': { type: 'string' },
        'touch-share': { type: 'string' },
        'timing-noise': { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const str = (k: string) => values[k] as string | undefined;
  if (values.help) return { ...defaults(), help: true };
  const personas: Persona[] = [];
  for (const raw of ((values.persona as string[] | undefined) ?? []).flatMap((p) => p.split(','))) {
    const name = PERSONAS.find((p) => p.toLowerCase() === raw.trim().toLowerCase());
    if (!name) throw new UsageError(`--persona "${raw}" is not one of ${PERSONAS.join(', ')}`);
    if (!personas.includes(name)) personas.push(name);
  }
  const trackingId = str('tracking-id');
  const email = str('email');
  const password = str('password');
  if (trackingId !== undefined && !/^trk_[A-Za-z0-9]+$/.test(trackingId))
    throw new UsageError(`--tracking-id must look like trk_ followed by letters and digits (got "${trackingId}")`);
  if (!trackingId && !(email && password)) {
    if (email) throw new UsageError('--password is required with --email');
    if (password) throw new UsageError('--email is required with --password');
    throw new UsageError('pass --tracking-id, or --email and --password to sign in and look it up');
  }
  return {
    url: httpUrl('url', str('url') ?? 'http://localhost:3000', false),
    trackingId,
    email,
    password,
    origin: httpUrl('origin', str('origin') ?? 'https://shop.example', true),
    visitors: whole('visitors', str('visitors'), 50, 1, 1_000_000),
    rate: number('rate', str('rate'), 5, 0, 10_000),
    concurrency: whole('concurrency', str('concurrency'), 8, 1, 256),
    seed: whole('seed', str('seed'), 42, 0, 2 ** 32 - 1),
    personas,
    backfillDays: number('backfill-days', str('backfill-days'), 0, 0, 7),
    truth: str('truth'),
    configuration: configurationOf(str),
    help: false,
  };
};

/** The configuration from --site, --pace, --scroll-speed, --pointer-rate, --touch-share and --timing-noise. */
const configurationOf = (str: (k: string) => string | undefined): SimulationConfiguration => {
  const site = str('site');
  if (site !== undefined && !SITE_IDS.includes(site as SiteId))
    throw new UsageError(`--site "${site}" is not one of ${SITE_IDS.join(', ')}`);
  const knob = (option: string, key: keyof typeof CONFIGURATION_RANGES) =>
    number(option, str(option), DEFAULT_CONFIGURATION[key], ...CONFIGURATION_RANGES[key]);
  const knobs = {
    site: (site as SiteId | undefined) ?? DEFAULT_CONFIGURATION.site,
    pace: knob('pace', 'pace'),
    scrollSpeed: knob('scroll-speed', 'scrollSpeed'),
    pointerRate: knob('pointer-rate', 'pointerRate'),
    touchShare: knob('touch-share', 'touchShare'),
    timingNoise: knob('timing-noise', 'timingNoise'),
  };
  const changed = (Object.keys(knobs) as (keyof typeof knobs)[]).some((k) => knobs[k] !== DEFAULT_CONFIGURATION[k]);
  return changed ? createConfiguration(knobs) : DEFAULT_CONFIGURATION;
};

const defaults = (): CliOptions => ({
  url: 'http://localhost:3000',
  origin: 'https://shop.example',
  visitors: 50,
  rate: 5,
  concurrency: 8,
  seed: 42,
  personas: [],
  backfillDays: 0,
  configuration: DEFAULT_CONFIGURATION,
  help: false,
});
