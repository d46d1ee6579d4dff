import type { Page } from 'playwright-core';

/** How a person reads: their wheel gestures, the pauses between them, how often they look back up. */
export type ReadingStyle = {
  /** Wheel notches (100 px each) per scroll gesture. */
  notches: [number, number];
  /** Milliseconds between the notches of one gesture. */
  notchMs: [number, number];
  /** Milliseconds of reading between gestures. */
  pauseMs: [number, number];
  /** Chance that a gesture goes back up the page. */
  upChance: number;
  /** Chance that a pause comes with the pointer drifting over the text. */
  mouseChance: number;
  /** Milliseconds between keystrokes. */
  keyMs: [number, number];
};

/** A small seeded generator (mulberry32), so that reading times and gestures repeat run after run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOTCH = 100;
/** Time kept back on each page for leaving it: finding the link again and clicking it. */
const LEAVING_MS = 3000;
/** Past this distance a person flicks the wheel harder. */
const LONG_WAY = 1500;

/**
 * One person on the site in a browser tab: pages are opened and left as a person does (links, buttons,
 * the back button), with real waiting. Each page gets a reading time drawn from `dwell` seconds when it is
 * reached; `readOn()` spends what is left of it reading in the person's style, and no look or read outlasts
 * the longest time of `dwell`, leaving a few seconds to find the way on.
 */
export class SiteVisitor {
  /** The paths of the pages viewed, in order. */
  readonly pages: string[] = [];
  /** The seconds spent on each page left so far. */
  readonly seconds: number[] = [];
  private pageStart = 0;
  private target = 0;
  private ceiling = 0;
  private pointer = { x: 400, y: 300 };

  constructor(
    readonly page: Page,
    private readonly siteUrl: string,
    private readonly style: ReadingStyle,
    private readonly random: () => number,
    private readonly dwell: [number, number],
  ) {}

  private between([low, high]: [number, number]): number {
    return low + (high - low) * this.random();
  }

  private get elapsed(): number {
    return Date.now() - this.pageStart;
  }

  /** `ms`, cut so that the page is left within its longest reading time. */
  private budget(ms: number): number {
    return Math.max(0, Math.min(ms, this.ceiling - this.elapsed - LEAVING_MS));
  }

  private pageLeft(): void {
    if (this.pageStart) this.seconds.push(Math.round(this.elapsed / 1000));
  }

  private async arrived(dwell = this.dwell): Promise<void> {
    await this.page.waitForLoadState('load');
    // Booted: the snippet's queueing stub (which carries c and q) has been replaced by the SDK's API.
    await this.page.waitForFunction(() => {
      const ri = (window as unknown as { RI?: ((...a: unknown[]) => void) & { c?: unknown; q?: unknown } }).RI;
      return typeof ri === 'function' && !ri.c && !ri.q;
    });
    this.pageLeft();
    this.pageStart = Date.now();
    this.target = this.between(dwell) * 1000;
    this.ceiling = dwell[1] * 1000;
    this.pages.push(new URL(this.page.url()).pathname);
  }

  /** Opens a page by its address, as from a search result or an ad (`referer`). */
  async land(path: string, referer?: string): Promise<void> {
    await this.page.goto(`${this.siteUrl}${path}`, { referer });
    await this.page.mouse.move(this.pointer.x, this.pointer.y);
    await this.arrived();
  }

  /** Moves the pointer to a point, in steps as a hand does. */
  async pointTo(x: number, y: number, steps = Math.round(this.between([10, 25]))): Promise<void> {
    await this.page.mouse.move(x, y, { steps });
    this.pointer = { x, y };
  }

  /** One scroll gesture of the wheel: a few notches in quick succession. */
  async scrollGesture(direction: 1 | -1, notches = Math.round(this.between(this.style.notches))): Promise<boolean> {
    const before = await this.page.evaluate(() => window.scrollY);
    for (let i = 0; i < notches; i++) {
      await this.page.mouse.wheel(0, direction * NOTCH);
      await this.page.waitForTimeout(this.between(this.style.notchMs));
    }
    return (await this.page.evaluate(() => window.scrollY)) !== before;
  }

  /** Scrolls with the wheel until the element's top is near the top of the window (or the page ends). */
  async scrollTo(selector: string, topAt = 110): Promise<void> {
    for (let i = 0; i < 40; i++) {
      const box = await this.page.locator(selector).first().boundingBox();
      if (!box) throw new Error(`${selector} is not on ${this.page.url()}`);
      const delta = box.y - topAt;
      if (Math.abs(delta) < NOTCH) return;
      const most =
        Math.abs(delta) > LONG_WAY ? 2 * this.style.notches[1] : Math.round(this.between(this.style.notches));
      const notches = Math.min(most, Math.ceil(Math.abs(delta) / NOTCH));
      if (!(await this.scrollGesture(delta > 0 ? 1 : -1, notches))) return;
      await this.page.waitForTimeout(this.between([250, 700]));
    }
  }

  /**
   * Scrolls to a section and stays on it for `ms` (cut to what the page's longest reading time leaves), the
   * pointer drifting over it now and then.
   */
  async lookAt(selector: string, ms: number): Promise<void> {
    await this.scrollTo(selector);
    const until = Date.now() + this.budget(ms);
    while (Date.now() < until) {
      const box = await this.page.locator(selector).first().boundingBox();
      if (box && this.random() < this.style.mouseChance) {
        await this.pointTo(
          box.x + box.width * this.between([0.1, 0.8]),
          Math.max(80, Math.min(box.y + box.height * this.between([0.1, 0.7]), 700)),
        );
      }
      await this.page.waitForTimeout(Math.min(until - Date.now(), this.between([1500, 3500])));
    }
  }

  private async centreOf(selector: string): Promise<{ x: number; y: number }> {
    const element = this.page.locator(selector).first();
    let box = await element.boundingBox();
    const height = this.page.viewportSize()?.height ?? 800;
    if (!box || box.y < 90 || box.y + box.height > height - 40) {
      await this.scrollTo(selector, height / 3);
      box = await element.boundingBox();
    }
    if (!box) throw new Error(`${selector} is not on ${this.page.url()}`);
    return { x: box.x + box.width * this.between([0.3, 0.7]), y: box.y + box.height / 2 };
  }

  /** Rests the pointer on an element for `ms` and moves it away, without clicking. */
  async hover(selector: string, ms: number): Promise<void> {
    const { x, y } = await this.centreOf(selector);
    await this.pointTo(x, y);
    await this.page.waitForTimeout(ms);
    await this.pointTo(x + this.between([-300, -150]), y + this.between([80, 160]));
  }

  /** Moves to an element, pauses as a hand does before pressing, and clicks it. */
  async click(selector: string, pauseMs: [number, number] = [250, 700]): Promise<void> {
    const { x, y } = await this.centreOf(selector);
    await this.pointTo(x, y);
    await this.page.waitForTimeout(this.between(pauseMs));
    await this.page.mouse.click(x, y, { delay: this.between([60, 130]) });
  }

  /** Clicks a link or a submit button and waits for the next page. */
  async follow(selector: string, dwell?: [number, number]): Promise<void> {
    const from = this.page.url();
    await this.click(selector);
    await this.page.waitForURL((url) => url.href !== from);
    await this.arrived(dwell);
  }

  /** The browser's back button. */
  async back(): Promise<void> {
    await this.page.goBack();
    await this.arrived();
  }

  /** Clicks into a field and types, key by key. */
  async type(selector: string, text: string): Promise<void> {
    await this.click(selector, [150, 400]);
    for (const key of text) await this.page.keyboard.type(key, { delay: this.between(this.style.keyMs) });
  }

  /** Picks an option of a select as a person does: a click to open it, then the choice. */
  async choose(selector: string, label: string): Promise<void> {
    await this.click(selector, [150, 400]);
    await this.page.locator(selector).selectOption({ label });
  }

  /** Spends the rest of this page's reading time reading. */
  async readOn(): Promise<void> {
    await this.read(this.target - this.elapsed - LEAVING_MS);
  }

  /**
   * Reads for `ms` (cut to what the page's longest reading time leaves) in the person's style: wheel
   * gestures, pauses, the pointer drifting over the text.
   */
  async read(ms: number): Promise<void> {
    const height = this.page.viewportSize()?.height ?? 800;
    const until = Date.now() + this.budget(ms);
    let atBottom = false;
    while (until - Date.now() > 400) {
      const up = this.random() < this.style.upChance;
      if (up || !atBottom) {
        const moved = await this.scrollGesture(up ? -1 : 1);
        if (!up) atBottom = !moved;
        else if (moved) atBottom = false;
      }
      if (this.random() < this.style.mouseChance) {
        await this.pointTo(this.between([180, 900]), this.between([140, height - 120]));
      }
      const left = until - Date.now();
      if (left > 0) await this.page.waitForTimeout(Math.min(left, this.between(this.style.pauseMs)));
    }
  }

  /** Leaves the site: the SDK sends the last page's summary by beacon. */
  async leave(): Promise<void> {
    this.pageLeft();
    await this.page.goto('about:blank');
  }
}
