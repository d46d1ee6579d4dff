import type { PageTypeName } from '@ri/contracts';

/** How each page type reads in a table cell or a select option. */
export const PAGE_TYPE_LABELS: Record<PageTypeName, string> = {
  pricing: 'Pricing',
  product: 'Product',
  reviews: 'Reviews',
  faq: 'FAQ',
  about: 'About',
  demo: 'Demo',
  cart: 'Cart',
  comparison: 'Comparison',
  blog: 'Blog',
  home: 'Home',
  other: 'Other',
};
