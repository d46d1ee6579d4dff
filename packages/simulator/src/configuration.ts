import { DEFAULT_TOUCH_SHARE } from './landing';
import type { SiteId } from './site';
import { SITE_IDS } from './sites';

/**
 * How a simulated population differs from the default one: the site it browses, how fast its people read
 * and scroll, how often their pointers report, how many browse on touch screens, and how noisy their
 * timings are. Classifiers fitted on some configurations are evaluated on others.
 */
export type SimulationConfiguration = {
  /** A short label, e.g. 'saas-brisk-mobile'. */
  id: string;
  site: SiteId;
  /** Multiplies every reading time (dwell, time on marked elements, hover and form pauses): 0.5 brisk … 1.6 slow. */
  pace: number;
  /** Multiplies scroll speeds (px/s): 0.6 … 1.8. */
  scrollSpeed: number;
  /** Multiplies mouse moves per second while reading (pointer sample rates differ by device and browser): 0.4 … 2.5. */
  pointerRate: number;
  /** Share of visitors on touch devices (phones and tablets), 0 … 1. */
  touchShare: number;
  /** Extra log-normal sigma on every drawn duration and per-visitor pace jitter, 0 … 0.5. */
  timingNoise: number;
};

/** The configuration of the demo business, benchmarks and browser tests: the trail shop as first simulated. */
export const DEFAULT_CONFIGURATION: SimulationConfiguration = {
  id: 'default',
  site: 'trail-shop',
  pace: 1,
  scrollSpeed: 1,
  pointerRate: 1,
  touchShare: DEFAULT_TOUCH_SHARE,
  timingNoise: 0,
};

type Knob = Exclude<keyof SimulationConfiguration, 'id' | 'site'>;

/** The accepted range of each knob. */
export const CONFIGURATION_RANGES: Readonly<Record<Knob, readonly [min: number, max: number]>> = {
  pace: [0.5, 1.6],
  scrollSpeed: [0.6, 1.8],
  pointerRate: [0.4, 2.5],
  touchShare: [0, 1],
  timingNoise: [0, 0.5],
};

/** Throws an error naming the field when a configuration's site is unknown or a knob is out of its range. */
export const checkConfiguration = (c: SimulationConfiguration): SimulationConfiguration => {
  if (!SITE_IDS.includes(c.site))
    throw new Error(`configuration.site must be one of ${SITE_IDS.join(', ')} (got "${c.site}")`);
  for (const [knob, [min, max]] of Object.entries(CONFIGURATION_RANGES) as [Knob, readonly [number, number]][]) {
    const v = c[knob];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max)
      throw new Error(`configuration.${knob} must be a number from ${min} to ${max} (got ${v})`);
  }
  return c;
};

/**
 * A checked configuration from the default one and some changes; without an `id` it is labelled by its
 * values ('saas-pace0.5-scroll1-pointer1-touch0.45-noise0').
 */
export const createConfiguration = (changes: Partial<SimulationConfiguration>): SimulationConfiguration => {
  const c = { ...DEFAULT_CONFIGURATION, ...changes };
  const id =
    changes.id ??
    `${c.site}-pace${c.pace}-scroll${c.scrollSpeed}-pointer${c.pointerRate}-touch${c.touchShare}-noise${c.timingNoise}`;
  return checkConfiguration({ ...c, id });
};

/**
 * Whether a configuration has the default's site and knobs (whatever its id). Its visitors draw no pace of
 * their own, so its plans are the ones the simulator drew before configurations existed.
 */
export const isDefaultConfiguration = (c: SimulationConfiguration): boolean =>
  c.site === DEFAULT_CONFIGURATION.site &&
  (Object.keys(CONFIGURATION_RANGES) as Knob[]).every((k) => c[k] === DEFAULT_CONFIGURATION[k]);
