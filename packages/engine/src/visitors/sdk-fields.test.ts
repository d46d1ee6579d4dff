import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clickedDuring, completeSdkData, pathOfUrl, scrollVelocity } from './sdk-fields.js';

describe('pathOfUrl', () => {
  it('gives what location.pathname gives for the url the SDK sent', () => {
    expect(pathOfUrl('https://shop.example/pricing?plan=pro#faq')).toBe('/pricing');
    expect(pathOfUrl('https://shop.example')).toBe('/');
    expect(pathOfUrl('https://shop.example?utm_source=x')).toBe('/');
    expect(pathOfUrl('http://localhost:3000/a/b/')).toBe('/a/b/');
    // The SDK masks the url before sending: the masked path is the path it used to send.
    expect(pathOfUrl('https://shop.example/u/[email]/orders/[num]?email=')).toBe('/u/[email]/orders/[num]');
  });

  it('agrees with the URL parser on any url a browser would report', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (raw) => {
        const url = new URL(raw);
        expect(pathOfUrl(url.href)).toBe(url.pathname);
      }),
    );
  });
});

describe('scrollVelocity', () => {
  it('divides the distance by the time spent scrolling, in px/s', () => {
    expect(scrollVelocity(1800, 3000)).toBe(600);
    expect(scrollVelocity(100, 250)).toBe(400);
    expect(scrollVelocity(2500, 1200)).toBe(2083);
  });

  it('is null for a report that timed no scrolling or holds no numbers', () => {
    expect(scrollVelocity(0, 0)).toBeNull();
    expect(scrollVelocity(100, 0)).toBeNull();
    expect(scrollVelocity('100', 250)).toBeNull();
    expect(scrollVelocity(undefined, undefined)).toBeNull();
  });
});

describe('completeSdkData', () => {
  const url = 'https://shop.example/pricing?plan=pro';

  it("gives a page view without a path its url's", () => {
    expect(completeSdkData('page_view', { ref: '' }, url)).toEqual({ ref: '', path: '/pricing' });
    expect(completeSdkData('page_view', undefined, url)).toEqual({ path: '/pricing' });
  });

  it('turns a scroll report of distance and time into the velocity older SDKs sent', () => {
    expect(completeSdkData('scroll', { depth: 40, dist: 1800, dur: 3000, dir_changes: 1 }, url)).toEqual({
      depth: 40,
      velocity: 600,
      dir_changes: 1,
    });
    // The first report of a scroll that had only just begun: depth and reversals, no velocity.
    expect(completeSdkData('scroll', { depth: 40, dist: 0, dur: 0, dir_changes: 0 }, url)).toEqual({
      depth: 40,
      dir_changes: 0,
    });
  });

  it("leaves older SDKs' events, and every other type, as they are", () => {
    const view = { path: '/p', ref: '' };
    const scroll = { depth: 40, velocity: 900, dir_changes: 0 };
    const hover = { dur: 500 };
    expect(completeSdkData('page_view', view, url)).toBe(view);
    expect(completeSdkData('scroll', scroll, url)).toBe(scroll);
    expect(completeSdkData('cta_hover', hover, url)).toBe(hover);
    expect(completeSdkData('page_view', undefined, undefined)).toBeUndefined();
  });
});

describe('clickedDuring', () => {
  it('is true for a click between the start and the end of the hover', () => {
    expect(clickedDuring(10_500, 11_000, 800)).toBe(true);
    expect(clickedDuring(10_200, 11_000, 800)).toBe(true);
    expect(clickedDuring(11_000, 11_000, 800)).toBe(true);
  });

  it('is false for a click before the hover, after it, or none', () => {
    expect(clickedDuring(10_199, 11_000, 800)).toBe(false);
    expect(clickedDuring(11_001, 11_000, 800)).toBe(false);
    expect(clickedDuring(undefined, 11_000, 800)).toBe(false);
  });
});
