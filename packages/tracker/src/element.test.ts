// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { describe as describeElement } from './element';

const el = (html: string) => {
  document.body.innerHTML = html;
  return document.body.firstElementChild!;
};

describe('element descriptor', () => {
  it('is tag#id plus at most two classes', () => {
    expect(describeElement(el('<button id="buy" class="btn cta big">x</button>'))).toBe('button#buy.btn.cta');
    expect(describeElement(el('<div class="card">x</div>'))).toBe('div.card');
  });

  it('prefers the owner-given data-ri name', () => {
    expect(describeElement(el('<a id="x" data-ri="pricing-link">x</a>'))).toBe('[data-ri=pricing-link]');
  });

  it('names an element marked data-ri-track="…" by that name; data-ri wins; an empty mark names nothing', () => {
    expect(describeElement(el('<section data-ri-track="guarantee">x</section>'))).toBe('[data-ri=guarantee]');
    expect(describeElement(el('<section id="g" class="box" data-ri-track="guarantee">x</section>'))).toBe(
      '[data-ri=guarantee]',
    );
    expect(describeElement(el('<section data-ri="plans" data-ri-track="pricing">x</section>'))).toBe('[data-ri=plans]');
    expect(describeElement(el('<section id="faq" data-ri-track>x</section>'))).toBe('section#faq');
  });

  it('reads attributes, so a field named "id" cannot shadow a form id', () => {
    expect(describeElement(el('<form id="signup"><input name="id"></form>'))).toBe('form#signup');
  });

  it('masks and caps at 120 characters', () => {
    expect(describeElement(el('<div id="order-1234567">x</div>'))).toBe('div#order-[num]');
    // Dots are valid in an address, so the mask may swallow the whole descriptor: the safe side.
    expect(describeElement(el('<div class="for jane@example.com">x</div>'))).not.toMatch(/jane|example/);
    expect(describeElement(el(`<div class="${'a'.repeat(300)}">x</div>`))).toHaveLength(120);
  });
});
