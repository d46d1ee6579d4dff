import { describe, expect, it } from 'vitest';
import { classifyTrafficSource } from './traffic-source.js';

describe('classifyTrafficSource', () => {
  it.each([
    [{ gclid: 'abc' }, 'paid_search'],
    [{ fbclid: 'x', utmMedium: 'cpc', utmSource: 'facebook' }, 'paid_social'],
    [{ utmMedium: 'paid_social', utmSource: 'tiktok' }, 'paid_social'],
    [{ utmMedium: 'cpc', utmSource: 'bing' }, 'paid_search'],
    [{ utmMedium: 'email', utmSource: 'newsletter' }, 'email'],
    [{ referrer: 'https://www.google.com/search?q=shoes' }, 'organic_search'],
    [{ referrer: 'https://duckduckgo.com/' }, 'organic_search'],
    [{ referrer: 'https://t.co/xyz' }, 'social'],
    [{ referrer: 'https://l.facebook.com/l.php', fbclid: 'x' }, 'social'],
    [{ referrer: 'https://blog.example.org/review' }, 'referral'],
    [{ referrer: 'https://shop.example/cart', siteOrigin: 'https://shop.example' }, 'direct'],
    [{}, 'direct'],
    [{ referrer: 'not a url' }, 'direct'],
  ])('%j is %s', (input, expected) => {
    expect(classifyTrafficSource(input)).toBe(expected);
  });
});
