import { type Action, actionMs } from './actions';
import { attentionMs, type BehaviourModel, type BrowseCategory, modelFor } from './personas';
import type { Exit, Flow, PlanContext } from './plan';
import { clamp } from './random';
import type { Cta, Form, Page } from './site';
import { textFor } from './typing';

type Stop = { y: number; run: () => void };

/**
 * Draws what a visitor does on one page: a first look, scrolling down past the marked elements, CTAs and
 * forms that interest the persona (with reversals and up-down bursts), reading to fill the page's dwell
 * time, then the flow's form (`submit` or `abandon`) and the exit. Positions are scaled to the device.
 */
export const planPageActions = (ctx: PlanContext, page: Page, exit: Exit | undefined, flow: Flow): Action[] => {
  const { rng, env } = ctx;
  const { pace, vary } = ctx.timing;
  const decide = (): BehaviourModel => modelFor(ctx.persona, ctx.noise, rng);
  const model = decide();
  const s = env.scale;
  const vh = env.viewport.h;
  const maxY = Math.max(0, Math.round(page.height * s - vh));
  const favourite = model.favourites.includes(page.category as BrowseCategory);
  const dwell = vary(
    rng.logNormal(model.dwell.median, model.dwell.sigma) *
      clamp(page.height / 2600, 0.5, 1.8) *
      (favourite ? model.dwell.focus : 1) *
      pace,
  );
  const speed = rng.logNormal(model.scroll.speed, 0.35) * (env.touch ? 1.3 : 1) * ctx.timing.scroll;
  // Mouse moves per second while reading, as the visitor's device and browser sample them.
  const mouseRate = (m: BehaviourModel) => m.mouse * ctx.timing.pointer;
  const depth = clamp(rng.normal(model.scroll.depth, model.scroll.depthSd), 0.05, 1) * maxY;
  let reversals = rng.poisson(model.scroll.reversals);
  const actions: Action[] = [];
  let y = 0;

  // A pause of reading (or looking, or watching): its drawn time at the visitor's pace, with noise.
  const read = (ms: number, m: BehaviourModel = model) => {
    const t = Math.round(clamp(vary(ms * pace), 100, 900_000));
    const moves = env.touch
      ? 0
      : Math.min(Math.floor(t / 120), Math.round((t / 1000) * mouseRate(m) * rng.uniform(0.5, 1.5)));
    actions.push({ kind: 'read', ms: t, moves });
  };
  const scrollTo = (target: number) => {
    const to = Math.round(clamp(target, 0, maxY));
    if (to === y) return;
    actions.push({ kind: 'scroll', to, ms: Math.round(Math.max(120, vary((Math.abs(to - y) / speed) * 1000))) });
    y = to;
  };
  const reverse = () => {
    const back = y;
    if (back < 100) return;
    scrollTo(back - rng.uniform(120, 520) * s);
    read(rng.logNormal(900, 0.5));
    scrollTo(back);
  };
  // Brings an element into view, a third of the way down the screen.
  const reach = (elementY: number) => {
    const top = elementY * s;
    if (top < y + 60 || top > y + vh - 120) scrollTo(top - vh * 0.35);
  };

  const hoverCta = (c: Cta) => {
    const m = decide();
    const navigational = !!c.to || c.role === 'add-to-cart';
    const click = !navigational && rng.chance(m.hover.click);
    let drawn = rng.logNormal(m.hover.median, m.hover.sigma);
    if (!click && rng.chance(m.hover.linger)) drawn = rng.uniform(2200, 6000);
    const ms = vary(drawn * pace);
    reach(c.y);
    // Touch screens have no hover: a look without a tap is only a pause.
    if (env.touch && !click) return read(drawn, m);
    actions.push({ kind: 'hover', target: c.id, ms: Math.round(clamp(ms, 80, 20_000)), click });
    if (!click) return;
    if (c.role === 'play-video') read(attentionMs(m, 'video', rng), m);
    else if (c.role === 'faq-toggle') read(rng.logNormal(4000, 0.5), m);
    else read(rng.logNormal(c.role === 'interactive' ? 3500 : 1500, 0.5), m);
  };

  const fillForm = (f: Form, mode: 'submit' | 'abandon') => {
    const m = decide();
    reach(f.y);
    const msPerChar = Math.round(vary(1000 / (m.forms.charsPerSecond * rng.uniform(0.7, 1.3))));
    const n = mode === 'submit' ? f.fields.length : rng.int(0, f.fields.length - 1);
    if (n === 0)
      actions.push({ kind: 'glance', field: f.fields[0]!.id, ms: Math.round(vary(rng.logNormal(2500, 0.5) * pace)) });
    for (const field of f.fields.slice(0, n)) {
      reach(field.y);
      const text = textFor(field, rng);
      ctx.typed.push(text);
      actions.push({ kind: 'type', field: field.id, text, msPerChar });
      read(rng.logNormal(600, 0.5), m);
    }
    if (mode === 'abandon') read(rng.logNormal(3000, 0.5), m);
    else {
      reach(f.submit.y);
      actions.push({ kind: 'submit', button: f.submit.id });
    }
  };
  const maybeForm = (f: Form) => {
    const m = decide();
    if (!rng.chance(m.forms.focus)) return;
    const mustBuy = f.kind === 'checkout' || f.kind === 'trial';
    fillForm(f, mustBuy || rng.chance(m.forms.abandon) ? 'abandon' : 'submit');
  };

  read(rng.logNormal(1800, 0.5) * Math.sqrt(model.dwell.median / 30_000));

  const exitCta = exit?.via === 'cta' ? exit.target : undefined;
  const flowForm = flow ? page.forms.find((f) => f.kind === 'checkout' || f.kind === 'trial') : undefined;
  const candidates = page.ctas.filter((c) => c.id !== exitCta && c.y * s <= depth + vh);
  const hovered = new Set<Cta>();
  for (let n = rng.poisson(model.hover.perPage); n > 0 && hovered.size < candidates.length; n--) {
    const left = candidates.filter((c) => !hovered.has(c));
    const pick = rng.weighted(Object.fromEntries(left.map((c, i) => [String(i), model.roles[c.role] ?? 1])));
    hovered.add(left[Number(pick)]!);
  }
  const stops: Stop[] = [
    ...page.tracked
      .filter((t) => t.y * s <= depth + vh * 0.5)
      .map((t) => ({ y: t.y, run: () => read(attentionMs(decide(), t.kind, rng)) })),
    ...[...hovered].map((c) => ({ y: c.y, run: () => hoverCta(c) })),
    ...page.forms
      .filter((f) => f !== flowForm && f.y * s <= depth + vh * 0.6)
      .map((f) => ({ y: f.y, run: () => maybeForm(f) })),
  ].sort((a, b) => a.y - b.y);

  for (const stop of stops) {
    reach(stop.y);
    if (reversals > 0 && rng.chance(0.5)) {
      reverse();
      reversals--;
    }
    stop.run();
  }
  if (y < depth) scrollTo(depth);
  for (; reversals > 0; reversals--) reverse();
  if (maxY > 300 && rng.chance(model.scroll.backAndForth)) {
    // Rapid up-down scrolling: three or more reversals within four seconds.
    const base = clamp(y, 450 * s, maxY);
    scrollTo(base);
    for (let i = rng.int(4, 7); i > 0; i--) {
      const to = i % 2 ? base - rng.uniform(150, 400) * s : base;
      actions.push({ kind: 'scroll', to: Math.round(clamp(to, 0, maxY)), ms: Math.round(rng.uniform(250, 600)) });
      y = Math.round(clamp(to, 0, maxY));
    }
  }

  // Reading time that the scrolling and hovering did not use is spread over the page.
  const spent = actions.reduce((t, a) => t + actionMs(a), 0);
  if (dwell > spent) {
    const parts = rng.int(1, 3);
    for (let i = 0; i < parts; i++) {
      const at = rng.int(1, actions.length);
      const ms = Math.round((dwell - spent) / parts);
      const moves = env.touch ? 0 : Math.min(Math.floor(ms / 120), Math.round((ms / 1000) * mouseRate(model)));
      actions.splice(at, 0, { kind: 'read', ms, moves });
    }
  }

  // Another tab (a price elsewhere, a review site, a message) hides the page for a while; it comes on top
  // of the page's reading time.
  if (rng.chance(model.away.probability)) {
    actions.splice(rng.int(1, actions.length), 0, {
      kind: 'away',
      ms: Math.round(vary(rng.logNormal(model.away.median, 0.7))),
    });
  }

  // A checkout or sign-up form on a visit that does not convert is started only by some, then left.
  if (flowForm && (flow === 'submit' || rng.chance(decide().forms.focus)))
    fillForm(flowForm, flow === 'submit' ? 'submit' : 'abandon');
  if (exit && flow !== 'submit') {
    const m = decide();
    if (exit.via === 'cta') {
      const target = page.ctas.find((c) => c.id === exit.target)!;
      reach(target.y);
    }
    const ms =
      exit.via === 'back'
        ? 0
        : Math.round(clamp(vary(rng.logNormal(m.hover.median * 0.8, m.hover.sigma) * pace), 120, 8000));
    actions.push({ kind: 'navigate', to: exit.to, via: exit.via, target: exit.target, ms });
  }
  return actions;
};
