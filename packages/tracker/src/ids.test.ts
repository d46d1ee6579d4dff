// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uuid, visitorId } from './ids';
// Blob URLs as a browser makes them (jsdom has none).
import './test-kit';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('ids', () => {
  it('makes distinct v4 UUIDs from blob URLs (crypto.randomUUID is missing on plain-http pages)', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => uuid()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(UUID_V4);
  });

  it('takes the UUID from the end of a blob URL and revokes the URL at once', () => {
    const created = vi.spyOn(URL, 'createObjectURL');
    const revoked = vi.spyOn(URL, 'revokeObjectURL');
    const id = uuid();
    const url = created.mock.results[0]!.value as string;
    expect(url).toBe(`blob:${location.origin}/${id}`);
    expect(revoked).toHaveBeenCalledWith(url);
  });

  it('keeps the visitor id in localStorage ri_vid', () => {
    const v = visitorId();
    expect(localStorage.getItem('ri_vid')).toBe(v);
    expect(visitorId()).toBe(v);
  });

  it('keeps ids stable for the page when storage throws', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(visitorId()).toBe(visitorId());
  });
});
