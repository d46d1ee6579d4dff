import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatJson } from './json-format.js';

describe('formatJson', () => {
  it('keeps short values on one line and breaks long ones item by item', () => {
    const long = Array.from({ length: 12 }, (_, i) => [i, 12.345, i + 1]);
    expect(formatJson({ a: [1, 2], b: { c: 'x' }, long })).toBe(
      [
        '{',
        '  "a": [1, 2],',
        '  "b": { "c": "x" },',
        '  "long": [',
        ...long.map((n, i) => `    [${n.join(', ')}]${i < 11 ? ',' : ''}`),
        '  ]',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('parses back to the same data', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(formatJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});
