import type { Page, Site, SiteId } from '../site';
import { COURSES } from './courses';
import { HOME_GOODS } from './home-goods';
import { SAAS } from './saas';
import { TRAIL_SHOP } from './trail-shop';

/** Every site's id. */
export const SITE_IDS: readonly SiteId[] = ['trail-shop', 'saas', 'home-goods', 'courses'];

const SITES: Record<SiteId, Site> = {
  'trail-shop': TRAIL_SHOP,
  saas: SAAS,
  'home-goods': HOME_GOODS,
  courses: COURSES,
};

/** The site with an id; throws on an unknown one. */
export const getSite = (id: SiteId): Site => {
  const site = SITES[id];
  if (!site) throw new Error(`no simulated site "${id}" (the sites are ${SITE_IDS.join(', ')})`);
  return site;
};

/** The trail shop's pages by path (the default site's; see getSite for the others). */
export const PAGES: ReadonlyMap<string, Page> = new Map(TRAIL_SHOP.pages.map((p) => [p.path, p]));
/** The trail shop's page at a path; throws on an unknown one. */
export const getPage = (path: string): Page => TRAIL_SHOP.getPage(path);
