import { vi } from 'vitest';

export type MockRequest = { method: string; path: string; url: URL; headers: Headers; body: unknown };
export type Reply = Response | ((request: MockRequest) => Response | Promise<Response>);

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function apiError(status: number, code: string, message: string, extra: object = {}): Response {
  return json(status, { error: { code, message, ...extra } });
}

/**
 * Replaces fetch with a table of answers keyed by 'METHOD /path' (path without /api/v1 and query).
 * Unlisted calls answer 404 in the contract's error shape. Returns the mock to inspect calls.
 */
export function mockApi(routes: Record<string, Reply>) {
  const requests: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { method, path, url, headers: new Headers(init.headers), body };
    requests.push(request);
    const reply = routes[`${method} ${path}`];
    if (!reply) return apiError(404, 'not_found', `No mock for ${method} ${path}`);
    return typeof reply === 'function' ? reply(request) : reply.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}
