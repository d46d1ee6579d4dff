import type { ModelFit } from './bg-nbd.js';
import { fitParetoNbd, PARETO_NBD_MAX_S, type ParetoNbdParams } from './pareto-nbd.js';
import { groupTransactions, type Purchase } from './purchases.js';
import { logAddExp, logRisingFactorials, type Rfm } from './rfm.js';

/**
 * Pareto/NBD with time-varying contextual factors (Bachmann, Meierer & Näf 2021, "The role of time-varying
 * contextual factors in latent attrition models for customer base analysis", Marketing Science): while alive, a
 * customer buys at calendar time u at rate λ · e^{γ(m(u))} · h(a(u)), where m(u) is the calendar month (year and
 * month: a piecewise-constant covariate), a(u) the customer's age (time since their first purchase) and
 * h(a) = 1 + c·e^{−a/τ} an optional "honeymoon" after acquisition (c = 0: none). λ ~ Gamma(r, α); the lifetime is
 * exponential with rate μ ~ Gamma(s, β), as in the Pareto/NBD. Times are in days.
 *
 * With B(t) = ∫₀ᵗ e^{γ(m)} h(a) da the customer's cumulative rate multiplier since the first purchase, a customer
 * with x repeat purchases at ages t₁ … tₓ, observed to age T, has (integrating λ and μ out)
 *
 *   L = Γ(r+x)αʳ/Γ(r) · Πⱼ e^{γ(tⱼ)} h(tⱼ) · [ (α+B(T))^−(r+x) (β/(β+T))ˢ
 *                                              + ∫_{tₓ}^{T} (α+B(τ))^−(r+x) sβˢ (β+τ)^−(s+1) dτ ]
 *
 * (alive through T, or dead at τ ∈ (tₓ, T]). With γ ≡ 0 and c = 0, B(t) = t and this is the Pareto/NBD. The product
 * over purchases sums, over the whole customer base, to Σₘ γₘ Nₘ + Σₐ nₐ ln h(a) (Nₘ repeat transactions in month m,
 * nₐ at age a), so per customer only (x, tₓ, T) matter once the calibration end is fixed (T fixes the first day).
 *
 * Calendar convention: day d covers the continuous interval (d−1, d]; a purchase on day d happens at time d, its
 * month being d's. B is piecewise in months, and the death integral is summed month segment by month segment by
 * 6-point Gauss–Legendre quadrature (the integrand is smooth within a month).
 *
 * Normalisation and unseen months: the month effects are centred so that their mean over the calibration months,
 * weighted by each month's exposure (customer-days observed in it), is 0; a month the calibration never saw (every
 * month of a holdout) gets that mean, 0. λ is then the rate of a month of average exposure-weighted activity, the
 * honeymoon over.
 *
 * Optional refinements of the death process (Bachmann et al. allow covariates there too): month effects δₘ on the
 * death rate, μ·e^{δₘ}, centred the same way, and an early-death factor μ·(1 + d·e^{−a/τ_d}) (d ≥ −1; d = −1 means
 * nobody dies at acquisition, the hazard rising to μ). With D(t) = ∫₀ᵗ e^{δ}(1 + d·e^{−a/τ_d}) da the death part
 * reads (β/(β+D(T)))ˢ and ∫ (α+B(τ))^−(r+x) sβˢ e^{δ(τ)}(1 + d·e^{−τ/τ_d}) (β+D(τ))^−(s+1) dτ.
 *
 * On CDNOW (calibration ends 1997-03-31 … 1998-03-31, fitted on calibration data only) the month effects raise the
 * log-likelihood by 8–460 over the Pareto/NBD and the honeymoon by another 4–31; lifetime month effects (usual split:
 * +18 to +22 for 8 parameters) are rejected by BIC and degenerate (one month's death rate → 0, β → ∞).
 */
export type ParetoNbdCalendarParams = ParetoNbdParams & {
  /** γₘ by calendar month `YYYY-MM`; a month absent here has effect 0 (the exposure-weighted mean). */
  monthEffects: Readonly<Record<string, number>>;
  /** Honeymoon: the purchase rate is multiplied by 1 + c·e^{−age/τ} (c = honeymoon, τ = honeymoonDays); 0 for none. */
  honeymoon: number;
  honeymoonDays: number;
  /** Optional month effects δₘ on the death rate, μ·e^{δₘ}, by `YYYY-MM`, centred like monthEffects; absent: 0. */
  lifetimeEffects?: Readonly<Record<string, number>>;
  /** Optional early-death factor on the death rate, μ·(1 + d·e^{−age/τ_d}) (d = earlyDeath, τ_d = earlyDeathDays). */
  earlyDeath?: number;
  earlyDeathDays?: number;
};

/** A customer's calibration history with the calendar: (x, tₓ, T) in days, the first purchase day, repeat days. */
export type CalendarCustomer = Rfm & {
  customerId: string;
  /** Day number (days since 1970-01-01) of the first transaction. */
  firstDay: number;
  /** Day numbers of the repeat transactions, ascending (same-day purchases merged). */
  repeatDays: readonly number[];
};

const DAY_MS = 86_400_000;

/** Calendar month index (12·year + month − 1) of a day number. */
export function monthIndexOfDay(day: number): number {
  const date = new Date(day * DAY_MS);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

/** Day number of the first day of a month index. */
function monthStartDay(index: number): number {
  return Date.UTC(Math.floor(index / 12), index % 12, 1) / DAY_MS;
}

/** `YYYY-MM` of a month index. */
export function monthLabel(index: number): string {
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * Every customer with a transaction on or before `calibrationEnd` (inclusive): frequency, recency and age in days
 * (as summarizeCustomers with unit 1), the first transaction's day and the repeat transactions' days.
 */
export function summarizeCalendarCustomers(purchases: readonly Purchase[], calibrationEnd: number): CalendarCustomer[] {
  const result: CalendarCustomer[] = [];
  for (const [customerId, transactions] of groupTransactions(purchases)) {
    const days = transactions.filter((t) => t.day <= calibrationEnd).map((t) => t.day);
    const first = days[0];
    if (first === undefined) continue;
    const last = days[days.length - 1]!;
    result.push({
      customerId,
      frequency: days.length - 1,
      recency: last - first,
      age: calibrationEnd - first,
      firstDay: first,
      repeatDays: days.slice(1),
    });
  }
  return result;
}

/** A stretch of a customer's life within one calendar month: ages (from, to], month index. */
type Segment = { from: number; to: number; month: number };

/** The month segments of ages (a, b] of a customer whose first purchase was on `firstDay`. */
function monthSegments(firstDay: number, a: number, b: number): Segment[] {
  const segments: Segment[] = [];
  let from = a;
  // The point just after age `from` lies in day floor(firstDay + from) + 1.
  let month = monthIndexOfDay(Math.floor(firstDay + from) + 1);
  while (from < b) {
    const to = Math.min(b, monthStartDay(month + 1) - 1 - firstDay);
    if (to > from) segments.push({ from, to, month });
    from = to;
    month++;
  }
  return segments;
}

/** 6-point Gauss–Legendre nodes and weights on [−1, 1]. */
const GL_NODES = [
  -0.932469514203152, -0.6612093864662645, -0.2386191860831909, 0.2386191860831909, 0.6612093864662645,
  0.932469514203152,
];
const GL_WEIGHTS = [
  0.1713244923791704, 0.3607615730481386, 0.467913934572691, 0.467913934572691, 0.3607615730481386, 0.1713244923791704,
];

/** ∫ over ages (u₁, u₂] of the honeymoon factor 1 + c·e^{−a/τ}. */
function honeymoonExposure(c: number, tau: number, u1: number, u2: number): number {
  if (c === 0) return u2 - u1;
  return u2 - u1 + c * tau * (Math.exp(-u1 / tau) - Math.exp(-u2 / tau));
}

/**
 * Calibration data prepared for the likelihood: customers grouped by (x, tₓ, T), each distinct first day's month
 * segments, repeat transactions by month and by age, and each month's exposure.
 */
export type CalendarData = {
  calibrationEnd: number;
  customers: number;
  /** Month indices with exposure, ascending. */
  months: number[];
  /** Customer-days observed in each of `months`. */
  exposure: number[];
  /** Repeat transactions in each of `months`. */
  monthTransactions: number[];
  /** Repeat transactions by age in days (index = age). */
  ageTransactions: number[];
  /** By distinct age T: segment bounds 0 = b₀ < … < bₖ = T and each segment's position in `months`. */
  lives: Map<number, { bounds: number[]; months: number[] }>;
  /** By distinct age T: the 6 Gauss–Legendre nodes of each of its segments, in order, and their weights. */
  nodes: Map<number, Float64Array>;
  nodeWeights: Map<number, Float64Array>;
  groups: { x: number; recency: number; age: number; count: number; segment: number }[];
  maxFrequency: number;
};

/** Prepares customers' calibration histories (all with the same calibration end) for the calendar likelihood. */
export function prepareCalendarData(customers: readonly CalendarCustomer[]): CalendarData {
  if (customers.length === 0) throw new Error('no customers');
  const calibrationEnd = customers[0]!.firstDay + customers[0]!.age;
  const monthOf = new Map<number, number>();
  const lives = new Map<number, { bounds: number[]; months: number[] }>();
  const segmentsByAge = new Map<number, Segment[]>();
  for (const c of customers) {
    if (c.firstDay + c.age !== calibrationEnd) throw new Error('customers have different calibration ends');
    if (!segmentsByAge.has(c.age)) segmentsByAge.set(c.age, monthSegments(c.firstDay, 0, c.age));
  }
  const allMonths = new Set<number>();
  for (const segs of segmentsByAge.values()) for (const s of segs) allMonths.add(s.month);
  const months = [...allMonths].sort((a, b) => a - b);
  for (const [i, m] of months.entries()) monthOf.set(m, i);
  const exposure = new Array<number>(months.length).fill(0);
  const monthTransactions = new Array<number>(months.length).fill(0);
  let maxAge = 0;
  for (const [age, segs] of segmentsByAge) {
    lives.set(age, { bounds: [0, ...segs.map((s) => s.to)], months: segs.map((s) => monthOf.get(s.month)!) });
    maxAge = Math.max(maxAge, age);
  }
  const ageTransactions = new Array<number>(maxAge + 1).fill(0);
  const groupMap = new Map<string, CalendarData['groups'][number]>();
  let maxFrequency = 0;
  for (const c of customers) {
    const life = lives.get(c.age)!;
    for (let j = 0; j < life.months.length; j++) exposure[life.months[j]!]! += life.bounds[j + 1]! - life.bounds[j]!;
    for (const day of c.repeatDays) {
      monthTransactions[monthOf.get(monthIndexOfDay(day))!]!++;
      ageTransactions[day - c.firstDay]!++;
    }
    maxFrequency = Math.max(maxFrequency, c.frequency);
    const key = `${c.frequency} ${c.recency} ${c.age}`;
    const group = groupMap.get(key);
    if (group) group.count++;
    else {
      // The segment in which the death integral starts: bounds[j] ≤ tₓ < bounds[j+1].
      let segment = 0;
      while (segment + 1 < life.months.length && life.bounds[segment + 1]! <= c.recency) segment++;
      groupMap.set(key, { x: c.frequency, recency: c.recency, age: c.age, count: 1, segment });
    }
  }
  const nodes = new Map<number, Float64Array>();
  const nodeWeights = new Map<number, Float64Array>();
  for (const [age, life] of lives) {
    const t = new Float64Array(6 * life.months.length);
    const w = new Float64Array(6 * life.months.length);
    for (let j = 0; j < life.months.length; j++) {
      const half = (life.bounds[j + 1]! - life.bounds[j]!) / 2;
      const mid = (life.bounds[j + 1]! + life.bounds[j]!) / 2;
      for (let q = 0; q < 6; q++) {
        t[6 * j + q] = mid + half * GL_NODES[q]!;
        w[6 * j + q] = half * GL_WEIGHTS[q]!;
      }
    }
    nodes.set(age, t);
    nodeWeights.set(age, w);
  }
  return {
    calibrationEnd,
    customers: customers.length,
    nodes,
    nodeWeights,
    months,
    exposure,
    monthTransactions,
    ageTransactions,
    lives,
    groups: [...groupMap.values()],
    maxFrequency,
  };
}

/** The month effects of `params` as an array over data.months (absent months 0). */
function effectsArray(params: ParetoNbdCalendarParams, data: CalendarData): number[] {
  return data.months.map((m) => params.monthEffects[monthLabel(m)] ?? 0);
}

/** The lifetime month effects of `params` as an array over data.months (absent months 0). */
function lifetimeArray(params: ParetoNbdCalendarParams, data: CalendarData): number[] {
  const effects = params.lifetimeEffects ?? {};
  return data.months.map((m) => effects[monthLabel(m)] ?? 0);
}

/**
 * The calendar Pareto/NBD log-likelihood of prepared calibration data (the formula at
 * {@link ParetoNbdCalendarParams}), summed over customers. With lifetime month effects δ the death rate is
 * μ·e^{δ(m(u))}: with D(t) = ∫₀ᵗ e^{δ} du, (β/(β+T))ˢ becomes (β/(β+D(T)))ˢ and the death density
 * sβˢ(β+τ)^−(s+1) becomes sβˢ e^{δ(τ)} (β+D(τ))^−(s+1).
 */
export function paretoNbdCalendarLogLikelihood(params: ParetoNbdCalendarParams, data: CalendarData): number {
  const { r, alpha, s, beta, honeymoon: c, honeymoonDays: tau } = params;
  const dc = params.earlyDeath ?? 0;
  const dtau = params.earlyDeathDays ?? 1;
  if (!(r > 0 && alpha > 0 && s > 0 && beta > 0 && c > -1 && tau > 0 && dc > -1 && dtau > 0)) return Number.NaN;
  const gamma = effectsArray(params, data);
  const factor = gamma.map((g) => Math.exp(g));
  const delta = lifetimeArray(params, data);
  const deathFactor = delta.map((d) => Math.exp(d));
  // Cumulative multipliers B (purchases) and D (death) at the segment bounds of every distinct age T.
  const cumulative = new Map<number, { b: Float64Array; d: Float64Array }>();
  for (const [age, life] of data.lives) {
    const b = new Float64Array(life.bounds.length);
    const d = new Float64Array(life.bounds.length);
    for (let j = 0; j < life.months.length; j++) {
      const m = life.months[j]!;
      b[j + 1] = b[j]! + factor[m]! * honeymoonExposure(c, tau, life.bounds[j]!, life.bounds[j + 1]!);
      d[j + 1] = d[j]! + deathFactor[m]! * honeymoonExposure(dc, dtau, life.bounds[j]!, life.bounds[j + 1]!);
    }
    cumulative.set(age, { b, d });
  }
  const riseR = logRisingFactorials(r, data.maxFrequency);
  const head = r * Math.log(alpha);
  const logS = Math.log(s) + s * Math.log(beta);
  let total = 0;
  for (let m = 0; m < gamma.length; m++) total += gamma[m]! * data.monthTransactions[m]!;
  if (c !== 0) {
    for (let a = 0; a < data.ageTransactions.length; a++) {
      const n = data.ageTransactions[a]!;
      if (n > 0) total += n * Math.log1p(c * Math.exp(-a / tau));
    }
  }
  // Per distinct age T: ln(α+B(t)) and δ(t) − (s+1)·ln(β+D(t)) at the quadrature nodes of its whole segments
  // (shared by every customer of that age; only the segment in which tₓ falls needs nodes of its own).
  const nodeLogs = new Map<number, { la: Float64Array; ld: Float64Array }>();
  for (const [age, life] of data.lives) {
    const { b, d } = cumulative.get(age)!;
    const nodes = data.nodes.get(age)!;
    const la = new Float64Array(nodes.length);
    const ld = new Float64Array(nodes.length);
    for (let i = 0; i < nodes.length; i++) {
      const j = (i / 6) | 0;
      const m = life.months[j]!;
      const t = nodes[i]!;
      la[i] = Math.log(alpha + b[j]! + factor[m]! * honeymoonExposure(c, tau, life.bounds[j]!, t));
      ld[i] =
        delta[m]! +
        (dc === 0 ? 0 : Math.log1p(dc * Math.exp(-t / dtau))) -
        (s + 1) * Math.log(beta + d[j]! + deathFactor[m]! * honeymoonExposure(dc, dtau, life.bounds[j]!, t));
    }
    nodeLogs.set(age, { la, ld });
  }
  for (const g of data.groups) {
    const life = data.lives.get(g.age)!;
    const { b, d } = cumulative.get(g.age)!;
    const k = r + g.x;
    const logAlive = -k * Math.log(alpha + b[b.length - 1]!) + s * Math.log(beta / (beta + d[d.length - 1]!));
    let logDeath = Number.NEGATIVE_INFINITY;
    if (g.recency < g.age) {
      const j0 = g.segment;
      const m0 = life.months[j0]!;
      const f0 = factor[m0]!;
      const e0 = deathFactor[m0]!;
      const b0 = life.bounds[j0]!;
      // The integrand without the early-death factor (which is 0 at age 0 when d = −1).
      const logIntegrand = (t: number) =>
        -k * Math.log(alpha + b[j0]! + f0 * honeymoonExposure(c, tau, b0, t)) +
        delta[m0]! -
        (s + 1) * Math.log(beta + d[j0]! + e0 * honeymoonExposure(dc, dtau, b0, t));
      // Without lifetime effects the integrand falls with τ: scaled by its value at tₓ, every term is ≤ 1 (with
      // them, ≤ e^{max δ − δ(tₓ)}·(1 + max(d, 0))).
      const ref = logIntegrand(g.recency);
      let sum = 0;
      const hi = life.bounds[j0 + 1]!;
      const half = (hi - g.recency) / 2;
      const mid = (hi + g.recency) / 2;
      for (let q = 0; q < 6; q++) {
        const t = mid + half * GL_NODES[q]!;
        const early = dc === 0 ? 0 : Math.log1p(dc * Math.exp(-t / dtau));
        sum += GL_WEIGHTS[q]! * half * Math.exp(logIntegrand(t) + early - ref);
      }
      const { la, ld } = nodeLogs.get(g.age)!;
      const weights = data.nodeWeights.get(g.age)!;
      for (let i = 6 * (j0 + 1); i < la.length; i++) {
        sum += weights[i]! * Math.exp(-k * la[i]! + ld[i]! - ref);
      }
      logDeath = logS + ref + Math.log(sum);
    }
    total += g.count * (riseR[g.x]! + head + logAddExp(logAlive, logDeath));
  }
  return total;
}

/** How a calendar fit was specified and how it went. */
export type CalendarFitOptions = {
  /** Fit the honeymoon (c, τ) too (default false). */
  honeymoon?: boolean;
  /** Fit month effects on the death rate too (default false). */
  lifetimeMonths?: boolean;
  /** Fit the early-death factor (d, τ_d) on the death rate too (default false). */
  earlyDeath?: boolean;
  /** Starting point (default: the plain Pareto/NBD's fit, no month effects, c = 0.5 and τ = 30 days). */
  start?: ParetoNbdCalendarParams;
};

export type CalendarFit = ModelFit<ParetoNbdCalendarParams> & {
  /** Free parameters: 4 + (months − 1), + (months − 1) with lifetime month effects, + 2 for each of the honeymoon
   * and the early-death factor. */
  parameters: number;
  /** Bayesian information criterion −2 LL + k ln n, n customers. */
  bic: number;
  evaluations: number;
};

const capped = (t: number, cap: number) => Math.exp(t) / (1 + Math.exp(t) / cap);
const uncapped = (s: number, cap: number) => Math.log(s / (1 - s / cap));

/**
 * Fits the calendar Pareto/NBD by maximum likelihood: quasi-Newton (BFGS with central-difference gradients and a
 * backtracking line search) over ln r, ln α, capped ln s (as fitParetoNbd), ln β, the free month effects and, with
 * the honeymoon, ln(1+c) and ln τ. The month effects are g₁ … g_{M−1} with g_M = 0, centred:
 * γₘ = gₘ − Σ wₘgₘ/Σ wₘ (w the months' exposure), so the exposure-weighted mean effect is 0.
 */
export function fitParetoNbdCalendar(data: CalendarData, options: CalendarFitOptions = {}): CalendarFit {
  const M = data.months.length;
  const honeymoon = options.honeymoon ?? false;
  const lifetime = options.lifetimeMonths ?? false;
  const earlyDeath = options.earlyDeath ?? false;
  const wTotal = data.exposure.reduce((a, b) => a + b, 0);
  // Layout of the search vector: ln r, ln α, capped ln s, ln β, g₁…g_{M−1}, [lifetime g₁…g_{M−1}], [ln(1+c), ln τ],
  // [√(1+d), ln τ_d].
  const lifetimeAt = 4 + M - 1;
  const honeymoonAt = lifetimeAt + (lifetime ? M - 1 : 0);
  const earlyAt = honeymoonAt + (honeymoon ? 2 : 0);
  const centred = (free: readonly number[]) => {
    const g = [...free, 0];
    const centre = g.reduce((acc, v, i) => acc + v * data.exposure[i]!, 0) / wTotal;
    const effects: Record<string, number> = {};
    data.months.forEach((m, i) => {
      effects[monthLabel(m)] = g[i]! - centre;
    });
    return effects;
  };
  const toParams = (t: readonly number[]): ParetoNbdCalendarParams => ({
    r: Math.exp(t[0]!),
    alpha: Math.exp(t[1]!),
    s: capped(t[2]!, PARETO_NBD_MAX_S),
    beta: Math.exp(t[3]!),
    monthEffects: centred(t.slice(4, lifetimeAt)),
    honeymoon: honeymoon ? Math.expm1(t[honeymoonAt]!) : 0,
    honeymoonDays: honeymoon ? Math.exp(t[honeymoonAt + 1]!) : 1,
    ...(lifetime ? { lifetimeEffects: centred(t.slice(lifetimeAt, honeymoonAt)) } : {}),
    // d = v² − 1 reaches its bound −1 (no deaths at age 0) smoothly, at v = 0.
    ...(earlyDeath ? { earlyDeath: t[earlyAt]! ** 2 - 1, earlyDeathDays: Math.exp(t[earlyAt + 1]!) } : {}),
  });
  let start = options.start;
  if (!start) {
    const plain = fitParetoNbd(
      data.groups.flatMap((g) =>
        Array.from({ length: g.count }, () => ({ frequency: g.x, recency: g.recency, age: g.age })),
      ),
    );
    start = { ...plain.params, monthEffects: {}, honeymoon: 0.5, honeymoonDays: 30 };
  }
  const free = (effects: number[]) => effects.slice(0, M - 1).map((g) => g - effects[M - 1]!);
  const t0 = [
    Math.log(start.r),
    Math.log(start.alpha),
    uncapped(Math.min(start.s, 0.99 * PARETO_NBD_MAX_S), PARETO_NBD_MAX_S),
    Math.log(start.beta),
    ...free(effectsArray(start, data)),
  ];
  if (lifetime) t0.push(...free(lifetimeArray(start, data)));
  if (honeymoon) {
    const c = start.honeymoon > -0.9 && start.honeymoon !== 0 ? start.honeymoon : 0.5;
    t0.push(Math.log1p(c), Math.log(start.honeymoon !== 0 ? start.honeymoonDays : 30));
  }
  if (earlyDeath) {
    const d =
      start.earlyDeath !== undefined && start.earlyDeath > -0.9 && start.earlyDeath !== 0 ? start.earlyDeath : 0.5;
    t0.push(Math.sqrt(1 + d), Math.log(start.earlyDeath ? (start.earlyDeathDays ?? 30) : 30));
  }
  const n = data.customers;
  // Shifting every g by a constant leaves the centred effects unchanged, so pinning g_M = 0 loses nothing.
  const objective = (t: readonly number[]) => -paretoNbdCalendarLogLikelihood(toParams(t), data) / n;
  const result = minimizeBfgs(objective, t0);
  const logLikelihood = -result.value * n;
  const parameters = t0.length;
  return {
    params: toParams(result.point),
    logLikelihood,
    converged: result.converged,
    parameters,
    bic: -2 * logLikelihood + parameters * Math.log(n),
    evaluations: result.evaluations,
  };
}

/**
 * Minimises a smooth f by BFGS on the inverse Hessian, gradients by central differences (step 10⁻⁵), Armijo
 * backtracking. Stops when an iteration gains less than 10⁻¹² relative and the gradient is below 10⁻⁶, or after
 * `maxIterations`.
 */
export function minimizeBfgs(
  f: (t: readonly number[]) => number,
  start: readonly number[],
  maxIterations = 400,
): { point: number[]; value: number; evaluations: number; converged: boolean } {
  const n = start.length;
  let evaluations = 0;
  const value = (t: readonly number[]) => {
    evaluations++;
    const v = f(t);
    return Number.isFinite(v) ? v : Number.POSITIVE_INFINITY;
  };
  const h = 1e-5;
  const gradient = (t: readonly number[]) => {
    const g = new Array<number>(n);
    const p = [...t];
    for (let i = 0; i < n; i++) {
      p[i] = t[i]! + h;
      const up = value(p);
      p[i] = t[i]! - h;
      const down = value(p);
      p[i] = t[i]!;
      g[i] = (up - down) / (2 * h);
    }
    return g;
  };
  const identity = (): number[][] =>
    Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j): number => (i === j ? 1 : 0)));
  let x = [...start];
  let fx = value(x);
  let g = gradient(x);
  let H = identity();
  let converged = false;
  for (let iter = 0; iter < maxIterations; iter++) {
    let p = H.map((row) => -row.reduce((acc, v, j) => acc + v * g[j]!, 0));
    let slope = p.reduce((acc, v, i) => acc + v * g[i]!, 0);
    if (!(slope < 0)) {
      H = identity();
      p = g.map((v) => -v);
      slope = -g.reduce((acc, v) => acc + v * v, 0);
    }
    // Keep steps moderate in log-parameter space.
    const norm = Math.sqrt(p.reduce((acc, v) => acc + v * v, 0));
    let step = norm > 2 ? 2 / norm : 1;
    let xn = x;
    let fn = fx;
    let accepted = false;
    for (let k = 0; k < 50; k++) {
      xn = x.map((v, i) => v + step * p[i]!);
      fn = value(xn);
      if (fn <= fx + 1e-4 * step * slope) {
        accepted = true;
        break;
      }
      step /= 2;
    }
    if (!accepted) {
      converged = Math.max(...g.map(Math.abs)) < 1e-4;
      break;
    }
    const gn = gradient(xn);
    const sVec = xn.map((v, i) => v - x[i]!);
    const yVec = gn.map((v, i) => v - g[i]!);
    const sy = sVec.reduce((acc, v, i) => acc + v * yVec[i]!, 0);
    const gain = fx - fn;
    x = xn;
    fx = fn;
    g = gn;
    if (sy > 1e-14) {
      const Hy = H.map((row) => row.reduce((acc, v, j) => acc + v * yVec[j]!, 0));
      const yHy = yVec.reduce((acc, v, i) => acc + v * Hy[i]!, 0);
      const rho = 1 / sy;
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          H[i]![j] =
            H[i]![j]! - rho * (Hy[i]! * sVec[j]! + sVec[i]! * Hy[j]!) + (rho * rho * yHy + rho) * sVec[i]! * sVec[j]!;
        }
      }
    }
    if (gain < 1e-12 * (1 + Math.abs(fx)) && Math.max(...g.map(Math.abs)) < 1e-6) {
      converged = true;
      break;
    }
  }
  return { point: x, value: fx, evaluations, converged };
}

/** ln of the alive-through-T and died-in-(tₓ, T] terms of one customer's likelihood (common factors dropped). */
function aliveAndDeath(
  params: ParetoNbdCalendarParams,
  customer: CalendarCustomer,
): { logAlive: number; logDeath: number; bAtT: number; dAtT: number } {
  const { r, alpha, s, beta, honeymoon: c, honeymoonDays: tau } = params;
  const { frequency: x, recency, age, firstDay } = customer;
  const k = r + x;
  const factorOf = (month: number) => Math.exp(params.monthEffects[monthLabel(month)] ?? 0);
  const deltaOf = (month: number) => params.lifetimeEffects?.[monthLabel(month)] ?? 0;
  const dc = params.earlyDeath ?? 0;
  const dtau = params.earlyDeathDays ?? 1;
  const early = (t: number) => (dc === 0 ? 0 : Math.log1p(dc * Math.exp(-t / dtau)));
  let b = 0;
  let d = 0;
  for (const seg of monthSegments(firstDay, 0, recency)) {
    b += factorOf(seg.month) * honeymoonExposure(c, tau, seg.from, seg.to);
    d += Math.exp(deltaOf(seg.month)) * honeymoonExposure(dc, dtau, seg.from, seg.to);
  }
  const segments = monthSegments(firstDay, recency, age);
  const ref = -k * Math.log(alpha + b) + (segments[0] ? deltaOf(segments[0].month) : 0) - (s + 1) * Math.log(beta + d);
  let sum = 0;
  for (const seg of segments) {
    const f = factorOf(seg.month);
    const delta = deltaOf(seg.month);
    const e = Math.exp(delta);
    const half = (seg.to - seg.from) / 2;
    const mid = (seg.to + seg.from) / 2;
    for (let q = 0; q < 6; q++) {
      const t = mid + half * GL_NODES[q]!;
      const bt = b + f * honeymoonExposure(c, tau, seg.from, t);
      const dt = d + e * honeymoonExposure(dc, dtau, seg.from, t);
      sum +=
        GL_WEIGHTS[q]! *
        half *
        Math.exp(-k * Math.log(alpha + bt) + delta + early(t) - (s + 1) * Math.log(beta + dt) - ref);
    }
    b += f * honeymoonExposure(c, tau, seg.from, seg.to);
    d += e * honeymoonExposure(dc, dtau, seg.from, seg.to);
  }
  const logAlive = -k * Math.log(alpha + b) + s * Math.log(beta / (beta + d));
  const logDeath = sum > 0 ? Math.log(s) + s * Math.log(beta) + ref + Math.log(sum) : Number.NEGATIVE_INFINITY;
  return { logAlive, logDeath, bAtT: b, dAtT: d };
}

/** Probability that a customer is alive at the calibration end (age T): alive term / (alive + death terms). */
export function paretoNbdCalendarProbabilityAlive(params: ParetoNbdCalendarParams, customer: CalendarCustomer): number {
  const { logAlive, logDeath } = aliveAndDeath(params, customer);
  return 1 / (1 + Math.exp(logDeath - logAlive));
}

/**
 * Repeat purchases expected in the `horizon` days after the calibration end. Given alive at T, λ ~ Gamma(r+x,
 * α+B(T)) and μ ~ Gamma(s, β+D(T)) independently (D(T) = T without lifetime effects), so
 *
 *   E[Y] = P(alive) · (r+x)/(α+B(T)) · ∫_T^{T+t} e^{γ(m(u))} h(u) ((β+D(T))/(β+D(u)))ˢ du,
 *
 * summed month segment by month segment (Gauss–Legendre); months absent from the effects (every month after the
 * calibration) count as 0, the exposure-weighted mean of the calibration months.
 */
export function paretoNbdCalendarExpectedPurchases(
  params: ParetoNbdCalendarParams,
  customer: CalendarCustomer,
  horizon: number,
): number {
  if (horizon <= 0) return 0;
  const { r, alpha, s, beta, honeymoon: c, honeymoonDays: tau } = params;
  const { logAlive, logDeath, bAtT, dAtT } = aliveAndDeath(params, customer);
  const pAlive = 1 / (1 + Math.exp(logDeath - logAlive));
  const T = customer.age;
  const dc = params.earlyDeath ?? 0;
  const dtau = params.earlyDeathDays ?? 1;
  let exposure = 0;
  let d = dAtT;
  for (const seg of monthSegments(customer.firstDay, T, T + horizon)) {
    const f = Math.exp(params.monthEffects[monthLabel(seg.month)] ?? 0);
    const e = Math.exp(params.lifetimeEffects?.[monthLabel(seg.month)] ?? 0);
    const half = (seg.to - seg.from) / 2;
    const mid = (seg.to + seg.from) / 2;
    for (let q = 0; q < 6; q++) {
      const u = mid + half * GL_NODES[q]!;
      const hm = c === 0 ? 1 : 1 + c * Math.exp(-u / tau);
      const du = d + e * honeymoonExposure(dc, dtau, seg.from, u);
      exposure += GL_WEIGHTS[q]! * half * f * hm * ((beta + dAtT) / (beta + du)) ** s;
    }
    d += e * honeymoonExposure(dc, dtau, seg.from, seg.to);
  }
  return (pAlive * (r + customer.frequency) * exposure) / (alpha + bAtT);
}
