import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha1 } from './sha1.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const text = (s: string) => new TextEncoder().encode(s);
const nodeSha1 = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('hex');

describe('sha1', () => {
  it('gives the FIPS 180 example digests', () => {
    expect(hex(sha1(text('')))).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
    expect(hex(sha1(text('abc')))).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(hex(sha1(text('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '84983e441c3bd26ebaae4aa1f95129e5e54670f1',
    );
    expect(hex(sha1(new Uint8Array(1_000_000).fill(0x61)))).toBe('34aa973cd4c4daa4f61eeb2bdbad27316534016f');
  });

  it('agrees with node:crypto on any bytes, whatever length the call before hashed', () => {
    // Lengths around the 64-byte blocks and their 55/56-byte padding edges matter most; up to 300 covers 5 blocks.
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 300 }), { minLength: 1, maxLength: 4 }), (messages) => {
        for (const m of messages) expect(hex(sha1(m))).toBe(nodeSha1(m));
      }),
      { numRuns: 500 },
    );
  });

  it('hashes only the first `length` bytes when given a length', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.nat(), (m, cut) => {
        const length = m.length === 0 ? 0 : cut % (m.length + 1);
        expect(hex(sha1(m, length))).toBe(nodeSha1(m.subarray(0, length)));
      }),
    );
  });
});
