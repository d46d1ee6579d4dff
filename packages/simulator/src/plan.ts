import { type Action, actionMs } from './actions';
import { type BrowserEnv, drawBrowser, drawLanding, type Landing } from './landing';
import { type BehaviourModel, type BrowseCategory, modelFor, type Persona } from './personas';
import { planPageActions } from './plan-page';
import { createRng, type Rng } from './random';
import { type Cta, getPage, navLinkId, PATHS_BY_CATEGORY, type Page } from './site';

/** One page of a visit: where, and what the visitor does there (ending with how they leave, if they do). */
export type PageVisit = { path: string; actions: Action[] };

/** Everything one visitor will do, decided up front from a seed: the ground truth of a simulated session. */
export type VisitPlan = {
  persona: Persona;
  seed: number;
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

/** The generator's state while one plan is drawn. */
export type PlanContext = { persona: Persona; rng: Rng; noise: number; env: BrowserEnv; typed: string[] };

const browsePath = (ctx: PlanContext, model: BehaviourModel, history: string[], current: string): string => {
  for (let attempt = 0; attempt < 8; attempt++) {
    const category = ctx.rng.weighted<BrowseCategory>(model.pages);
    const paths = PATHS_BY_CATEGORY[category];
    const fresh = paths.filter((p) => !history.includes(p));
    const path = ctx.rng.pick(fresh.length && ctx.rng.chance(0.8) ? fresh : paths);
    if (path !== current) return path;
  }
  return current === '/' ? '/pricing' : '/';
};

/** The sequence of paths a visitor browses, with how each is left; a conversion flow is appended. */
const choosePaths = (ctx: PlanContext, landing: Landing, goal: VisitPlan['goal']): { path: string; exit?: Exit }[] => {
  const { rng, persona, noise } = ctx;
  const visit = modelFor(persona, noise, rng).pagesPerVisit;
  const count = Math.max(1, Math.round(rng.logNormal(visit.median, visit.sigma)));
  const first = rng.chance(0.5) ? rng.pick(landing.paths) : browsePath(ctx, modelFor(persona, noise, rng), [], '');
  const history = [first];
  while (history.length < count) {
    const model = modelFor(persona, noise, rng);
    const current = history[history.length - 1]!;
    const previous = history[history.length - 2];
    const seen = history.filter(
      (p) => p !== current && model.revisit.categories.includes(getPage(p).category as BrowseCategory),
    );
    let next: string;
    if (previous && rng.chance(model.back)) next = previous;
    else if (seen.length && rng.chance(model.revisit.probability)) next = rng.pick(seen);
    else next = browsePath(ctx, model, history, current);
    // A cart seen without buying is sometimes taken on to checkout, and left there.
    if (current === '/cart' && !goal && rng.chance(0.3)) next = '/checkout';
    history.push(next);
  }
  if (goal === 'purchase') {
    if (history[history.length - 1] !== '/cart') {
      if (!history.some((p) => p.startsWith('/products/')) || rng.chance(0.4))
        history.push(rng.pick(PATHS_BY_CATEGORY.product));
      history.push('/cart');
    }
    history.push('/checkout', '/order-confirmation');
  } else if (goal === 'trial') {
    if (history[history.length - 1] !== '/free-trial') history.push('/free-trial');
    history.push('/trial-started');
  }
  // Consecutive duplicates (a revisit of the page one is on) are dropped.
  const paths = history.filter((p, i) => p !== history[i - 1]);
  // Going back is possible only to the page below the current one on the history stack.
  const stack: string[] = [];
  return paths.map((path, i) => {
    stack.push(path);
    const to = paths[i + 1];
    if (!to) return { path };
    const exit = exitTo(ctx, getPage(path), to, stack[stack.length - 2]);
    if (exit.via === 'back') stack.splice(-2, 2);
    return { path, exit };
  });
};

const exitTo = (ctx: PlanContext, page: Page, to: string, previous: string | undefined): Exit => {
  if (to === previous && ctx.rng.chance(0.8)) return { to, via: 'back' };
  // Adding to the cart and buying are calls to action; so is any CTA that leads to the next page.
  const byRole = (c: Cta) => (to === '/cart' && c.role === 'add-to-cart') || c.to === to;
  const cta = page.ctas.find(byRole);
  if (cta && (to === '/cart' || to === '/checkout' || ctx.rng.chance(0.7))) return { to, via: 'cta', target: cta.id };
  return { to, via: 'link', target: to === '/cart' ? 'nav-cart' : navLinkId(to) };
};

/**
 * Draws one visitor's plan for a persona from a seed: device and traffic source, pages and how they are
 * left, and every scroll, hover, click and keystroke with its timing. Deterministic: the same persona
 * and seed give the same plan.
 */
export const generatePlan = (persona: Persona, seed: number): VisitPlan => {
  const rng = createRng(seed);
  const noise = rng.uniform(0.15, 0.25);
  const env = drawBrowser(rng);
  const landing = drawLanding(rng);
  const ctx: PlanContext = { persona, rng, noise, env, typed: [] };
  const conversion = modelFor(persona, noise, rng).conversion;
  const goal = rng.chance(conversion.probability) ? (rng.chance(conversion.purchase) ? 'purchase' : 'trial') : null;
  const route = choosePaths(ctx, landing, goal);
  const pages: PageVisit[] = route.map(({ path, exit }) => {
    const flow: Flow =
      path === '/checkout' || path === '/free-trial'
        ? exit?.to === '/order-confirmation' || exit?.to === '/trial-started'
          ? 'submit'
          : 'abandon'
        : null;
    return { path, actions: planPageActions(ctx, getPage(path), exit, flow) };
  });
  const search = new URLSearchParams(landing.query).toString();
  return {
    persona,
    seed,
    noise,
    env,
    landing: { ...landing, path: route[0]!.path, search: search ? `?${search}` : '' },
    pages,
    goal,
    typed: ctx.typed,
    durationMs: pages.reduce((s, p) => s + p.actions.reduce((t, a) => t + actionMs(a), 0), 0),
  };
};
