import { type Action, APPROACH_MS, FOCUS_MS, LEAVE_MS } from './actions';
import type { Browser } from './browser';
import type { VirtualClock } from './clock';
import type { BrowserEnv } from './landing';
import type { Rng } from './random';
import type { Router } from './router';

const SCROLL_STEP_MS = 60;
/** Longest stretch of virtual time without a turn for the network (the SDK flushes every 5 s by default). */
const NETWORK_TURN_MS = 20_000;

/**
 * Performs plan actions as real DOM events in a visitor's window (pointer, touch, keyboard, focus,
 * scroll, history), advancing the virtual clock by exactly the time each action takes. After each action,
 * and every NETWORK_TURN_MS of virtual time within a long one (reading, a tab away), it waits for `network`
 * (the SDK's requests until its outbox is delivered): a real visitor's requests take milliseconds, and if
 * virtual time outran them the SDK's outbox would back up as only an offline browser's does, its cap
 * (about 200 KB) dropping the oldest batches (page views among them). The turns change when batches are
 * delivered, never what the SDK records or how it batches.
 */
export class Driver {
  /** The pointer, in viewport coordinates. */
  private x: number;
  private y: number;
  /** Virtual time of the last network turn. */
  private turnAt: number;
  readonly errors: string[] = [];

  constructor(
    private readonly browser: Browser,
    private readonly router: Router,
    private readonly clock: VirtualClock,
    private readonly env: BrowserEnv,
    private readonly rng: Rng,
    private readonly network: () => Promise<void> = async () => {},
  ) {
    this.x = Math.round(env.viewport.w / 2);
    this.y = Math.round(env.viewport.h / 3);
    this.turnAt = clock.now;
  }

  async perform(a: Action): Promise<void> {
    switch (a.kind) {
      case 'read':
        await this.read(a.ms, a.moves);
        break;
      case 'scroll':
        this.scroll(a.to, a.ms);
        break;
      case 'away':
        await this.away(a.ms);
        break;
      case 'hover':
        this.hover(a.target, a.ms, a.click);
        break;
      case 'type':
        this.fill(a.field, a.text, a.msPerChar, 0);
        break;
      case 'glance':
        this.fill(a.field, '', 0, a.ms);
        break;
      case 'submit':
        this.pressAfter(a.button, 400);
        break;
      case 'navigate':
        if (a.via === 'back') {
          this.clock.advance(300);
          this.router.back();
        } else this.pressAfter(a.target ?? '', a.ms);
        if (this.browser.window.location.pathname !== a.to)
          this.errors.push(
            `expected to reach ${a.to} by ${a.via} but the page is ${this.browser.window.location.pathname}`,
          );
        break;
    }
    await this.turn();
  }

  /** Lets the SDK's requests (real I/O) finish before virtual time runs on. */
  private async turn(): Promise<void> {
    await this.network();
    this.turnAt = this.clock.now;
  }

  /** Advances the clock by `ms` as one `advance` would, with a network turn every NETWORK_TURN_MS. */
  private async pass(ms: number): Promise<void> {
    const end = this.clock.now + Math.max(0, Math.round(ms));
    while (this.turnAt + NETWORK_TURN_MS < end) {
      this.clock.advance(this.turnAt + NETWORK_TURN_MS - this.clock.now);
      await this.turn();
    }
    this.clock.advance(end - this.clock.now);
  }

  private async away(ms: number): Promise<void> {
    const { window, document } = this.browser;
    this.browser.setHidden(true);
    document.dispatchEvent(new window.Event('visibilitychange'));
    await this.pass(ms);
    this.browser.setHidden(false);
    document.dispatchEvent(new window.Event('visibilitychange'));
  }

  private hover(id: string, ms: number, click: boolean): void {
    const el = this.element(id);
    if (!el) {
      this.clock.advance(APPROACH_MS + ms + LEAVE_MS);
    } else if (this.env.touch) {
      this.clock.advance(APPROACH_MS + ms);
      this.tap(el);
      this.clock.advance(LEAVE_MS);
    } else {
      this.enter(el);
      this.clock.advance(ms);
      if (click) this.click(el);
      this.clock.advance(LEAVE_MS);
      if (el.isConnected) this.leave(el);
    }
  }

  /** Reaches an element, stays `ms` on it and clicks (a tap on touch screens): links, CTAs, submit buttons. */
  private pressAfter(id: string, ms: number): void {
    const el = this.element(id);
    if (!el) {
      this.clock.advance(APPROACH_MS + ms);
    } else if (this.env.touch) {
      this.clock.advance(APPROACH_MS + ms);
      this.tap(el);
    } else {
      this.enter(el);
      this.clock.advance(ms);
      this.click(el);
    }
  }

  /** Clicks into a field, types `text` (or waits `idleMs` without typing) and leaves it. */
  private fill(id: string, text: string, msPerChar: number, idleMs: number): void {
    const el = this.element(id) as HTMLInputElement | null;
    if (!el) return;
    this.press(el);
    el.focus();
    this.clock.advance(FOCUS_MS + idleMs);
    for (const ch of text) this.key(el, ch, msPerChar);
    this.clock.advance(FOCUS_MS);
    el.blur();
  }

  private element(id: string): HTMLElement | null {
    const el = this.browser.document.getElementById(id);
    if (!el) this.errors.push(`no element #${id} on ${this.browser.window.location.pathname}`);
    return el;
  }

  private mouse(type: string, target: EventTarget, bubbles = true): void {
    const w = this.browser.window;
    const ev = new w.MouseEvent(type, { bubbles, cancelable: bubbles, clientX: this.x, clientY: this.y });
    // jsdom has no layout, so its pageY equals clientY: the page coordinate needs the scroll offset.
    Object.defineProperties(ev, {
      pageX: { value: this.x },
      pageY: { value: this.y + this.browser.scrollY() },
    });
    target.dispatchEvent(ev);
  }

  private moveTo(x: number, y: number, steps: number, ms: number): void {
    const [x0, y0] = [this.x, this.y];
    for (let i = 1; i <= steps; i++) {
      this.clock.advance(ms / steps);
      this.x = Math.round(x0 + ((x - x0) * i) / steps + this.rng.normal(0, 4));
      this.y = Math.round(y0 + ((y - y0) * i) / steps + this.rng.normal(0, 4));
      this.mouse('mousemove', this.browser.document.body);
    }
  }

  /** The pointer travels to the element (in `approachMs`) and enters it. */
  private enter(el: Element, approachMs = APPROACH_MS): void {
    const b = this.browser.box(el);
    const x = (b?.x ?? 200) + this.rng.int(10, 120);
    const y = b ? b.y - this.browser.scrollY() + Math.round(b.h / 2) : this.y;
    const w = this.browser.window;
    this.x = Math.max(1, Math.min(w.innerWidth - 2, this.x));
    this.moveTo(Math.min(x, w.innerWidth - 5), Math.max(5, Math.min(y, w.innerHeight - 5)), 3, approachMs);
    this.mouse('mouseover', el);
    this.mouse('mouseenter', el, false);
  }

  private leave(el: Element): void {
    this.mouse('mouseout', el);
    this.mouse('mouseleave', el, false);
    // As in a browser, the pointer is now over something else (the page around the element).
    this.mouse('mouseover', el.parentElement ?? this.browser.window.document.body);
    this.moveTo(this.x + this.rng.int(-200, 200), this.y + this.rng.int(-120, 120), 2, 0);
  }

  private click(el: Element): void {
    this.mouse('mousedown', el);
    this.mouse('mouseup', el);
    this.mouse('click', el);
  }

  private tap(el: Element): void {
    const w = this.browser.window;
    const b = this.browser.box(el);
    if (b) this.y = Math.max(5, Math.min(b.y - this.browser.scrollY() + 10, w.innerHeight - 5));
    el.dispatchEvent(new w.Event('touchstart', { bubbles: true }));
    el.dispatchEvent(new w.Event('touchend', { bubbles: true }));
    this.click(el);
  }

  /** A click or tap on a field before typing in it. */
  private press(el: Element): void {
    if (this.env.touch) this.tap(el);
    else {
      this.enter(el, 0);
      this.click(el);
    }
  }

  private key(el: HTMLInputElement, ch: string, ms: number): void {
    const w = this.browser.window;
    el.dispatchEvent(new w.KeyboardEvent('keydown', { key: ch, bubbles: true }));
    el.value += ch;
    el.dispatchEvent(new w.InputEvent('input', { data: ch, inputType: 'insertText', bubbles: true }));
    el.dispatchEvent(new w.KeyboardEvent('keyup', { key: ch, bubbles: true }));
    this.clock.advance(ms);
  }

  private async read(ms: number, moves: number): Promise<void> {
    if (!moves) {
      await this.pass(ms);
      return;
    }
    const w = this.browser.window;
    const gap = Math.floor(ms / (moves + 1));
    for (let i = 0; i < moves; i++) {
      await this.pass(gap);
      // A wander that drifts back toward the reading column, not to the screen's edges.
      const [cx, cy] = [w.innerWidth * 0.45, w.innerHeight * 0.5];
      this.x = Math.max(
        1,
        Math.min(w.innerWidth - 2, Math.round(this.x + (cx - this.x) * 0.15 + this.rng.normal(0, 60))),
      );
      this.y = Math.max(
        1,
        Math.min(w.innerHeight - 2, Math.round(this.y + (cy - this.y) * 0.15 + this.rng.normal(0, 40))),
      );
      this.mouse('mousemove', this.browser.document.body);
    }
    await this.pass(ms - gap * moves);
  }

  private scroll(to: number, ms: number): void {
    const { document, window } = this.browser;
    const from = this.browser.scrollY();
    const steps = Math.max(1, Math.round(ms / (this.env.touch ? 40 : SCROLL_STEP_MS)));
    if (this.env.touch) document.body.dispatchEvent(new window.Event('touchstart', { bubbles: true }));
    let used = 0;
    for (let i = 1; i <= steps; i++) {
      // Ease in and out, as wheels and flings do.
      const p = i / steps;
      const eased = p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2;
      this.browser.setScroll(from + (to - from) * eased);
      document.dispatchEvent(new window.Event('scroll', { bubbles: true }));
      const dt = i === steps ? ms - used : Math.floor(ms / steps);
      used += dt;
      this.clock.advance(dt);
    }
    if (this.env.touch) document.body.dispatchEvent(new window.Event('touchend', { bubbles: true }));
  }
}
