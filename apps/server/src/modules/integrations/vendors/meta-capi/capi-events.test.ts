import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildServerEvent, eventNameFor, fbcOf, normaliseEmail, normalisePhone } from './capi-events.js';
import { fbcFor } from './capi-facts.js';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

describe('Conversions API events', () => {
  it('maps the usual conversion names to Meta standard events, and keeps others as custom events', () => {
    expect(eventNameFor('purchase', 139, 'USD')).toEqual({ eventName: 'Purchase' });
    expect(eventNameFor('Sign-Up', null, null)).toEqual({ eventName: 'CompleteRegistration' });
    expect(eventNameFor('demo request', null, null)).toEqual({ eventName: 'Lead' });
    expect(eventNameFor('newsletter!', null, null)).toEqual({ eventName: 'newsletter' });
    expect(eventNameFor(undefined, 20, 'EUR')).toEqual({ eventName: 'Purchase' });
    expect(eventNameFor(undefined, null, null)).toEqual({ eventName: 'Conversion' });
  });

  it('never sends a Purchase Meta would refuse: no value or no currency is a skip with the reason', () => {
    expect(eventNameFor('purchase', null, 'USD')).toEqual({ skip: expect.stringContaining('value and currency') });
    expect(eventNameFor('order', 10, null)).toHaveProperty('skip');
  });

  it('normalises e-mail and phone as Meta asks, and refuses a phone without its country code rather than guess', () => {
    expect(normaliseEmail('  Buyer@Example.COM ')).toBe('buyer@example.com');
    expect(normaliseEmail('not an address')).toBeNull();
    expect(normalisePhone('+44 (20) 7946-0958')).toBe('442079460958');
    expect(normalisePhone('0044 20 7946 0958')).toBe('442079460958');
    expect(normalisePhone('020 7946 0958')).toBeNull();
    expect(normalisePhone('+1 23')).toBeNull();
  });

  it('builds fbc from the click id exactly as captured, with the first capture in milliseconds', () => {
    expect(fbcOf('IwAR2F4-dbP0l7Mn1', 1_730_000_000_123)).toBe('fb.1.1730000000123.IwAR2F4-dbP0l7Mn1');
    const day = 86_400_000;
    const clicks = [
      { fbclid: 'Old', firstAt: 1_000 * day, lastAt: 1_002 * day },
      { fbclid: 'New', firstAt: 1_010 * day, lastAt: 1_011 * day },
    ];
    // The newest click before the event wins; a click after it, or over 90 days old, does not count.
    expect(fbcFor(clicks, 1_012 * day)).toBe(`fb.1.${1_010 * day}.New`);
    expect(fbcFor(clicks, 1_005 * day)).toBe(`fb.1.${1_000 * day}.Old`);
    expect(fbcFor(clicks, 1_200 * day)).toBeNull();
    expect(fbcFor(undefined, 1_005 * day)).toBeNull();
  });

  it('hashes e-mail and phone (lower-case hex SHA-256), leaves address, agent and fbc clear, and names the keys', () => {
    const { event, matchKeys } = buildServerEvent({
      eventId: 'e1',
      eventName: 'Purchase',
      eventTime: new Date(1_730_000_000_999),
      eventSourceUrl: 'https://shop.example/thanks',
      clientIp: '203.0.113.9',
      clientUserAgent: 'Mozilla/5.0',
      fbc: 'fb.1.1.abc',
      email: 'buyer@example.com',
      phone: '442079460958',
      value: 139.004,
      currency: 'USD',
    });
    expect(event).toEqual({
      event_name: 'Purchase',
      event_time: 1_730_000_000,
      event_id: 'e1',
      action_source: 'website',
      event_source_url: 'https://shop.example/thanks',
      user_data: {
        client_user_agent: 'Mozilla/5.0',
        client_ip_address: '203.0.113.9',
        fbc: 'fb.1.1.abc',
        em: [sha('buyer@example.com')],
        ph: [sha('442079460958')],
      },
      custom_data: { value: 139, currency: 'USD' },
    });
    expect(event.user_data.em![0]).toMatch(/^[0-9a-f]{64}$/);
    expect(matchKeys).toEqual(['client_user_agent', 'client_ip_address', 'fbc', 'em', 'ph']);
  });
});
