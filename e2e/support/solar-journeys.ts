import type { NeuromindProfile } from '@ri/contracts';
import type { ReadingStyle, SiteVisitor } from './site-visitor.js';

/** A person of one Neuromind profile on the Brightpath Solar site, scripted page by page. */
export type Journey = {
  name: string;
  intended: NeuromindProfile;
  viewport: { width: number; height: number };
  style: ReadingStyle;
  /** Seconds spent on each page, drawn per page. */
  dwell: [number, number];
  run(v: SiteVisitor): Promise<void>;
};

const READING = [18, 35] as [number, number];
const track = (name: string) => `[data-ri-track="${name}"]`;
const nav = (path: string) => `header a[href="${path}"]`;

// Each script is what a person of the profile does, written from the profile's description, not from
// the model: which pages they choose, what they stay on, what they hover, click, type and leave.
export const JOURNEYS: Journey[] = [
  {
    // Quick decision maker: glances, picks a package, reserves and pays the deposit.
    name: 'fast-mover',
    intended: 'Fast-Mover',
    viewport: { width: 1440, height: 900 },
    style: {
      notches: [5, 9],
      notchMs: [20, 40],
      pauseMs: [400, 1200],
      upChance: 0.05,
      mouseChance: 0.4,
      keyMs: [35, 70],
    },
    dwell: [8, 15],
    async run(v) {
      await v.land('/');
      await v.read(2500);
      await v.hover('#hero-packages', 500);
      await v.readOn();
      await v.follow('#hero-packages');
      await v.click('#plan-premium');
      await v.readOn();
      await v.follow('#reserve-installation');
      await v.type('#reserve-name', 'Daniel Reeve');
      await v.type('#reserve-email', 'daniel.reeve@example.test');
      await v.type('#reserve-address', '3 Orchard Rise, Stroud');
      await v.choose('#reserve-month', 'July');
      await v.click('#reserve-terms');
      await v.readOn();
      await v.follow('#pay-deposit');
      await v.readOn();
    },
  },
  {
    // Needs evidence: stats, every review, the case study's monthly figures, the panel's test results.
    name: 'proof-driven',
    intended: 'Proof-Driven',
    viewport: { width: 1280, height: 800 },
    style: {
      notches: [2, 4],
      notchMs: [50, 90],
      pauseMs: [2500, 5000],
      upChance: 0.08,
      mouseChance: 0.3,
      keyMs: [90, 160],
    },
    dwell: READING,
    async run(v) {
      await v.land('/');
      await v.read(4000);
      await v.lookAt(track('install-stats'), 7000);
      await v.readOn();
      await v.follow('#read-customer-stories');
      await v.lookAt(track('install-stats'), 5000);
      await v.lookAt(track('customer-reviews'), 10_000);
      await v.hover('#read-case-study', 1200);
      await v.readOn();
      await v.follow('#read-case-study');
      await v.read(3000);
      await v.lookAt(track('case-study-results'), 8000);
      await v.lookAt(track('energy-data'), 12_000);
      await v.lookAt(track('customer-quote'), 4000);
      await v.readOn();
      await v.follow('#see-their-panel');
      await v.lookAt(track('panel-specs'), 7000);
      await v.lookAt(track('independent-test-results'), 9000);
      await v.lookAt(track('panel-reviews'), 6000);
      await v.readOn();
      await v.follow('#all-customer-stories');
      await v.lookAt(track('customer-reviews'), 10_000);
      await v.lookAt(track('review-ratings'), 6000);
      await v.readOn();
    },
  },
  {
    // Seeks safety: warranty, guarantees, refunds and FAQ answers; starts the quote form, hesitates, goes
    // back to the refund answers.
    name: 'reassurer',
    intended: 'Reassurer',
    viewport: { width: 1280, height: 800 },
    style: {
      notches: [2, 4],
      notchMs: [50, 90],
      pauseMs: [2000, 4500],
      upChance: 0.18,
      mouseChance: 0.45,
      keyMs: [110, 200],
    },
    dwell: READING,
    async run(v) {
      await v.land('/');
      await v.read(5000);
      await v.lookAt(track('warranty-badge'), 5000);
      await v.hover('#warranty-badge', 2500);
      await v.readOn();
      await v.follow('#warranty-badge');
      await v.lookAt(track('25-year-warranty'), 6000);
      await v.click('#warranty-not-covered');
      await v.read(3000);
      await v.click('#warranty-claim');
      await v.read(3000);
      await v.lookAt(track('money-back-guarantee'), 8000);
      await v.lookAt(track('warranty-terms'), 6000);
      await v.readOn();
      await v.follow('#read-faq');
      await v.click('#faq-cancel');
      await v.read(3500);
      await v.click('#faq-finance-safe');
      await v.read(3000);
      await v.lookAt(track('refund-policy'), 6000);
      await v.lookAt(track('installation-safety'), 3000);
      await v.click('#faq-roof-damage');
      await v.read(3000);
      await v.lookAt(track('data-privacy'), 3000);
      await v.readOn();
      await v.follow('#faq-quote');
      await v.lookAt(track('no-obligation-promise'), 6000);
      await v.type('#quote-name', 'Margaret Ellis');
      await v.type('#quote-postcode', 'GL5 2AB');
      await v.hover('#request-quote', 3500);
      await v.lookAt(track('no-obligation-promise'), 4000);
      await v.readOn();
      await v.back();
      await v.lookAt(track('refund-policy'), 8000);
      await v.readOn();
    },
  },
  {
    // Trusts experts: arrives from a search on an engineer's guide, reads who wrote it, the team's
    // credentials, certifications, awards and press, then another guide by the same engineer.
    name: 'authority-seeker',
    intended: 'Authority-Seeker',
    viewport: { width: 1440, height: 900 },
    style: {
      notches: [2, 3],
      notchMs: [60, 100],
      pauseMs: [3000, 6000],
      upChance: 0.05,
      mouseChance: 0.15,
      keyMs: [100, 170],
    },
    dwell: READING,
    async run(v) {
      await v.land('/guides/how-many-panels-do-i-need', 'https://www.google.com/');
      await v.read(6000);
      await v.lookAt(track('key-takeaways'), 5000);
      await v.lookAt(track('sizing-table'), 5000);
      await v.lookAt(track('author-bio'), 6000);
      await v.readOn();
      await v.hover('#author-profile', 1500);
      await v.follow('#author-profile');
      await v.lookAt(track('engineering-team'), 10_000);
      await v.lookAt(track('team-credentials'), 6000);
      await v.hover('#team-certifications', 1200);
      await v.readOn();
      await v.follow('#team-certifications');
      await v.hover('#cert-mcs', 1500);
      await v.hover('#cert-niceic', 1200);
      await v.click('#cert-mcs');
      await v.lookAt(track('awards'), 6000);
      await v.lookAt(track('press'), 7000);
      await v.readOn();
      await v.follow('header a.logo');
      await v.read(3000);
      await v.lookAt(track('press'), 7000);
      await v.hover('#certification-badges', 1500);
      await v.lookAt(track('latest-guide'), 3000);
      await v.readOn();
      await v.follow('#latest-guide');
      await v.lookAt(track('key-takeaways'), 6000);
      await v.lookAt(track('expert-analysis'), 9000);
      await v.lookAt(track('author-bio'), 5000);
      await v.readOn();
    },
  },
  {
    // Wants to try it: plays the install tour, works the savings calculator, turns the panel in 3D, goes
    // back to the calculator with other figures, then looks at the packages.
    name: 'experience-first',
    intended: 'Experience-First',
    viewport: { width: 1280, height: 800 },
    style: {
      notches: [3, 5],
      notchMs: [35, 60],
      pauseMs: [1500, 3000],
      upChance: 0.1,
      mouseChance: 0.6,
      keyMs: [60, 110],
    },
    dwell: READING,
    async run(v) {
      await v.land('/');
      await v.read(4000);
      await v.lookAt(track('how-it-works'), 4000);
      await v.readOn();
      await v.follow('#hero-tour');
      await v.click('#play-tour');
      await v.lookAt(track('savings-demo-video'), 10_000);
      await v.click('#chapter-install');
      await v.read(4000);
      await v.click('#chapter-switch-on');
      await v.read(3000);
      await v.scrollTo(track('savings-calculator'));
      await v.click('#calc-bill');
      await v.choose('#calc-roof', 'South-west');
      await v.type('#calc-postcode', 'GL6 8PE');
      await v.click('#calculate-savings');
      await v.lookAt(track('savings-calculator'), 4000);
      await v.readOn();
      await v.follow('#panel-in-3d');
      await v.read(3000);
      await v.scrollTo(track('panel-3d-viewer'));
      for (let turn = 0; turn < 3; turn++) {
        await v.click('#rotate-panel');
        await v.read(1500);
      }
      await v.click('#panel-on-roof');
      await v.lookAt(track('panel-3d-viewer'), 5000);
      await v.readOn();
      await v.back();
      await v.scrollTo(track('savings-calculator'));
      await v.click('#calc-bill');
      await v.choose('#calc-roof', 'East-west');
      await v.click('#calculate-savings');
      await v.lookAt(track('savings-calculator'), 4000);
      await v.click('#chapter-survey');
      await v.lookAt(track('savings-demo-video'), 6000);
      await v.readOn();
      await v.follow(nav('/pricing'));
      await v.read(3000);
      await v.click('#plan-premium');
      await v.lookAt(track('solar-packages'), 5000);
      await v.readOn();
    },
  },
  {
    // Best value: arrives from an ad on the packages, flips plans and billing, compares panels per watt,
    // solar against the grid, and goes back to the packages and the comparison.
    name: 'optimizer',
    intended: 'Optimizer',
    viewport: { width: 1536, height: 864 },
    style: {
      notches: [3, 6],
      notchMs: [30, 55],
      pauseMs: [1200, 2500],
      upChance: 0.25,
      mouseChance: 0.5,
      keyMs: [60, 110],
    },
    dwell: READING,
    async run(v) {
      await v.land('/pricing?utm_source=google&utm_medium=cpc&utm_campaign=solar-packages', 'https://www.google.com/');
      for (const [button, ms] of [
        ['#plan-essential', 2000],
        ['#plan-family', 2000],
        ['#plan-premium', 2500],
        ['#billing-monthly', 3000],
        ['#plan-family', 2000],
        ['#billing-upfront', 2000],
      ] as const) {
        await v.click(button);
        await v.read(ms);
      }
      await v.lookAt(track('financing-options'), 5000);
      await v.lookAt(track('whats-included'), 3000);
      await v.readOn();
      await v.follow('#compare-panels');
      await v.lookAt(track('comparison-table'), 4000);
      await v.click('#show-price-per-watt');
      await v.read(4000);
      await v.hover('table tr:nth-child(5)', 1500);
      await v.click('#show-price-per-panel');
      await v.read(3000);
      await v.click('#show-price-per-watt');
      await v.lookAt(track('value-verdict'), 5000);
      await v.readOn();
      await v.follow('footer a[href="/solar-vs-grid"]');
      await v.lookAt(track('cost-comparison-chart'), 8000);
      await v.lookAt(track('payback-table'), 6000);
      await v.readOn();
      await v.follow('#see-packages');
      await v.click('#billing-monthly');
      await v.read(3000);
      await v.click('#plan-essential');
      await v.read(2000);
      await v.click('#plan-family');
      await v.read(2000);
      await v.lookAt(track('financing-options'), 4000);
      await v.hover('#reserve-installation', 1500);
      await v.readOn();
      await v.follow('#compare-panels');
      await v.click('#show-price-per-watt');
      await v.lookAt(track('comparison-table'), 6000);
      await v.readOn();
    },
  },
  {
    // Needs convincing: scrolls back and forth, rests on the buttons without pressing them, rereads the
    // warranty's terms, goes back to the prices, checks the reviews and returns to the terms.
    name: 'skeptic',
    intended: 'Skeptic',
    viewport: { width: 1280, height: 720 },
    style: {
      notches: [3, 5],
      notchMs: [40, 70],
      pauseMs: [1200, 2600],
      upChance: 0.45,
      mouseChance: 0.6,
      keyMs: [90, 150],
    },
    dwell: READING,
    async run(v) {
      await v.land('/');
      await v.read(4000);
      await v.hover('#hero-packages', 2500);
      await v.lookAt(track('install-stats'), 4000);
      await v.hover('#warranty-badge', 3000);
      await v.scrollTo('h1');
      await v.readOn();
      await v.follow(nav('/pricing'));
      await v.lookAt(track('solar-packages'), 5000);
      await v.hover('#reserve-installation', 4000);
      await v.lookAt(track('price-promise'), 5000);
      await v.scrollTo(track('solar-packages'));
      await v.hover('#plan-premium', 2000);
      await v.readOn();
      await v.follow(nav('/warranty'));
      await v.lookAt(track('warranty-terms'), 6000);
      await v.lookAt(track('money-back-guarantee'), 3000);
      await v.lookAt(track('warranty-terms'), 5000);
      await v.hover('#read-faq', 2500);
      await v.readOn();
      await v.back();
      await v.lookAt(track('price-promise'), 4000);
      await v.scrollTo(track('solar-packages'));
      await v.hover('#reserve-installation', 3000);
      await v.readOn();
      await v.follow(nav('/customer-stories'));
      await v.lookAt(track('review-ratings'), 4000);
      await v.lookAt(track('customer-reviews'), 5000);
      await v.scrollTo(track('install-stats'));
      await v.readOn();
      await v.follow('footer a[href="/warranty"]');
      await v.lookAt(track('warranty-terms'), 6000);
      await v.readOn();
    },
  },
];
