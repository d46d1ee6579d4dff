// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PERSONAS, type Persona } from './personas';
import { generatePlan } from './plan';
import { type PlanStats, planStats } from './plan-stats';
import { deriveSeed } from './random';
import type { PageCategory } from './site';

const N = 200;
const stats = Object.fromEntries(
  PERSONAS.map((p) => [p, Array.from({ length: N }, (_, i) => planStats(generatePlan(p, deriveSeed(2024, i))))]),
) as Record<Persona, PlanStats[]>;

const mean = (p: Persona, f: (s: PlanStats) => number) => stats[p].reduce((a, s) => a + f(s), 0) / N;
/** Mean share of a visit's page views in the categories. */
const share = (p: Persona, cats: PageCategory[]) =>
  mean(p, (s) => cats.reduce((a, c) => a + (s.categories[c] ?? 0), 0) / s.pages);
/** Share of visits with at least one page in the categories. */
const reach = (p: Persona, cats: PageCategory[]) => mean(p, (s) => +cats.some((c) => s.categories[c]));
const clicksOn = (roles: string[]) => (s: PlanStats) => roles.reduce((a, r) => a + (s.controlClicks[r] ?? 0), 0);
const others = (p: Persona) => PERSONAS.filter((o) => o !== p);
/** The persona's figure against the highest of the other six. */
const lead = (p: Persona, f: (p: Persona) => number) => f(p) / Math.max(...others(p).map(f));

describe('visit plans', () => {
  it('are deterministic for a persona and seed, and differ between seeds', () => {
    expect(generatePlan('Skeptic', 7)).toEqual(generatePlan('Skeptic', 7));
    expect(JSON.stringify(generatePlan('Skeptic', 8))).not.toBe(JSON.stringify(generatePlan('Skeptic', 7)));
  });

  it('keep every position on the page and every duration realistic', () => {
    for (const p of PERSONAS)
      for (let i = 0; i < 20; i++) {
        const plan = generatePlan(p, deriveSeed(5, i));
        expect(plan.noise).toBeGreaterThanOrEqual(0.15);
        expect(plan.noise).toBeLessThanOrEqual(0.25);
        expect(plan.durationMs).toBeGreaterThan(3_000);
        expect(plan.durationMs).toBeLessThan(60 * 60_000);
        for (const page of plan.pages)
          for (const a of page.actions) {
            if (a.kind === 'scroll') expect(a.to).toBeGreaterThanOrEqual(0);
            if ('ms' in a) expect(a.ms).toBeGreaterThanOrEqual(0);
          }
      }
  });
});

describe('persona signatures over 200 plans each', () => {
  it('Fast-Mover has the shortest visits with the fewest pages, scrolls fastest and converts most', () => {
    expect(lead('Fast-Mover', (p) => 1 / mean(p, (s) => s.durationMs))).toBeGreaterThan(2.5);
    expect(lead('Fast-Mover', (p) => 1 / mean(p, (s) => s.pages))).toBeGreaterThan(1.2);
    expect(lead('Fast-Mover', (p) => mean(p, (s) => s.scrollSpeed))).toBeGreaterThan(1.4);
    expect(lead('Fast-Mover', (p) => mean(p, (s) => +s.converted))).toBeGreaterThan(1.2);
    expect(lead('Fast-Mover', (p) => 1 / mean(p, (s) => s.medianHoverMs))).toBeGreaterThan(1.3);
  });

  it('Proof-Driven reads reviews and case studies, dwells longest and scrolls slowest', () => {
    expect(lead('Proof-Driven', (p) => share(p, ['proof']))).toBeGreaterThan(2);
    expect(reach('Proof-Driven', ['proof'])).toBeGreaterThan(0.75);
    expect(lead('Proof-Driven', (p) => mean(p, (s) => s.durationMs))).toBeGreaterThan(1.1);
    expect(lead('Proof-Driven', (p) => 1 / mean(p, (s) => s.scrollSpeed))).toBeGreaterThan(1.15);
  });

  it('Reassurer visits FAQ, returns, shipping and guarantee pages far more and abandons the most forms', () => {
    expect(lead('Reassurer', (p) => share(p, ['reassurance']))).toBeGreaterThan(2.5);
    expect(reach('Reassurer', ['reassurance'])).toBeGreaterThan(0.7);
    expect(lead('Reassurer', (p) => mean(p, (s) => s.formsAbandoned))).toBeGreaterThan(1.8);
  });

  it('Skeptic has the most scroll direction changes, lingering hovers and revisits, and converts least', () => {
    expect(lead('Skeptic', (p) => mean(p, (s) => s.directionChanges))).toBeGreaterThan(1.5);
    expect(lead('Skeptic', (p) => mean(p, (s) => s.lingeringHovers))).toBeGreaterThan(1.5);
    expect(lead('Skeptic', (p) => 1 / mean(p, (s) => +s.converted))).toBeGreaterThan(1.3);
    expect(mean('Skeptic', (s) => s.revisits)).toBeGreaterThan(mean('Fast-Mover', (s) => s.revisits) * 3);
    expect(lead('Skeptic', (p) => share(p, ['terms']))).toBeGreaterThan(2);
  });

  it('Optimizer views comparison and pricing pages again and again and toggles plans', () => {
    expect(lead('Optimizer', (p) => share(p, ['compare', 'pricing']))).toBeGreaterThan(1.2);
    const views = (s: PlanStats) => (s.categories.compare ?? 0) + (s.categories.pricing ?? 0);
    expect(lead('Optimizer', (p) => mean(p, views))).toBeGreaterThan(1.3);
    expect(lead('Optimizer', (p) => mean(p, clicksOn(['plan-option', 'billing-toggle'])))).toBeGreaterThan(4);
    expect(mean('Optimizer', (s) => s.revisits)).toBeGreaterThan(mean('Fast-Mover', (s) => s.revisits) * 3);
  });

  it('Authority-Seeker reads about, team, press, certifications and expert posts, and opens credentials', () => {
    expect(lead('Authority-Seeker', (p) => share(p, ['authority', 'blog']))).toBeGreaterThan(2);
    expect(lead('Authority-Seeker', (p) => mean(p, clicksOn(['credential'])))).toBeGreaterThan(2);
  });

  it('Experience-First goes to demo, trial and video pages and plays and tries things', () => {
    expect(lead('Experience-First', (p) => share(p, ['experience']))).toBeGreaterThan(2.5);
    expect(lead('Experience-First', (p) => mean(p, clicksOn(['play-video', 'interactive'])))).toBeGreaterThan(2);
  });

  it('overlap: no persona is told apart by a single page type', () => {
    const signature: Record<Persona, PageCategory[]> = {
      'Fast-Mover': ['cart'],
      'Proof-Driven': ['proof'],
      Reassurer: ['reassurance'],
      Skeptic: ['terms'],
      Optimizer: ['compare'],
      'Authority-Seeker': ['authority'],
      'Experience-First': ['experience'],
    };
    for (const p of PERSONAS) {
      const cats = signature[p];
      // Visits of other personas reach the page type too, and some of the persona's own never do.
      expect(Math.max(...others(p).map((o) => reach(o, cats)))).toBeGreaterThan(0.1);
      expect(reach(p, cats)).toBeLessThan(1);
    }
  });

  it('traffic sources and devices vary within every persona', () => {
    for (const p of PERSONAS) {
      const plans = Array.from({ length: 60 }, (_, i) => generatePlan(p, deriveSeed(11, i)));
      expect(new Set(plans.map((x) => x.landing.source)).size).toBeGreaterThanOrEqual(5);
      expect(new Set(plans.map((x) => x.env.device)).size).toBeGreaterThanOrEqual(2);
    }
  });
});
