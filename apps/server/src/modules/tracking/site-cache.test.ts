import { describe, expect, it } from 'vitest';
import { createSiteCache, SITE_TTL_MS } from './site-cache.js';
import type { SiteRow } from './sites.repo.js';

const site = { trackingId: 'trk_1', businessId: 'b' } as SiteRow;
const outage = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('the tracking-id cache', () => {
  it('keeps serving a known id while the database is away, and only a known one', async () => {
    let clock = 0;
    let down = false;
    let lookups = 0;
    const cache = createSiteCache(
      async (id) => {
        lookups++;
        if (down) throw outage;
        return id === 'trk_1' ? site : undefined;
      },
      () => clock,
    );
    expect(await cache.get('trk_1')).toBe(site);
    expect(await cache.get('trk_1')).toBe(site);
    expect(lookups).toBe(1);
    down = true;
    clock += SITE_TTL_MS + 1;
    expect(await cache.get('trk_1')).toBe(site);
    await expect(cache.get('trk_never_seen')).rejects.toThrow('ECONNREFUSED');
    down = false;
    clock += 1;
    expect(await cache.get('trk_1')).toBe(site);
  });

  it('lets other failures through', async () => {
    let fail = false;
    let clock = 0;
    const cache = createSiteCache(
      async () => {
        if (fail) throw new Error('syntax error at or near');
        return site;
      },
      () => clock,
    );
    await cache.get('trk_1');
    fail = true;
    clock += SITE_TTL_MS + 1;
    await expect(cache.get('trk_1')).rejects.toThrow('syntax error');
  });
});
