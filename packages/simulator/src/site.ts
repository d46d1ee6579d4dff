import type { TrafficSource } from './landing';

/** What a page is about; the behaviour models choose pages by category. */
export type PageCategory =
  | 'home'
  | 'pricing'
  | 'product'
  | 'proof'
  | 'reassurance'
  | 'authority'
  | 'experience'
  | 'cart'
  | 'checkout'
  | 'compare'
  | 'blog'
  | 'terms'
  | 'confirmation';

/** What a call to action does: the models hover and click by role. */
export type CtaRole =
  | 'buy'
  | 'add-to-cart'
  | 'checkout'
  | 'plan-option'
  | 'billing-toggle'
  | 'start-trial'
  | 'book-demo'
  | 'play-video'
  | 'interactive'
  | 'faq-toggle'
  | 'guarantee'
  | 'credential'
  | 'read-more';

/** Kinds of elements marked `data-ri-track`, whose time in view the SDK measures. */
export type TrackedKind =
  | 'testimonial'
  | 'stat'
  | 'guarantee'
  | 'credential'
  | 'press'
  | 'team'
  | 'author'
  | 'video'
  | 'plans'
  | 'comparison'
  | 'policy';

export type FormKind = 'newsletter' | 'checkout' | 'trial' | 'question' | 'coupon' | 'estimate' | 'return';

/** A vertical position on the page in CSS px at desktop width (scaled per device). */
export type Box = { y: number; h: number };

export type Cta = Box & { id: string; role: CtaRole; label: string; x: number; to?: string };
/** A marked element: `kind` is what it is to the models, `name` its `data-ri-track` value (the kind by default). */
export type Tracked = Box & { id: string; kind: TrackedKind; name?: string };
export type FormField = {
  id: string;
  name: string;
  label: string;
  type: 'text' | 'email' | 'tel' | 'password' | 'textarea';
};
export type Form = Box & {
  id: string;
  kind: FormKind;
  fields: (FormField & Box)[];
  submit: Cta;
  /** Where a successful submit leads (a thank-you page), if anywhere. */
  to?: string;
  /** What the site reports with `RI('conversion', …)` on submit. */
  conversion?: { name: string; value?: number; currency?: string };
};

/** One synthetic page: its meaning for the models and the positioned elements they act on. */
export type Page = {
  path: string;
  category: PageCategory;
  title: string;
  heading: string;
  height: number;
  ctas: Cta[];
  tracked: Tracked[];
  forms: Form[];
  /** The HTML of <main>. */
  html: string;
};

/** The synthetic sites. */
export type SiteId = 'trail-shop' | 'saas' | 'home-goods' | 'courses';

/** Where a traffic source lands on a site, and the campaign names, search terms and referrers it uses. */
export type LandingSpec = {
  paths: readonly string[];
  campaigns?: readonly string[];
  terms?: readonly string[];
  contents?: readonly string[];
  referrers?: readonly string[];
};

/** The paths of a site's two conversion flows: cart, checkout and the order's thank-you page; trial sign-up and its. */
export type SiteFlows = { cart: string; checkout: string; ordered: string; trial: string; trialStarted: string };

/** A link in the header or footer that is not a page's menu entry. */
export type SiteLink = { id: string; path: string; label: string };

/** What a site is made of before its lookups are built. */
export type SiteSpec = {
  id: SiteId;
  name: string;
  /** Every page, in menu order. */
  pages: readonly Page[];
  flows: SiteFlows;
  landing: Readonly<Record<TrafficSource, LandingSpec>>;
  /** The header's main menu (the other pages, but thank-you pages, go to its "more" menu). */
  menu: readonly string[];
  /** The header's cart link (its path is the cart's). */
  cartLink: { id: string; label: string };
  footer: readonly SiteLink[];
};

/** One site: its pages and lookups. */
export type Site = SiteSpec & {
  /** The page at a path; throws on an unknown one (a plan bug). */
  getPage(path: string): Page;
  /** Paths grouped by category, in menu order. */
  pathsByCategory: Record<PageCategory, string[]>;
};

/** The sticky header's height: nav links are always on screen there. */
export const HEADER_HEIGHT = 64;

/** Builds a site's lookups from its pages. */
export const createSite = (spec: SiteSpec): Site => {
  const byPath = new Map(spec.pages.map((p) => [p.path, p]));
  const pathsByCategory = {} as Record<PageCategory, string[]>;
  for (const p of spec.pages) pathsByCategory[p.category] = [...(pathsByCategory[p.category] ?? []), p.path];
  return {
    ...spec,
    pathsByCategory,
    getPage(path) {
      const page = byPath.get(path);
      if (!page) throw new Error(`the simulated site ${spec.id} has no page ${path}`);
      return page;
    },
  };
};

/** The id of the header link to a path (every page is reachable from the header's menu). */
export const navLinkId = (path: string): string =>
  `nav-${path === '/' ? 'home' : path.slice(1).replace(/[^a-z0-9]+/g, '-')}`;
