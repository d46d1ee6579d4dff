import { createSite, type Page } from '../site';
import { cta, field, mark, text } from '../site-builder';
import { HOME_GOODS_CONTENT, larchwoodPage as page } from './home-goods-pages';

// Larchwood: a furniture and home shop with a membership, a room planner and free design consultations.

const product = (slug: string, name: string, price: number, blurb: string): Page =>
  page(`/products/${slug}`, 'product', name, [
    text(name, `£${price}. ${blurb}`, 760, [
      cta(`basket-${slug}`, 'add-to-cart', 'Add to basket'),
      cta(`swatch-${slug}`, 'interactive', 'Order free swatches'),
    ]),
    mark('testimonial', `${slug}-reviews`, 'What owners say', '4.7 from 1,260 reviews.', 360, [
      cta(`${slug}-all-reviews`, 'read-more', 'All reviews', '/reviews'),
    ]),
    text('Dimensions and materials', 'Size, weight, fabric and care.', 900),
    mark('guarantee', `${slug}-warranty-badge`, '15-year frame warranty', '100 nights to try it at home.', 260, [
      cta(`${slug}-warranty`, 'guarantee', 'Warranty details'),
    ]),
    mark('policy', `${slug}-delivery`, 'Free delivery', 'Two-person delivery in 2-3 weeks.', 280),
  ]);

const PAGES: Page[] = [
  page(
    '/',
    'home',
    'Home',
    [
      text('Furniture made to last, delivered to your room', 'Solid wood, natural fabrics, 100 nights to try.', 760, [
        cta('hero-sofas', 'read-more', 'Shop sofas', '/collections/sofas'),
        cta('hero-planner', 'interactive', 'Plan your room', '/room-planner'),
      ]),
      mark('testimonial', 'customer-rating-home', 'Rated 4.6 / 5', '18,240 verified reviews.', 260),
      text('New this season', 'The Fjord dining range in oiled oak.', 880, [
        cta('home-fjord', 'read-more', 'Fjord table', '/products/fjord-oak-dining-table'),
      ]),
      mark(
        'guarantee',
        'warranty-strip',
        '15-year warranty · 100-night trial',
        'Free collection if it is not right.',
        220,
      ),
      {
        t: 'form',
        id: 'home-newsletter',
        kind: 'newsletter',
        heading: '10% off your first order',
        fields: [field('email', 'E-mail', 'email')],
        submit: 'Get my code',
      },
    ],
    'Larchwood | Home',
  ),
  page('/membership', 'pricing', 'Larchwood Club membership', [
    text('Join for £49 a year', 'Free delivery, 10% off, early access.', 420, [
      cta('club-annual', 'plan-option', 'Annual £49'),
      cta('club-lifetime', 'plan-option', 'Lifetime £199'),
      cta('club-join', 'buy', 'Join now', '/checkout'),
    ]),
    mark('plans', 'membership-tiers', 'What members get', 'Delivery, discounts, design hours.', 640),
    mark('stat', 'member-savings-figures', 'Members save £214 a year', 'Average over 2024.', 280),
  ]),
  page('/financing-plans', 'pricing', 'Financing plans', [
    text('Spread the cost', '0% over 12 months, or up to 48 months at 9.9% APR.', 460, [
      cta('finance-12', 'billing-toggle', '12 months 0%'),
      cta('finance-36', 'billing-toggle', '36 months'),
      cta('finance-48', 'billing-toggle', '48 months'),
    ]),
    mark('plans', 'price-calculator', 'What you would pay', 'Monthly cost for your basket.', 520, [
      cta('finance-calc', 'interactive', 'Calculate'),
    ]),
    mark('policy', 'finance-faq', 'Who can apply', 'UK residents over 18; soft credit check.', 440),
  ]),
  page('/collections/sofas', 'product', 'Sofas', [
    text('All sofas', '24 models, 60 fabrics, made to order.', 300, [
      cta('filter-seats', 'interactive', 'Filter by seats'),
      cta('filter-fabric', 'interactive', 'Filter by fabric'),
    ]),
    text('Bestsellers', 'The Oslo, the Harlow and the Brae.', 1100, [
      cta('collection-oslo', 'read-more', 'Oslo 3-seater', '/products/oslo-3-seater'),
      cta('collection-compare', 'read-more', 'Compare sofas', '/compare/sofas'),
      cta('quick-add-oslo', 'add-to-cart', 'Quick add: Oslo'),
    ]),
    mark('testimonial', 'sofa-quotes', '"Comfiest sofa we have owned"', 'From 6,000 sofa reviews.', 320),
  ]),
  product('oslo-3-seater', 'Oslo 3-seater', 1290, 'Deep seats, feather-wrapped cushions, washable linen.'),
  product('fjord-oak-dining-table', 'Fjord oak dining table', 980, 'Oiled solid oak, seats six, extends to eight.'),
  product('alder-bookcase', 'Alder bookcase', 420, 'Solid ash, five shelves, wall-fixing kit included.'),
  ...HOME_GOODS_CONTENT,
  page('/compare/sofas', 'compare', 'Compare sofas', [
    mark(
      'comparison',
      'sofa-comparison-table',
      'Oslo vs Harlow vs Brae',
      'Seat depth, firmness, fabrics, price.',
      1000,
      [
        cta('compare-oslo', 'plan-option', 'Oslo'),
        cta('compare-harlow', 'plan-option', 'Harlow'),
        cta('compare-brae', 'plan-option', 'Brae'),
      ],
    ),
    text('Still torn?', 'Order free swatches of each fabric.', 340, [
      cta('compare-basket', 'add-to-cart', 'Add the Oslo to basket'),
    ]),
  ]),
  page('/cart', 'cart', 'Your basket', [
    text('Basket', 'Oslo 3-seater in oat linen, 1 item.', 420, [cta('basket-qty', 'interactive', 'Edit')]),
    mark('policy', 'basket-delivery-note', 'Delivery in 2-3 weeks', 'We will call to book a slot.', 240),
    {
      t: 'form',
      id: 'voucher-form',
      kind: 'coupon',
      heading: 'Voucher',
      fields: [field('code', 'Voucher code')],
      submit: 'Redeem',
    },
    text('Order total', 'Including VAT and delivery.', 260, [
      cta('basket-checkout', 'checkout', 'Go to checkout', '/checkout'),
    ]),
  ]),
  page('/checkout', 'checkout', 'Checkout', [
    {
      t: 'form',
      id: 'order-form',
      kind: 'checkout',
      heading: 'Delivery and payment',
      fields: [
        field('name', 'Full name'),
        field('email', 'E-mail', 'email'),
        field('phone', 'Phone for the delivery team', 'tel'),
        field('address', 'Address'),
        field('zip', 'Postcode'),
        field('card', 'Card number', 'tel'),
        field('expiry', 'Expiry date', 'tel'),
      ],
      submit: 'Pay securely',
      to: '/checkout/thank-you',
      conversion: { name: 'order', value: 1290, currency: 'GBP' },
    },
    mark('guarantee', 'secure-checkout-badge', 'Secure payment', '3-D Secure, no card details stored.', 240),
  ]),
  page('/checkout/thank-you', 'confirmation', 'Thank you for your order', [
    text('Order placed', 'We will call within two days to book delivery.', 520),
  ]),
  page(
    '/design-consultation/thank-you',
    'confirmation',
    'Your consultation is booked',
    [text('See you soon', 'Your designer will e-mail you before the session.', 480)],
    'Thanks for signing up | Larchwood',
  ),
];

/** Larchwood, a furniture and home-goods shop. */
export const HOME_GOODS = createSite({
  id: 'home-goods',
  name: 'Larchwood',
  pages: PAGES,
  flows: {
    cart: '/cart',
    checkout: '/checkout',
    ordered: '/checkout/thank-you',
    trial: '/design-consultation/sign-up',
    trialStarted: '/design-consultation/thank-you',
  },
  landing: {
    'google-organic': {
      paths: ['/', '/journal/small-space-living', '/journal/choosing-a-sofa-fabric', '/collections/sofas', '/warranty'],
    },
    'google-cpc': {
      paths: ['/collections/sofas', '/products/oslo-3-seater', '/products/fjord-oak-dining-table', '/'],
      campaigns: ['sofas-generic', 'brand', 'dining-tables'],
      terms: ['linen sofa', 'oak dining table', 'larchwood sofa', 'sofa delivered assembled'],
    },
    'facebook-paid': {
      paths: ['/products/oslo-3-seater', '/room-planner', '/', '/customer-stories'],
      campaigns: ['autumn-sale', 'planner-launch', 'retargeting-basket'],
      contents: ['room-reel', 'sofa-carousel', 'customer-home-ugc'],
    },
    newsletter: {
      paths: ['/journal/small-space-living', '/membership', '/products/alder-bookcase'],
      campaigns: ['workshop-letters', 'club-early-access'],
    },
    direct: { paths: ['/', '/collections/sofas', '/cart'] },
    'referral-blog': {
      paths: ['/reviews', '/products/oslo-3-seater', '/compare/sofas'],
      referrers: [
        'https://www.sofa-review.example/best-sofas-uk',
        'https://interiors-daily.example/small-flat-ideas',
        'https://reddit.example/r/HomeDecorating/comments/oslo',
      ],
    },
  },
  menu: [
    '/collections/sofas',
    '/products/fjord-oak-dining-table',
    '/room-planner',
    '/reviews',
    '/our-story',
    '/membership',
  ],
  cartLink: { id: 'header-basket', label: 'Basket' },
  footer: [
    { id: 'footer-delivery', path: '/delivery-and-returns', label: 'Delivery & returns' },
    { id: 'footer-warranty', path: '/warranty', label: 'Warranty' },
    { id: 'footer-terms-of-sale', path: '/policies/terms-of-sale', label: 'Terms of sale' },
  ],
});
