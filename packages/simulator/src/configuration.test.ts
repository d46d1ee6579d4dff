// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { actionMs } from './actions';
import { createConfiguration, DEFAULT_CONFIGURATION, type SimulationConfiguration } from './configuration';
import { PERSONAS, type Persona } from './personas';
import { generatePlan, type VisitPlan } from './plan';
import { planStats } from './plan-stats';
import { deriveSeed } from './random';
import type { PageCategory, SiteId } from './site';
import { renderDocument } from './site-render';
import { getSite, PAGES, SITE_IDS } from './sites';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** A plan as the simulator drew it before configurations existed (without the fields they added). */
const legacy = ({ site, configuration, pace, ...plan }: VisitPlan) => plan;

describe('the default configuration', () => {
  // Hashes taken before sites and configurations were introduced (commit b4799cd).
  it('draws the plans drawn before configurations existed', () => {
    const plans = PERSONAS.flatMap((p) => Array.from({ length: 30 }, (_, i) => generatePlan(p, deriveSeed(2024, i))));
    expect(sha256(JSON.stringify(plans.map(legacy)))).toBe(
      'e7c0032fbda7851be9b707c6bbd21ec96ef4a1826c0d01d2d8b09a65f132118a',
    );
    expect(plans.every((p) => p.site === 'trail-shop' && p.pace === 1)).toBe(true);
    expect(generatePlan('Optimizer', 99, DEFAULT_CONFIGURATION)).toEqual(generatePlan('Optimizer', 99));
  });

  it('serves the trail shop as before', () => {
    expect(sha256([...PAGES.values()].map((p) => renderDocument(p)).join('\n'))).toBe(
      '171f87b59d9214fd80cdcb6605dc66bc724e235b422e0192d2ac52b7c330ad74',
    );
  });
});

const planned = (persona: Persona, changes: Partial<SimulationConfiguration>, n = 150) => {
  const c = createConfiguration(changes);
  return Array.from({ length: n }, (_, i) => generatePlan(persona, deriveSeed(31, i), c));
};
/** Time on each page of the plans, ms. */
const pageTimes = (plans: VisitPlan[]) =>
  plans.flatMap((p) => p.pages.map((page) => page.actions.reduce((t, a) => t + actionMs(a), 0)));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('configurations', () => {
  it('check their knobs and name the one out of range', () => {
    expect(() => createConfiguration({ pace: 3 })).toThrow(/configuration\.pace must be a number from 0\.5 to 1\.6/);
    expect(() => createConfiguration({ site: 'bank' as SiteId })).toThrow(/configuration\.site/);
    expect(createConfiguration({ site: 'saas', pace: 0.5 }).id).toBe('saas-pace0.5-scroll1-pointer1-touch0.45-noise0');
  });

  it('scale time on pages with the pace, and keep the personas in order at any pace', () => {
    for (const site of ['saas', 'courses'] as const) {
      const brisk = median(pageTimes(planned('Proof-Driven', { site, pace: 0.5 })));
      const slow = median(pageTimes(planned('Proof-Driven', { site, pace: 1.6 })));
      expect(slow / brisk).toBeGreaterThan(2.5);
      expect(slow / brisk).toBeLessThan(3.9);
      for (const pace of [0.5, 1.6]) {
        const fast = median(pageTimes(planned('Fast-Mover', { site, pace })));
        expect(median(pageTimes(planned('Proof-Driven', { site, pace })))).toBeGreaterThan(fast * 2);
      }
    }
    // Absolute times overlap: a slow Fast-Mover reads about as long as a brisk Proof-Driven visitor.
    const slowFast = median(pageTimes(planned('Fast-Mover', { site: 'saas', pace: 1.6 })));
    const briskProof = median(pageTimes(planned('Proof-Driven', { site: 'saas', pace: 0.5 })));
    expect(slowFast / briskProof).toBeGreaterThan(0.5);
  });

  it('give each visitor a pace of their own around the configuration’s', () => {
    const paces = planned('Skeptic', { site: 'home-goods', pace: 1.2, timingNoise: 0.3 }, 300).map((p) => p.pace);
    expect(median(paces)).toBeGreaterThan(1.05);
    expect(median(paces)).toBeLessThan(1.35);
    expect(Math.min(...paces)).toBeLessThan(0.8);
    expect(Math.max(...paces)).toBeGreaterThan(1.8);
  });

  it('scale scroll speeds and pointer moves', () => {
    const speed = (s: Partial<SimulationConfiguration>) =>
      median(planned('Optimizer', { site: 'saas', touchShare: 0, ...s }).map((p) => planStats(p).scrollSpeed));
    expect(speed({ scrollSpeed: 1.8 }) / speed({ scrollSpeed: 0.6 })).toBeGreaterThan(2);
    const movesPerSecond = (pointerRate: number) => {
      const reads = planned('Skeptic', { site: 'courses', touchShare: 0, pointerRate })
        .flatMap((p) => p.pages.flatMap((page) => page.actions))
        .filter((a) => a.kind === 'read');
      return reads.reduce((n, a) => n + a.moves, 0) / (reads.reduce((t, a) => t + a.ms, 0) / 1000);
    };
    expect(movesPerSecond(2.5) / movesPerSecond(0.4)).toBeGreaterThan(4);
  });

  it('put no visitor on a touch device at touch share 0 and every visitor at 1', () => {
    const devices = (touchShare: number) =>
      new Set(PERSONAS.flatMap((p) => planned(p, { site: 'courses', touchShare }, 30).map((x) => x.env.device)));
    expect([...devices(0)]).toEqual(['desktop']);
    expect([...devices(1)].sort()).toEqual(['mobile', 'tablet']);
  });

  it('spread durations with timing noise', () => {
    const spread = (timingNoise: number) => {
      const ms = planned('Reassurer', { site: 'saas', timingNoise }, 100)
        .flatMap((p) => p.pages.flatMap((page) => page.actions))
        .filter((a) => a.kind === 'hover')
        .map((a) => Math.log(a.ms));
      const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
      return Math.sqrt(ms.reduce((a, b) => a + (b - mean) ** 2, 0) / ms.length);
    };
    expect(spread(0.5)).toBeGreaterThan(spread(0) + 0.1);
  });

  it('keep each persona’s signature pages on every site', () => {
    const signature: Record<Persona, PageCategory[]> = {
      'Fast-Mover': ['pricing', 'product', 'cart', 'checkout'],
      'Proof-Driven': ['proof'],
      Reassurer: ['reassurance'],
      Skeptic: ['terms'],
      Optimizer: ['compare', 'pricing'],
      'Authority-Seeker': ['authority', 'blog'],
      'Experience-First': ['experience'],
    };
    for (const site of SITE_IDS) {
      const share = (persona: Persona, cats: PageCategory[]) => {
        const pages = planned(persona, { site }, 100).flatMap((p) => p.pages.map((x) => getSite(site).getPage(x.path)));
        return pages.filter((x) => cats.includes(x.category)).length / pages.length;
      };
      for (const p of PERSONAS) {
        const others = PERSONAS.filter((o) => o !== p).map((o) => share(o, signature[p]));
        expect(share(p, signature[p]), `${site} ${p}`).toBeGreaterThan(Math.max(...others));
      }
    }
  });

  it('draw plans on the configuration’s site only', () => {
    for (const site of SITE_IDS) {
      const { getPage } = getSite(site);
      for (const plan of PERSONAS.flatMap((p) => planned(p, { site }, 10))) {
        expect(plan.site).toBe(site);
        for (const page of plan.pages) expect(() => getPage(page.path)).not.toThrow();
      }
    }
  });
});
