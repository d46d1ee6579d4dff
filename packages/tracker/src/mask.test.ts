import { describe, expect, it } from 'vitest';
import { configure } from './config';
import { cleanUrl, mask } from './mask';

describe('mask', () => {
  it('masks e-mail addresses, plain or percent-encoded', () => {
    expect(mask('write to jane.doe+news@mail.example.co.uk today')).toBe('write to [email] today');
    expect(mask('/confirm?to=jane%40example.com')).toBe('/confirm?to=[email]');
  });

  it('masks runs of 6 or more digits and leaves shorter ones', () => {
    expect(mask('order 1234567 on 2024-05-01, card 4111 1111, code 123456')).toBe(
      'order [num] on 2024-05-01, card 4111 1111, code [num]',
    );
  });
});

describe('cleanUrl', () => {
  const url =
    'https://shop.example/thanks?order=99887766&email=a@b.io&q=red+shoes&utm_source=ads&fbclid=F1&gclid=G1#top';

  const mode = (m: 'standard' | 'full') => configure({ trackingId: 't', endpoint: '/e', mode: m });

  it('masks but keeps query values in standard mode', () => {
    mode('standard');
    expect(cleanUrl(url)).toBe(
      'https://shop.example/thanks?order=[num]&email=[email]&q=red+shoes&utm_source=ads&fbclid=F1&gclid=G1#top',
    );
  });

  it('blanks every query value but campaign ids in full mode', () => {
    mode('full');
    expect(cleanUrl(url)).toBe('https://shop.example/thanks?order=&email=&q=&utm_source=ads&fbclid=F1&gclid=G1#top');
    expect(cleanUrl('/p?utm_campaign=x&utmost=1&xgclid=2')).toBe('/p?utm_campaign=x&utmost=&xgclid=');
    // Only exact campaign names keep their values (the five utm_* ones, fbclid and gclid).
    expect(cleanUrl('/p?utm_source=a=b&utm_sourcex=1&gclid&utm_term=t#x?fbclid=f&k=v')).toBe(
      '/p?utm_source=a=b&utm_sourcex=&gclid&utm_term=t#x?fbclid=f&k=',
    );
    for (const k of ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'fbclid', 'gclid'])
      expect(cleanUrl(`/p?${k}=v&${k}_=v`)).toBe(`/p?${k}=v&${k}_=`);
  });

  it('caps urls at 2048 characters', () => {
    mode('standard');
    expect(cleanUrl(`https://a.example/${'x'.repeat(5000)}`)).toHaveLength(2048);
  });
});
