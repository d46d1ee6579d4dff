import { describe, expect, it } from 'vitest';
import { PAGE_VOCABULARY, PAGE_WORDS, PRODUCT_NAME_MARKERS, STOP_WORDS } from './page-vocabulary.js';

describe('the page vocabulary', () => {
  const listed = Object.values(PAGE_WORDS).flat();

  it('lists each word under one class only', () => {
    const twice = listed.filter((w, i) => listed.indexOf(w) !== i);
    expect(twice).toEqual([]);
    expect(PAGE_VOCABULARY.size).toBe(listed.length);
  });

  it('writes phrases as the words that are read: lower case, no stop words, joined by "-"', () => {
    for (const w of listed) {
      expect(w).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      for (const part of w.split('-')) expect(STOP_WORDS.has(part), `${w} holds the stop word ${part}`).toBe(false);
    }
  });

  it('lists the product markers as product words', () => {
    for (const m of PRODUCT_NAME_MARKERS) expect(PAGE_VOCABULARY.get(m)).toBe('product');
  });
});
