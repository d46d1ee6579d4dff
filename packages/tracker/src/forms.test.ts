// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootKit, mouse, resetKit, setHidden } from './test-kit';

const SECRET = 'hunter2-SECRET@example.com';
// Masking would hide an e-mail even if it were read: this one proves values are never read at all.
const PLAIN_SECRET = 'hunter2 plain words';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
  document.body.innerHTML = `
    <form id="signup">
      <input name="email" type="email">
      <input id="pw" type="password">
      <textarea name="notes"></textarea>
      <div contenteditable="true" class="editor"></div>
      <button type="submit">Create account</button>
    </form>
    <form name="newsletter"><input name="addr"></form>`;
});
afterEach(resetKit);

const $ = <T extends Element>(s: string) => document.querySelector<T>(s)!;

// Types the way a browser reports it: key events per character, input events, the value set, change.
const type = (el: HTMLElement, text: string) => {
  el.focus();
  for (const ch of text) {
    el.dispatchEvent(new KeyboardEvent('keydown', { key: ch, bubbles: true }));
    if ('value' in el) (el as HTMLInputElement).value += ch;
    else el.textContent += ch;
    el.dispatchEvent(new InputEvent('input', { data: ch, bubbles: true }));
    el.dispatchEvent(new KeyboardEvent('keyup', { key: ch, bubbles: true }));
  }
  el.dispatchEvent(new Event('change', { bubbles: true }));
  vi.advanceTimersByTime(1200);
  el.blur();
};

describe('form tracking', () => {
  it('sends focus, blur (no time focused: the server derives it) and submit, naming fields and forms', async () => {
    const kit = await bootKit();
    type($('[name=email]'), 'jane');
    $<HTMLFormElement>('#signup').dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    kit.ri('flush');
    const forms = (await kit.events()).filter((e) => e.type === 'form_interaction').map((e) => e.data);
    expect(forms).toStrictEqual([
      { action: 'focus', form: 'signup', field: 'email' },
      { action: 'blur', form: 'signup', field: 'email' },
      { action: 'submit', form: 'signup' },
    ]);
    // Not even an empty `u` on the wire.
    const raw = (await kit.sent()).flatMap((s) => s.raw.e).filter((e) => e[1] === 5);
    expect(raw.map((e) => e[6])).toStrictEqual([
      { a: 'focus', o: 'signup', f: 'email' },
      { a: 'blur', o: 'signup', f: 'email' },
      { a: 'submit', o: 'signup' },
    ]);
  });

  it('sends abandon for a touched form that was not submitted when the page is left', async () => {
    const kit = await bootKit();
    type($('[name=addr]'), 'x');
    type($('#pw'), 'y');
    $<HTMLFormElement>('#signup').dispatchEvent(new Event('submit', { bubbles: true }));
    window.dispatchEvent(new Event('pagehide'));
    const abandons = (await kit.events()).filter((e) => e.data?.action === 'abandon');
    expect(abandons.map((e) => e.data)).toEqual([{ action: 'abandon', form: 'newsletter', field: 'addr' }]);
  });

  it('never sends a typed value, from inputs, passwords, textareas or editable text, by any route', async () => {
    const kit = await bootKit({ mode: 'full', ctaSelectors: ['.editor', 'form'] });
    type($('[name=email]'), SECRET);
    type($('#pw'), SECRET);
    type($('[name=notes]'), PLAIN_SECRET);
    type($('.editor'), PLAIN_SECRET);
    mouse($('[name=notes]'), 'click');
    mouse($('.editor'), 'click');
    mouse($('#pw'), 'mouseenter');
    mouse($('#pw'), 'mouseleave');
    setHidden(true);
    setHidden(false);
    $<HTMLFormElement>('#signup').dispatchEvent(new Event('submit', { bubbles: true }));
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(10_000);
    const sent = await kit.sent();
    expect(sent.flatMap((s) => s.batch.events).some((e) => e.type === 'form_interaction')).toBe(true);
    // The raw bodies (wire v2) and what the server expands them to.
    const bodies = sent.map((s) => `${s.body}\n${JSON.stringify(s.batch)}`).join('\n');
    expect(bodies).not.toContain('hunter2');
    expect(bodies).not.toContain('SECRET');
    expect(bodies).not.toContain('example.com');
    expect(bodies).not.toContain('plain words');
  });

  it('posts no conversion itself for a form submitted on a thank-you page in full mode (the server derives it)', async () => {
    history.replaceState(null, '', '/order-confirmation');
    const kit = await bootKit({ mode: 'full' });
    $<HTMLFormElement>('#signup').dispatchEvent(new Event('submit', { bubbles: true }));
    kit.ri('flush');
    const events = await kit.events();
    // The submit the server derives the conversion from, on the thank-you page's url.
    expect(events.find((e) => e.type === 'form_interaction')).toMatchObject({
      url: 'http://localhost:3000/order-confirmation',
      data: { action: 'submit', form: 'signup' },
    });
    expect(events.some((e) => e.type === 'conversion')).toBe(false);
  });
});
