import { describe, expect, it } from 'vitest';
import { createVisitorCache, visitorKey } from './visitor-cache.js';

describe('visitor cache', () => {
  it('keys visitors by business and lower-cased visitor id', () => {
    expect(visitorKey('b1', 'ABCDEF')).toBe('b1|abcdef');
    expect(visitorKey('b1', 'abc')).not.toBe(visitorKey('b2', 'abc'));
  });

  it('drops the least recently used visitor first once full', () => {
    const cache = createVisitorCache(2);
    cache.set('a', { state: null, version: 1 });
    cache.set('b', { state: null, version: 1 });
    expect(cache.get('a')?.version).toBe(1); // a is now the most recently used
    cache.set('c', { state: null, version: 1 });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('replaces an entry in place and forgets one on delete', () => {
    const cache = createVisitorCache(2);
    cache.set('a', { state: null, version: 1 });
    cache.set('a', { state: { v: 1 }, version: 2 });
    expect(cache.size).toBe(1);
    expect(cache.get('a')).toEqual({ state: { v: 1 }, version: 2 });
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
  });
});
