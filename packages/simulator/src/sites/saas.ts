import { createSite, type Page } from '../site';
import { cta, field, mark, text } from '../site-builder';
import { ledgerlyPage as page, SAAS_CONTENT } from './saas-pages';

// Ledgerly: invoicing and accounting software for small finance teams, sold by plan with add-ons.

const TIERS = [
  cta('tier-starter', 'plan-option', 'Starter $19'),
  cta('tier-growth', 'plan-option', 'Growth $49'),
  cta('tier-scale', 'plan-option', 'Scale $99'),
];

const feature = (path: string, name: string, pitch: string, addOn: string): Page => {
  const slug = path.split('/').pop()!;
  return page(path, 'product', name, [
    text(name, pitch, 560, [
      cta(`add-${slug}`, 'add-to-cart', `Add ${addOn} to my order`),
      cta(`subscribe-${slug}`, 'buy', 'Subscribe now', '/store/checkout'),
      cta(`trial-${slug}`, 'start-trial', 'Try it free', '/start-free-trial'),
    ]),
    mark('video', `${slug}-demo-video`, 'See it work', 'A 90-second walkthrough.', 420, [
      cta(`play-${slug}`, 'play-video', 'Play'),
    ]),
    text('How it works', 'Set-up, automation rules and the reports you get.', 820),
    mark('testimonial', `${slug}-user-review`, '"It simply works"', '4.7 from 1,900 reviews.', 340, [
      cta(`${slug}-stories`, 'read-more', 'Customer stories', '/customers'),
    ]),
  ]);
};

const PAGES: Page[] = [
  page(
    '/',
    'home',
    'Invoicing and accounting for small finance teams',
    [
      text('Get paid faster, close the month sooner', 'Invoices, expenses and reconciliation in one place.', 700, [
        cta('hero-start', 'start-trial', 'Start free trial', '/start-free-trial'),
        cta('hero-demo', 'book-demo', 'Book a demo', '/book-a-demo'),
      ]),
      mark('testimonial', 'client-quote-home', '"Month-end went from 15 days to 3"', 'CFO, Northwind Logistics.', 360, [
        cta('home-stories', 'read-more', 'Read the story', '/customers/northwind-logistics'),
      ]),
      mark('stat', 'results-figures-home', '$4.2 billion invoiced', 'By 11,400 teams in 2024.', 280),
      text('Everything finance needs', 'Invoicing, expenses, bank feeds, reports.', 620, [
        cta('home-invoicing', 'read-more', 'Invoicing', '/features/invoicing'),
      ]),
      mark('guarantee', 'security-badge-strip', 'Secure by design', 'SOC 2 Type II, encryption, SSO.', 240, [
        cta('home-security', 'guarantee', 'SOC 2 secured'),
      ]),
      mark('press', 'press-logos', 'Featured in', 'Financial Times, TechCrunch, Accounting Web.', 220),
    ],
    'Ledgerly – Invoicing and accounting software',
  ),
  page('/pricing', 'pricing', 'Plans and pricing', [
    text('Simple per-company pricing', 'Unlimited users on every plan.', 360, [
      cta('toggle-monthly', 'billing-toggle', 'Pay monthly'),
      cta('toggle-yearly', 'billing-toggle', 'Pay yearly (2 months free)'),
    ]),
    mark('plans', 'pricing-tiers', 'Starter, Growth and Scale', 'Invoices, entities and automation by tier.', 900, [
      ...TIERS,
      cta('pricing-start', 'start-trial', 'Start free trial', '/start-free-trial'),
      cta('pricing-subscribe', 'buy', 'Subscribe to Growth', '/store/checkout'),
      cta('pricing-compare', 'read-more', 'Compare every feature', '/plans/compare'),
    ]),
    mark(
      'guarantee',
      'refund-guarantee-pricing',
      '30-day refund',
      'Full refund on annual plans in the first month.',
      260,
    ),
    mark('testimonial', 'customer-rating', '4.7 / 5', 'From 1,900 reviews on G2 and Capterra.', 300),
    text('Pricing questions', 'Seats, VAT, nonprofits.', 360, [
      cta('pricing-q-vat', 'faq-toggle', 'Are prices before VAT?'),
      cta('pricing-q-nonprofit', 'faq-toggle', 'Do nonprofits get a discount?'),
      cta('pricing-billing-help', 'read-more', 'Billing help', '/help/billing'),
    ]),
  ]),
  page('/pricing/enterprise', 'pricing', 'Enterprise pricing', [
    text('For groups with many entities', 'Custom pricing from 10 entities.', 480, [
      cta('enterprise-demo', 'book-demo', 'Talk to sales', '/book-a-demo'),
    ]),
    mark('stat', 'uptime-figures', '99.98% uptime', 'Measured over the past 24 months.', 300),
    mark('policy', 'sla-terms', 'Service level agreement', 'Credits when we miss our targets.', 520),
    mark('plans', 'enterprise-plan', 'What Enterprise adds', 'Consolidation, audit log, dedicated manager.', 560),
  ]),
  feature('/features/invoicing', 'Invoicing', 'Branded invoices, reminders and online payment.', 'Payments'),
  feature(
    '/features/expense-tracking',
    'Expense tracking',
    'Snap receipts, approve spend, sync cards.',
    'Expense cards',
  ),
  feature('/integrations/stripe', 'Stripe integration', 'Payouts, fees and refunds matched for you.', 'Stripe sync'),
  ...SAAS_CONTENT,
  page('/store/cart', 'cart', 'Your order', [
    text('Growth plan, yearly', '$490 per year, 3 add-ons.', 420, [
      cta('order-seats', 'interactive', 'Change add-ons'),
    ]),
    {
      t: 'form',
      id: 'promo-form',
      kind: 'coupon',
      heading: 'Promo code',
      fields: [field('promo', 'Promo code')],
      submit: 'Apply code',
    },
    text('Due today', 'Taxes calculated at checkout.', 280, [
      cta('order-checkout', 'checkout', 'Continue to payment', '/store/checkout'),
    ]),
  ]),
  page('/store/checkout', 'checkout', 'Checkout', [
    {
      t: 'form',
      id: 'payment-form',
      kind: 'checkout',
      heading: 'Billing details',
      fields: [
        field('company', 'Company'),
        field('email', 'Billing e-mail', 'email'),
        field('vat', 'VAT number'),
        field('card', 'Card number', 'tel'),
        field('expiry', 'MM/YY', 'tel'),
      ],
      submit: 'Pay and subscribe',
      to: '/store/order-complete',
      conversion: { name: 'subscription', value: 490, currency: 'USD' },
    },
    mark('guarantee', 'secure-payment-badge', 'Payments by Stripe', 'We never see your card number.', 240),
  ]),
  page('/plans/compare', 'compare', 'Compare plans', [
    text('Billing period', 'Yearly saves two months.', 260, [
      cta('compare-monthly', 'billing-toggle', 'Monthly'),
      cta('compare-yearly', 'billing-toggle', 'Yearly'),
    ]),
    mark('comparison', 'feature-comparison', 'Every feature by plan', 'Limits, automation, reporting, support.', 1400, [
      ...TIERS.map((c) => ({ ...c, id: `compare-${c.id}` })),
      cta('compare-subscribe', 'buy', 'Subscribe', '/store/checkout'),
    ]),
  ]),
  page('/alternatives/quickbooks', 'compare', 'Ledgerly vs QuickBooks', [
    mark('comparison', 'ledgerly-vs-quickbooks', 'Side by side', 'Price, multi-entity, bank feeds, support.', 900),
    mark('testimonial', 'switcher-quote', '"Moved 4 entities in a weekend"', 'Head of finance, Marlow Group.', 360),
    text('Switching is easy', 'We import your QuickBooks data for free.', 380, [
      cta('switch-trial', 'start-trial', 'Start free trial', '/start-free-trial'),
      cta('switch-add', 'add-to-cart', 'Add free migration to my order'),
    ]),
  ]),
  page('/store/order-complete', 'confirmation', 'Thank you for your order', [
    text('You are subscribed', 'Your invoice is in your inbox.', 480),
  ]),
  page('/signup/thanks', 'confirmation', 'Thanks for starting your free trial', [
    text('Your workspace is ready', 'Connect your bank to get started.', 480),
  ]),
];

/** Ledgerly, a B2B invoicing and accounting SaaS. */
export const SAAS = createSite({
  id: 'saas',
  name: 'Ledgerly',
  pages: PAGES,
  flows: {
    cart: '/store/cart',
    checkout: '/store/checkout',
    ordered: '/store/order-complete',
    trial: '/start-free-trial',
    trialStarted: '/signup/thanks',
  },
  landing: {
    'google-organic': {
      paths: [
        '/',
        '/resources/guides/chasing-late-invoices',
        '/alternatives/quickbooks',
        '/features/invoicing',
        '/help/billing',
      ],
    },
    'google-cpc': {
      paths: ['/pricing', '/features/invoicing', '/alternatives/quickbooks', '/start-free-trial'],
      campaigns: ['brand', 'invoicing-software', 'quickbooks-competitor'],
      terms: ['invoicing software', 'quickbooks alternative', 'small business accounting', 'ledgerly pricing'],
    },
    'facebook-paid': {
      paths: ['/product-tour', '/', '/features/expense-tracking'],
      campaigns: ['q3-awareness', 'expense-cards-launch'],
      contents: ['founder-video', 'static-invoice', 'testimonial-carousel'],
    },
    newsletter: {
      paths: ['/blog/2024/closing-the-books-faster', '/pricing', '/integrations/stripe'],
      campaigns: ['month-end-memo', 'product-updates-june'],
    },
    direct: { paths: ['/', '/pricing', '/', '/store/cart'] },
    'referral-blog': {
      paths: ['/wall-of-love', '/customers', '/alternatives/quickbooks', '/book-a-demo'],
      referrers: [
        'https://www.g2.example/categories/invoicing',
        'https://smallbizfinance.example/reviews/ledgerly',
        'https://cfo-stack.example/tools-we-use',
      ],
    },
  },
  menu: ['/features/invoicing', '/pricing', '/customers', '/product-tour', '/security', '/company'],
  cartLink: { id: 'header-order', label: 'Order' },
  footer: [
    { id: 'footer-tos', path: '/legal/terms-of-service', label: 'Terms of service' },
    { id: 'footer-security', path: '/security', label: 'Security' },
    { id: 'footer-guarantee', path: '/money-back-guarantee', label: 'Money-back guarantee' },
  ],
});
