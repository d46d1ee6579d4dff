import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { decideAccess, isBusinessAccess, pathOf, write } from '../endpoint.js';
import { ALL_ENDPOINTS } from './index.js';

describe('endpoint declarations', () => {
  it('declare each method and path once', () => {
    const routes = ALL_ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('declare a params schema with every :param of their path, and nothing else', () => {
    for (const e of ALL_ENDPOINTS) {
      const inPath = [...e.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]).sort();
      const declared = e.params ? Object.keys((e.params as z.ZodObject).shape).sort() : [];
      expect(declared, e.name).toEqual(inPath);
    }
  });

  it('name a business only through read or write access', () => {
    for (const e of ALL_ENDPOINTS.filter((x) => x.path.includes(':businessId'))) {
      expect(isBusinessAccess(e.access), e.name).toBe(true);
    }
  });

  it('take no body on GET', () => {
    for (const e of ALL_ENDPOINTS.filter((x) => x.method === 'GET')) expect(e.body, e.name).toBeUndefined();
  });
});

describe('decideAccess', () => {
  it('lets anyone who may open a business read it, and refuses writes on a read-only one or for other roles', () => {
    const owner = { role: 'owner', readOnly: false } as const;
    const member = { role: 'member', readOnly: false } as const;
    const demo = { role: 'viewer', readOnly: true } as const;
    expect(decideAccess({ kind: 'read' }, demo)).toEqual({ allowed: true });
    expect(decideAccess(write(), member)).toEqual({ allowed: true });
    expect(decideAccess(write(), demo)).toEqual({ allowed: false, denial: 'read_only' });
    expect(decideAccess(write('owner', 'admin'), member)).toEqual({
      allowed: false,
      denial: 'role',
      roles: ['owner', 'admin'],
    });
    expect(decideAccess(write('owner', 'admin'), owner)).toEqual({ allowed: true });
  });
});

describe('pathOf', () => {
  it('fills and encodes params, and names a missing one', () => {
    expect(pathOf({ path: '/tracking/sessions/:sessionId/journey' }, { sessionId: 'a/b c' })).toBe(
      '/tracking/sessions/a%2Fb%20c/journey',
    );
    expect(() => pathOf({ path: '/businesses/:businessId' }, {})).toThrow('missing path param businessId');
  });
});
