import type { Page } from '../site';
import { type Block, cta, field, mark, pageBuilder, text } from '../site-builder';

// Ledgerly's evidence, help, company, tour and reading pages.

/** Lays out a page of Ledgerly. */
export const ledgerlyPage = pageBuilder('Ledgerly');
const page = ledgerlyPage;

const securityQuestion = (id: string, heading: string): Block => ({
  t: 'form',
  id,
  kind: 'question',
  heading,
  fields: [
    field('email', 'Work e-mail', 'email'),
    field('company', 'Company'),
    field('message', 'Message', 'textarea'),
  ],
  submit: 'Send to our team',
});

/** Customer stories, help and policies, company pages, the tour, the demo and the trial, guides and terms. */
export const SAAS_CONTENT: Page[] = [
  page('/customers', 'proof', 'Customers', [
    mark(
      'stat',
      'customer-stats',
      '11,400 finance teams',
      'Invoices sent through Ledgerly last year: 9.2 million.',
      300,
    ),
    text('Stories by industry', 'Logistics, healthcare, agencies and wholesale.', 340, [
      cta('story-northwind', 'read-more', 'How Northwind Logistics closes in 3 days', '/customers/northwind-logistics'),
      cta('story-wall', 'read-more', 'See what users say', '/wall-of-love'),
    ]),
    mark(
      'testimonial',
      'client-quote',
      '"Our DSO dropped by 19 days"',
      'Priya N., controller at Fernhill Wholesale.',
      380,
    ),
    mark('testimonial', 'client-quote-agency', '"Invoicing went from a day to an hour"', 'Owner, Kestrel Studio.', 380),
    mark('stat', 'results-figures', '4.1 hours saved per week', 'Median across customers after 90 days.', 320),
  ]),
  page('/customers/northwind-logistics', 'proof', 'Northwind Logistics closes the books in 3 days', [
    text('Before Ledgerly', 'Twelve entities, four spreadsheets and a 15-day month-end close.', 640),
    mark('stat', 'roi-figures', '15 → 3 days', 'Month-end close after six months on Ledgerly.', 360),
    mark('testimonial', 'cfo-quote', '"Audit prep is now a non-event"', 'Dana Whitlock, CFO.', 420),
    text('The rollout', 'Bank feeds, approval flows and multi-entity consolidation.', 760),
    mark('stat', 'payment-data', '38% paid on first reminder', 'Automatic reminders on overdue invoices.', 320, [
      cta('northwind-trial', 'start-trial', 'Try it on your own books', '/start-free-trial'),
    ]),
  ]),
  page('/wall-of-love', 'proof', 'Wall of love', [
    mark('testimonial', 'g2-review', '4.7 on G2', '"Finally, accounting software my team actually opens."', 420),
    mark('testimonial', 'capterra-rating', '4.8 on Capterra', '"Reconciliation in minutes, not days."', 420),
    mark('testimonial', 'app-store-review', '"The mobile receipts scanner is magic"', 'Freelance designer.', 360),
    mark('testimonial', 'customer-quote-wall', '"Switched from spreadsheets, never looked back"', 'Bakery owner.', 360),
  ]),
  page('/security', 'reassurance', 'Security', [
    mark('guarantee', 'secure-hosting-badge', 'Bank-grade encryption', 'AES-256 at rest, TLS 1.3 in transit.', 400, [
      cta('security-badge', 'guarantee', 'Encryption details'),
    ]),
    mark('credential', 'soc2-certification', 'SOC 2 Type II', 'Audited every year by an independent firm.', 360, [
      cta('soc2-report', 'credential', 'Request the SOC 2 report'),
    ]),
    mark('policy', 'hosting-policy', 'Where your data lives', 'EU and US regions; you choose at sign-up.', 440),
    text('Common questions', 'Backups, access controls and incident response.', 300, [
      cta('sec-faq-backup', 'faq-toggle', 'How often do you back up?'),
      cta('sec-faq-sso', 'faq-toggle', 'Do you support SSO?'),
    ]),
    securityQuestion('security-questionnaire', 'Need a security questionnaire filled in?'),
  ]),
  page('/help/billing', 'reassurance', 'Billing help', [
    text('Billing questions', 'Plans, invoices and payment methods.', 260, [
      cta('billing-faq-change', 'faq-toggle', 'Can I change plans mid-cycle?'),
      cta('billing-faq-cancel', 'faq-toggle', 'How do I cancel?'),
      cta('billing-faq-vat', 'faq-toggle', 'Do you charge VAT?'),
      cta('billing-faq-seats', 'faq-toggle', 'How are seats counted?'),
    ]),
    mark('policy', 'cancellation-policy', 'Cancel any time', 'Monthly plans stop at the end of the period.', 360),
    mark(
      'guarantee',
      'refund-guarantee',
      '30-day refund',
      'Annual plans are refunded in full in the first 30 days.',
      300,
    ),
    securityQuestion('billing-question', 'Ask billing'),
  ]),
  page('/money-back-guarantee', 'reassurance', 'Money-back guarantee', [
    mark(
      'guarantee',
      'money-back-guarantee',
      '30 days, no questions',
      'If Ledgerly is not for you, we refund you.',
      480,
      [cta('guarantee-seal', 'guarantee', '30-day money-back seal')],
    ),
    mark('policy', 'payout-policy', 'How refunds work', 'Refunds reach your card within 5 business days.', 420),
    mark(
      'testimonial',
      'refunded-customer-review',
      '"They refunded without a fuss"',
      'Former customer, now back.',
      300,
    ),
  ]),
  page('/company', 'authority', 'About Ledgerly', [
    text('Why we built Ledgerly', 'Two accountants and an engineer, tired of month-end chaos.', 580),
    mark('press', 'award-list', 'Awards', 'Accounting Today Top Product 2023; FinTech Breakthrough 2024.', 320),
    mark('press', 'investor-press', 'In the press', 'Financial Times, TechCrunch, Accounting Web.', 300),
    text('Meet the people', 'Accountants, engineers and support staff in four countries.', 260, [
      cta('company-team', 'read-more', 'Our team', '/company/team'),
    ]),
  ]),
  page('/company/team', 'authority', 'Team', [
    mark('team', 'team-bio-founder', 'Grace Adeyemi, CEO', 'Chartered accountant, 12 years at a Big Four firm.', 380, [
      cta('cpa-credential', 'credential', 'ACCA member profile'),
    ]),
    mark('team', 'team-bio-cto', 'Lukas Brandt, CTO', 'Built payment systems used by 2 million merchants.', 380),
    mark('team', 'expert-advisors', 'Advisory board', 'A former IRS examiner and two audit partners.', 420, [
      cta('advisor-credentials', 'credential', 'Advisor credentials'),
    ]),
  ]),
  page('/company/press', 'authority', 'Press', [
    mark('press', 'press-coverage', 'Coverage', '"The invoicing tool small finance teams wanted" - FT.', 460),
    text('Media kit', 'Logos, screenshots and founder photos.', 380),
    mark('credential', 'award-badges', 'Recognition', 'G2 Leader, 8 quarters in a row.', 300, [
      cta('g2-leader', 'credential', 'G2 Leader badge'),
    ]),
  ]),
  page('/product-tour', 'experience', 'Product tour', [
    mark('video', 'tour-video', 'Ledgerly in four minutes', 'From first invoice to month-end close.', 520, [
      cta('tour-watch', 'play-video', 'Watch the tour'),
    ]),
    text('Click through it', 'A sandbox company with real-looking data.', 480, [
      cta('tour-invoice', 'interactive', 'Create a sample invoice'),
      cta('tour-reconcile', 'interactive', 'Reconcile a bank feed'),
      cta('tour-report', 'interactive', 'Open the P&L report'),
    ]),
    text('Ready to try it?', 'Free for 14 days, no card.', 300, [
      cta('tour-start-trial', 'start-trial', 'Start free trial', '/start-free-trial'),
      cta('tour-book-demo', 'book-demo', 'Book a demo', '/book-a-demo'),
    ]),
  ]),
  page('/book-a-demo', 'experience', 'Book a demo', [
    mark('video', 'demo-player', 'See a 2-minute preview', 'What a 30-minute demo covers.', 440, [
      cta('demo-preview-play', 'play-video', 'Play preview'),
    ]),
    {
      t: 'form',
      id: 'demo-request',
      kind: 'question',
      heading: 'Pick a time',
      fields: [
        field('name', 'Full name'),
        field('email', 'Work e-mail', 'email'),
        field('company', 'Company'),
        field('seats', 'Team size'),
      ],
      submit: 'Request demo',
    },
  ]),
  page('/start-free-trial', 'experience', 'Start your free trial', [
    text('14 days of everything', 'Every feature, unlimited invoices, no card.', 320),
    {
      t: 'form',
      id: 'signup-form',
      kind: 'trial',
      heading: 'Create your workspace',
      fields: [
        field('email', 'Work e-mail', 'email'),
        field('company', 'Company name'),
        field('password', 'Password', 'password'),
      ],
      submit: 'Create workspace',
      to: '/signup/thanks',
      conversion: { name: 'signup' },
    },
    mark('testimonial', 'signup-quote', '"Set up in 20 minutes"', 'Operations lead, Alder & Finch.', 300),
  ]),
  page('/resources/guides/chasing-late-invoices', 'blog', 'Guide: chasing late invoices politely', [
    mark('author', 'author-bio', 'By Grace Adeyemi, ACCA', 'Twelve years in audit and credit control.', 240, [
      cta('guide-author', 'credential', 'About the author'),
    ]),
    text('Why invoices go late', 'Unclear terms, wrong contacts, no reminders.', 1000),
    mark(
      'stat',
      'survey-data',
      'Survey of 2,100 businesses',
      'Invoices with a due date in the subject are paid 9 days sooner.',
      380,
    ),
    text('Templates', 'Three reminder e-mails that work.', 900, [
      cta('guide-tour', 'read-more', 'See reminders in Ledgerly', '/product-tour'),
    ]),
  ]),
  page('/blog/2024/closing-the-books-faster', 'blog', 'Closing the books faster: a checklist', [
    mark('author', 'expert-byline', 'By Tomasz Wiśniewski', 'Fractional CFO for 30 SaaS companies.', 260),
    text('The five-day close', 'What to automate, what to review, what to skip.', 1300),
    mark('stat', 'close-benchmark-figures', 'Benchmarks', 'Median close: 9 days; top quartile: 4.', 360),
    {
      t: 'form',
      id: 'guide-subscribe',
      kind: 'newsletter',
      heading: 'The month-end memo',
      fields: [field('email', 'Work e-mail', 'email')],
      submit: 'Get it monthly',
    },
  ]),
  page('/legal/terms-of-service', 'terms', 'Terms of service', [
    mark('policy', 'terms-billing', 'Billing and renewal', 'Plans renew automatically; cancel any time.', 1200),
    mark('policy', 'terms-data', 'Your data', 'You own it; export it whenever you like.', 1100),
    text('Liability', 'Limits of liability and governing law.', 1500),
  ]),
];
