import { describe, expect, it } from 'vitest';
import { type AttributionWorldConfig, countWorldConversions, simulateAttributionWorld } from './attribution-world.js';
import { ATTRIBUTION_WORLDS } from './attribution-worlds.js';
import { TRAIL_SHOP } from './sites/trail-shop.js';

const small = (config: AttributionWorldConfig, visitors = 3000): AttributionWorldConfig => ({ ...config, visitors });

describe('simulateAttributionWorld', () => {
  const world = simulateAttributionWorld(small(ATTRIBUTION_WORLDS[0]!));

  it('gives the same world for the same seed and another for another seed', () => {
    expect(simulateAttributionWorld(small(ATTRIBUTION_WORLDS[0]!))).toEqual(world);
    const other = simulateAttributionWorld({ ...small(ATTRIBUTION_WORLDS[0]!), seed: 7 });
    expect(other.paths).not.toEqual(world.paths);
  });

  it('gives the channel with no effect (direct) no true contribution although it touches many converters', () => {
    for (const config of ATTRIBUTION_WORLDS) {
      const { truth, conversions } = simulateAttributionWorld(small(config));
      const direct = truth.find((t) => t.channel === 'direct')!;
      expect(direct.effect).toBe(0);
      expect(Math.abs(direct.contribution)).toBeLessThanOrEqual(0.005 * conversions);
      // It is on more converting paths than any channel that works: the trap of last click.
      const working = truth.filter((t) => t.effect > 0);
      expect(direct.convertersTouched).toBeGreaterThan(Math.max(...working.map((t) => t.convertersTouched)) * 0.9);
    }
  });

  it('measures each contribution as re-simulating the world without the channel would', () => {
    const config = small(ATTRIBUTION_WORLDS[2]!, 1500);
    const measured = simulateAttributionWorld(config);
    expect(countWorldConversions(config)).toBe(measured.conversions);
    for (const t of measured.truth) {
      expect(measured.conversions - countWorldConversions(config, t.channel), t.channel).toBe(t.contribution);
    }
  });

  it('gives a working channel a positive contribution, and a channel with a larger effect per visit more per visit', () => {
    const byKey = new Map(world.truth.map((t) => [t.channel, t]));
    for (const t of world.truth) if (t.effect > 0) expect(t.contribution, t.channel).toBeGreaterThan(0);
    // The coach-trial search (0.12 a visit) against the spring sale (0.003 a visit, ten times the visits).
    const coach = byKey.get('google-cpc:trail-coach-trial')!;
    const sale = byKey.get('facebook-paid:spring-sale')!;
    expect(coach.contribution / coach.visits).toBeGreaterThan(sale.contribution / sale.visits);
  });

  it('observes only touches before the conversion, in time order, on paths with at least one touch', () => {
    for (const path of world.paths) {
      expect(path.touches.length).toBeGreaterThan(0);
      for (let i = 1; i < path.touches.length; i++)
        expect(path.touches[i]!.at).toBeGreaterThanOrEqual(path.touches[i - 1]!.at);
      if (path.converted) {
        expect(path.touches.at(-1)!.at).toBeLessThanOrEqual(path.convertedAt!);
        expect(path.value).toBeGreaterThan(0);
      }
    }
    const converted = world.paths.filter((p) => p.converted).length;
    expect(converted + world.unattributableConversions).toBe(world.conversions);
  });

  it('names its paid channels after the trail shop’s campaigns (which the Meta and Google sandboxes carry)', () => {
    for (const config of ATTRIBUTION_WORLDS) {
      for (const channel of config.channels) {
        const [source, campaign] = channel.key.split(':');
        expect(source).toBe(channel.source);
        if (campaign !== undefined) expect(TRAIL_SHOP.landing[channel.source].campaigns).toContain(campaign);
      }
    }
  });
});

describe('countWorldConversions', () => {
  it('refuses a channel the world does not have', () => {
    expect(() => countWorldConversions(small(ATTRIBUTION_WORLDS[0]!, 10), 'tiktok')).toThrow(/no channel tiktok/);
  });
});
