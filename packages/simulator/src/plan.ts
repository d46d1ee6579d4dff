import { type Action, actionMs } from './actions';
import {
  checkConfiguration,
  DEFAULT_CONFIGURATION,
  isDefaultConfiguration,
  type SimulationConfiguration,
} from './configuration';
import { type BrowserEnv, drawBrowser, drawLanding, type Landing } from './landing';
import { type BehaviourModel, type BrowseCategory, modelFor, type Persona } from './personas';
import { planPageActions } from './plan-page';
import { createRng, deriveSeed, type Rng } from './random';
import { type Cta, navLinkId, type Page, type Site, type SiteId } from './site';
import { getSite } from './sites';

/** One page of a visit: where, and what the visitor does there (ending with how they leave, if they do). */
export type PageVisit = { path: string; actions: Action[] };

/** Everything one visitor will do, decided up front from a seed: the ground truth of a simulated session. */
export type VisitPlan = {
  persona: Persona;
  seed: number;
  /** The site browsed (the configuration's). */
  site: SiteId;
  /** The configuration the plan was drawn under. */
  configuration: SimulationConfiguration;
  /** This visitor's reading pace: the configuration's, times the visitor's own factor (1 in the default configuration). */
  pace: number;
  /** Share of decisions drawn from the generic browsing mix (0.15-0.25). */
  noise: number;
  env: BrowserEnv;
  landing: Landing & { path: string; search: string };
  pages: PageVisit[];
  /** What the visit ends in: a purchase, a trial sign-up, or nothing. */
  goal: 'purchase' | 'trial' | null;
  /** Every string the visitor types into a form: the SDK must never send any of them. */
  typed: string[];
  /** Virtual length of the visit, ms. */
  durationMs: number;
};

/** How a page is left: the next page, and by a header link, a call to action (its id) or the back button. */
export type Exit = { to: string; via: 'link' | 'cta' | 'back'; target?: string };
/** On a checkout or sign-up page: whether its form is submitted (converting) or, if started, abandoned. */
export type Flow = 'submit' | 'abandon' | null;

/** How a configuration shapes one visitor's timings (all factors 1 and no noise in the default configuration). */
export type Timing = {
  /** Multiplies reading times: dwell, attention, hovers, form pauses. */
  pace: number;
  /** Multiplies scroll speeds. */
  scroll: number;
  /** Multiplies mouse moves per second while reading. */
  pointer: number;
  /** A drawn duration with the configuration's extra log-normal noise (unchanged without noise). */
  vary(ms: number): number;
};

/** The generator's state while one plan is drawn. */
export type PlanContext = {
  persona: Persona;
  rng: Rng;
  noise: number;
  env: BrowserEnv;
  typed: string[];
  site: Site;
  timing: Timing;
};

const browsePath = (ctx: PlanContext, model: BehaviourModel, history: string[], current: string): string => {
  for (let attempt = 0; attempt < 8; attempt++) {
    const category = ctx.rng.weighted<BrowseCategory>(model.pages);
    const paths = ctx.site.pathsByCategory[category];
    const fresh = paths.filter((p) => !history.includes(p));
    const path = ctx.rng.pick(fresh.length && ctx.rng.chance(0.8) ? fresh : paths);
    if (path !== current) return path;
  }
  return current === '/' ? ctx.site.pathsByCategory.pricing[0]! : '/';
};

/** The sequence of paths a visitor browses, with how each is left; a conversion flow is appended. */
const choosePaths = (ctx: PlanContext, landing: Landing, goal: VisitPlan['goal']): { path: string; exit?: Exit }[] => {
  const { rng, persona, noise, site } = ctx;
  const { cart, checkout, ordered, trial, trialStarted } = site.flows;
  const isProduct = (p: string) => site.getPage(p).category === 'product';
  const visit = modelFor(persona, noise, rng).pagesPerVisit;
  const count = Math.max(1, Math.round(rng.logNormal(visit.median, visit.sigma)));
  const first = rng.chance(0.5) ? rng.pick(landing.paths) : browsePath(ctx, modelFor(persona, noise, rng), [], '');
  const history = [first];
  while (history.length < count) {
    const model = modelFor(persona, noise, rng);
    const current = history[history.length - 1]!;
    const previous = history[history.length - 2];
    const seen = history.filter(
      (p) => p !== current && model.revisit.categories.includes(site.getPage(p).category as BrowseCategory),
    );
    let next: string;
    if (previous && rng.chance(model.back)) next = previous;
    else if (seen.length && rng.chance(model.revisit.probability)) next = rng.pick(seen);
    else next = browsePath(ctx, model, history, current);
    // A cart seen without buying is sometimes taken on to checkout, and left there.
    if (current === cart && !goal && rng.chance(0.3)) next = checkout;
    history.push(next);
  }
  if (goal === 'purchase') {
    if (history[history.length - 1] !== cart) {
      if (!history.some(isProduct) || rng.chance(0.4)) history.push(rng.pick(site.pathsByCategory.product));
      history.push(cart);
    }
    history.push(checkout, ordered);
  } else if (goal === 'trial') {
    if (history[history.length - 1] !== trial) history.push(trial);
    history.push(trialStarted);
  }
  // Consecutive duplicates (a revisit of the page one is on) are dropped.
  const paths = history.filter((p, i) => p !== history[i - 1]);
  // Going back is possible only to the page below the current one on the history stack.
  const stack: string[] = [];
  return paths.map((path, i) => {
    stack.push(path);
    const to = paths[i + 1];
    if (!to) return { path };
    const exit = exitTo(ctx, site.getPage(path), to, stack[stack.length - 2]);
    if (exit.via === 'back') stack.splice(-2, 2);
    return { path, exit };
  });
};

const exitTo = (ctx: PlanContext, page: Page, to: string, previous: string | undefined): Exit => {
  if (to === previous && ctx.rng.chance(0.8)) return { to, via: 'back' };
  const { cart, checkout } = ctx.site.flows;
  // Adding to the cart and buying are calls to action; so is any CTA that leads to the next page.
  const byRole = (c: Cta) => (to === cart && c.role === 'add-to-cart') || c.to === to;
  const cta = page.ctas.find(byRole);
  if (cta && (to === cart || to === checkout || ctx.rng.chance(0.7))) return { to, via: 'cta', target: cta.id };
  return { to, via: 'link', target: to === cart ? ctx.site.cartLink.id : navLinkId(to) };
};

/**
 * The visitor's timing under a configuration, drawn from its own stream so that the main draws stay those
 * of the default configuration: a pace of its own (log-normal around the configuration's, sigma 0.2 plus
 * the timing noise; none in the default configuration) and noise on every duration.
 */
const drawTiming = (c: SimulationConfiguration, seed: number): Timing => {
  if (isDefaultConfiguration(c)) return { pace: 1, scroll: 1, pointer: 1, vary: (ms) => ms };
  const jitter = createRng(deriveSeed(seed, 2));
  const pace = jitter.logNormal(c.pace, 0.2 + c.timingNoise);
  const pointer = jitter.logNormal(c.pointerRate, 0.1 + c.timingNoise / 2);
  const vary = c.timingNoise > 0 ? (ms: number) => jitter.logNormal(ms, c.timingNoise) : (ms: number) => ms;
  return { pace, scroll: c.scrollSpeed, pointer, vary };
};

/**
 * Draws one visitor's plan for a persona from a seed under a configuration (the default one unless given):
 * device and traffic source, pages of the configuration's site and how they are left, and every scroll,
 * hover, click and keystroke with its timing. Deterministic: the same persona, seed and configuration give
 * the same plan.
 */
export const generatePlan = (
  persona: Persona,
  seed: number,
  configuration: SimulationConfiguration = DEFAULT_CONFIGURATION,
): VisitPlan => {
  checkConfiguration(configuration);
  const site = getSite(configuration.site);
  const timing = drawTiming(configuration, seed);
  const rng = createRng(seed);
  const noise = rng.uniform(0.15, 0.25);
  const env = drawBrowser(rng, configuration.touchShare);
  const landing = drawLanding(rng, site);
  const ctx: PlanContext = { persona, rng, noise, env, typed: [], site, timing };
  const conversion = modelFor(persona, noise, rng).conversion;
  const goal = rng.chance(conversion.probability) ? (rng.chance(conversion.purchase) ? 'purchase' : 'trial') : null;
  const route = choosePaths(ctx, landing, goal);
  const { checkout, ordered, trial, trialStarted } = site.flows;
  const pages: PageVisit[] = route.map(({ path, exit }) => {
    const flow: Flow =
      path === checkout || path === trial
        ? exit?.to === ordered || exit?.to === trialStarted
          ? 'submit'
          : 'abandon'
        : null;
    return { path, actions: planPageActions(ctx, site.getPage(path), exit, flow) };
  });
  const search = new URLSearchParams(landing.query).toString();
  return {
    persona,
    seed,
    site: site.id,
    configuration,
    pace: timing.pace,
    noise,
    env,
    landing: { ...landing, path: route[0]!.path, search: search ? `?${search}` : '' },
    pages,
    goal,
    typed: ctx.typed,
    durationMs: pages.reduce((s, p) => s + p.actions.reduce((t, a) => t + actionMs(a), 0), 0),
  };
};
