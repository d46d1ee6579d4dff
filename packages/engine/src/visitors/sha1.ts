// SHA-1 (FIPS 180-4) in plain TypeScript, so the engine runs in browsers and workers as well as on Node: it
// only feeds uuidFrom's name-based ids, where it must match the digest node:crypto gave for the ids
// already stored. Not for anything secret: SHA-1 is broken for collision resistance.

// Scratch space reused by every call: allocating typed arrays cost more than hashing a short name. The
// engine is synchronous and sha1 calls nothing, so no two calls share it at once.
/** The 80-word message schedule. */
const schedule = new Int32Array(80);
/** The padded message as big-endian words; grown when a longer message comes. */
let padded = new Int32Array(64);

/** The SHA-1 digest (20 bytes) of the first `length` bytes of `message` (all of it by default). */
export function sha1(message: Uint8Array, length = message.length): Uint8Array {
  // The message, a 1 bit, zeros, and its length in bits as 64 bits, in 64-byte blocks of big-endian words.
  const size = (((length + 8) >>> 6) + 1) * 16;
  if (padded.length < size) padded = new Int32Array(size * 2);
  const words = padded;
  words.fill(0, 0, size);
  const whole = length & ~3;
  for (let i = 0; i < whole; i += 4) {
    words[i >>> 2] = (message[i]! << 24) | (message[i + 1]! << 16) | (message[i + 2]! << 8) | message[i + 3]!;
  }
  for (let i = whole; i < length; i++) words[i >>> 2]! |= message[i]! << (24 - (i & 3) * 8);
  words[length >>> 2]! |= 0x80 << (24 - (length & 3) * 8);
  words[size - 2] = Math.floor(length / 0x20000000);
  words[size - 1] = length << 3;

  let h0 = 0x67452301;
  let h1 = 0xefcdab89 | 0;
  let h2 = 0x98badcfe | 0;
  let h3 = 0x10325476;
  let h4 = 0xc3d2e1f0 | 0;
  const w = schedule;
  for (let offset = 0; offset < size; offset += 16) {
    for (let t = 0; t < 16; t++) w[t] = words[offset + t]!;
    for (let t = 16; t < 80; t++) {
      const x = w[t - 3]! ^ w[t - 8]! ^ w[t - 14]! ^ w[t - 16]!;
      w[t] = (x << 1) | (x >>> 31);
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    // Four rounds of 20 steps, each with its own function of b, c, d and its own constant; one loop per
    // round rather than a test per step is what makes this competitive with node:crypto on short names.
    let t = 0;
    for (; t < 20; t++) {
      const next = (((a << 5) | (a >>> 27)) + ((b & c) | (~b & d)) + e + w[t]! + 0x5a827999) | 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = next;
    }
    for (; t < 40; t++) {
      const next = (((a << 5) | (a >>> 27)) + (b ^ c ^ d) + e + w[t]! + 0x6ed9eba1) | 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = next;
    }
    for (; t < 60; t++) {
      const next = (((a << 5) | (a >>> 27)) + ((b & c) | (b & d) | (c & d)) + e + w[t]! + 0x8f1bbcdc) | 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = next;
    }
    for (; t < 80; t++) {
      const next = (((a << 5) | (a >>> 27)) + (b ^ c ^ d) + e + w[t]! + 0xca62c1d6) | 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = next;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
  }

  const digest = new Uint8Array(20);
  const h = [h0, h1, h2, h3, h4];
  for (let i = 0; i < 20; i++) digest[i] = h[i >>> 2]! >>> (24 - (i & 3) * 8);
  return digest;
}
