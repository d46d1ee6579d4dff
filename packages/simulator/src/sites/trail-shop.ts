import { createSite, type Page } from '../site';
import { cta, field, text, tracked } from '../site-builder';
import { guaranteeBadge, newsletter, page, reviewsBlock } from './trail-shop-blocks';
import { READING_PAGES, TRUST_PAGES } from './trail-shop-content';

// The synthetic shop: trail-running gear plus the "Trail Coach" training app (plans, demo, free trial).

const product = (slug: string, name: string, price: number) =>
  page(`/products/${slug}`, 'product', name, [
    text(name, `$${price}. Grippy, light and made for long days on rough ground.`, 620, [
      cta(`buy-${slug}`, 'add-to-cart', 'Add to cart'),
      cta(`buy-now-${slug}`, 'buy', 'Buy now', '/checkout'),
    ]),
    text('Details', 'Materials, fit, drop, weight and care instructions.', 720),
    reviewsBlock(`testimonials-${slug}`),
    tracked('guarantee', `guarantee-${slug}`, 'Run it for 100 days', 'Not right? Send it back, free.', 300, [
      guaranteeBadge(`badge-${slug}`),
    ]),
    text('Compare models', 'See how it stacks up against the rest of the range.', 360, [
      cta(`compare-${slug}`, 'read-more', 'Compare', '/compare'),
    ]),
    text('Shipping', 'Free shipping over $75, delivered in 2-4 days.', 300),
  ]);

const PLAN_CTAS = [
  cta('plan-basic', 'plan-option', 'Basic $9/mo'),
  cta('plan-pro', 'plan-option', 'Pro $19/mo'),
  cta('plan-team', 'plan-option', 'Team $49/mo'),
];

/** The site's pages in menu order. */
const PAGES: Page[] = [
  page(
    '/',
    'home',
    'Home',
    [
      text('Run further, worry less', 'Trail gear and a coaching app built with ultra runners.', 640, [
        cta('hero-shop', 'buy', 'Shop trail shoes', '/products/trail-runner'),
        cta('hero-trial', 'start-trial', 'Start free trial', '/free-trial'),
      ]),
      tracked('stat', 'stats-home', '38,000 runners', '12 million trail kilometres logged with Trail Coach.', 320),
      reviewsBlock('testimonials-home'),
      text('Three ways to start', 'Shoes, packs and a plan that adapts to you.', 560),
      tracked('guarantee', 'guarantee-home', 'Risk-free', '100-day returns and a money-back app guarantee.', 300, [
        guaranteeBadge('badge-home'),
      ]),
      tracked('press', 'press-home', 'As seen in', 'Trail Runner Weekly, Outdoor Review, Endurance Lab.', 260),
      newsletter('newsletter-home'),
    ],
    'Northwind Trail Co. | Trail running shoes and coaching',
  ),
  page('/pricing', 'pricing', 'Pricing', [
    text('Trail Coach plans', 'Pick monthly or annual billing; switch any time.', 420, [
      cta('billing-monthly', 'billing-toggle', 'Monthly'),
      cta('billing-annual', 'billing-toggle', 'Annual (save 20%)'),
    ]),
    tracked('plans', 'plans-table', 'Plans', 'Basic, Pro and Team compared feature by feature.', 760, [
      ...PLAN_CTAS,
      cta('pricing-trial', 'start-trial', 'Start free trial', '/free-trial'),
      cta('pricing-buy', 'buy', 'Buy Pro', '/checkout'),
    ]),
    tracked(
      'guarantee',
      'guarantee-pricing',
      '30-day money back',
      'Cancel in the first month for a full refund.',
      300,
      [guaranteeBadge('badge-pricing')],
    ),
    text('Billing questions', 'Taxes, invoices, team seats and cancelling.', 520, [
      cta('pricing-faq', 'read-more', 'Read the FAQ', '/faq'),
    ]),
    reviewsBlock('testimonials-pricing', 380),
  ]),
  product('trail-runner', 'Trail Runner 3', 139),
  product('summit-pack', 'Summit Pack 12L', 89),
  product('ridge-jacket', 'Ridge Shell Jacket', 179),
  ...TRUST_PAGES,
  page('/cart', 'cart', 'Your cart', [
    text('Cart', 'Trail Runner 3, size 42, qty 1.', 360, [cta('cart-qty', 'interactive', 'Change quantity')]),
    {
      t: 'form',
      id: 'coupon-form',
      kind: 'coupon',
      heading: 'Discount code',
      fields: [field('code', 'Code')],
      submit: 'Apply',
    },
    tracked('guarantee', 'guarantee-cart', '100-day returns', 'Free returns on every order.', 240, [
      guaranteeBadge('badge-cart'),
    ]),
    text('Total', 'Shipping and taxes calculated at checkout.', 260, [
      cta('cart-checkout', 'checkout', 'Checkout', '/checkout'),
    ]),
  ]),
  page('/checkout', 'checkout', 'Checkout', [
    {
      t: 'form',
      id: 'checkout-form',
      kind: 'checkout',
      heading: 'Shipping and payment',
      fields: [
        field('name', 'Full name'),
        field('email', 'E-mail', 'email'),
        field('address', 'Street address'),
        field('city', 'City'),
        field('postcode', 'Postcode'),
        field('card', 'Card number', 'tel'),
        field('expiry', 'Expiry', 'tel'),
      ],
      submit: 'Place order',
      to: '/order-confirmation',
      conversion: { name: 'purchase', value: 139, currency: 'USD' },
    },
    tracked('guarantee', 'guarantee-checkout', 'Secure checkout', 'Encrypted payment, 100-day returns.', 260),
  ]),
  page('/compare', 'compare', 'Compare', [
    tracked('comparison', 'compare-shoes', 'Shoes side by side', 'Weight, drop, grip and price of every model.', 820, [
      cta('compare-tr', 'plan-option', 'Trail Runner 3'),
      cta('compare-sp', 'plan-option', 'Summit Pack'),
      cta('compare-rj', 'plan-option', 'Ridge Jacket'),
    ]),
    tracked('comparison', 'compare-plans', 'App plans compared', 'Basic, Pro and Team, feature by feature.', 720, [
      ...PLAN_CTAS.map((c) => ({ ...c, id: `compare-${c.id}` })),
      cta('compare-pricing', 'read-more', 'See pricing', '/pricing'),
    ]),
    text('Still deciding?', 'Bundles save up to 25%.', 360, [
      cta('compare-bundle', 'add-to-cart', 'Add bundle to cart'),
    ]),
  ]),
  ...READING_PAGES,
  page('/order-confirmation', 'confirmation', 'Thank you for your order', [
    text('Order confirmed', 'A confirmation e-mail is on its way.', 520),
  ]),
  page('/trial-started', 'confirmation', 'Your trial has started', [
    text('Welcome to Trail Coach', 'Download the app to start your first week.', 520),
  ]),
];

/** Northwind Trail Co.: trail-running gear and the Trail Coach app; the site the simulator started with. */
export const TRAIL_SHOP = createSite({
  id: 'trail-shop',
  name: 'Northwind Trail Co.',
  pages: PAGES,
  flows: {
    cart: '/cart',
    checkout: '/checkout',
    ordered: '/order-confirmation',
    trial: '/free-trial',
    trialStarted: '/trial-started',
  },
  landing: {
    'google-organic': {
      paths: ['/', '/blog/expert-guide', '/blog/training-science', '/products/trail-runner', '/faq', '/reviews'],
    },
    'google-cpc': {
      paths: ['/pricing', '/products/trail-runner', '/products/summit-pack', '/free-trial', '/'],
      campaigns: ['brand-search', 'trail-shoes-generic', 'trail-coach-trial'],
      terms: ['trail running shoes', 'best trail shoes', 'running coach app', 'northwind trail'],
    },
    'facebook-paid': {
      paths: ['/products/trail-runner', '/', '/video-tour', '/products/ridge-jacket'],
      campaigns: ['spring-sale', 'trail-coach-video', 'retargeting-cart'],
      contents: ['carousel-a', 'video-15s', 'ugc-review'],
    },
    newsletter: {
      paths: ['/blog/training-science', '/products/ridge-jacket', '/pricing', '/'],
      campaigns: ['weekly-trail-notes', 'spring-launch'],
    },
    direct: { paths: ['/', '/', '/pricing', '/cart'] },
    'referral-blog': {
      paths: ['/products/trail-runner', '/reviews', '/blog/expert-guide', '/demo'],
      referrers: [
        'https://ultra-trail-journal.example/gear/best-trail-shoes-2024',
        'https://runners-corner.example/reviews/trail-runner-3',
        'https://coachinglab.example/blog/apps-we-use',
      ],
    },
  },
  menu: ['/', '/products/trail-runner', '/pricing', '/compare', '/reviews', '/demo', '/about', '/blog/expert-guide'],
  cartLink: { id: 'nav-cart', label: 'Cart' },
  footer: [
    { id: 'footer-terms', path: '/terms', label: 'Terms' },
    { id: 'footer-returns', path: '/returns', label: 'Returns' },
  ],
});
