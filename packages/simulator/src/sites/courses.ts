import { createSite, type Page } from '../site';
import { cta, field, mark, text } from '../site-builder';
import { COURSES_CONTENT, brightpathPage as page } from './courses-pages';

// Brightpath: online career courses with mentors, sold per course or by membership, with a free week.

const course = (slug: string, name: string, weeks: number, price: number): Page =>
  page(
    `/courses/${slug}`,
    'product',
    name,
    [
      text(name, `${weeks} weeks online, mentor calls, a certificate. £${price}.`, 540, [
        cta(`enroll-${slug}`, 'add-to-cart', 'Add to basket'),
        cta(`buy-${slug}`, 'buy', 'Enroll now', '/enroll'),
      ]),
      mark('video', `trailer-video-${slug}`, 'Course trailer', 'Two minutes with your instructor.', 420, [
        cta(`${slug}-trailer`, 'play-video', 'Play trailer'),
      ]),
      text('Syllabus', 'Modules, projects and the capstone.', 1100, [
        cta(`${slug}-syllabus`, 'interactive', 'Expand all modules'),
      ]),
      mark('testimonial', `student-reviews-${slug}`, 'Student reviews', '4.8 from 2,100 graduates.', 340, [
        cta(`${slug}-stories`, 'read-more', 'Success stories', '/success-stories'),
      ]),
      mark('guarantee', `refund-badge-${slug}`, '14-day refund', 'Not for you? Full refund.', 220),
    ],
    `${name} – course features | Brightpath`,
  );

const PAGES: Page[] = [
  page(
    '/',
    'home',
    'Learn a new career online',
    [
      text('Job-ready in six months', 'Data, design and product courses with a mentor.', 620, [
        cta('hero-courses', 'read-more', 'Browse courses', '/courses/data-analysis'),
        cta('hero-lesson', 'play-video', 'Watch a free lesson', '/free-lesson'),
      ]),
      mark('stat', 'graduate-results', '78% changed careers', 'Within a year of graduating.', 300),
      mark('testimonial', 'student-quote-home', '"Best money I ever spent"', 'Ama, data analyst.', 340),
      mark('credential', 'certification-strip', 'Accredited courses', 'Open Skills Council approved.', 220, [
        cta('home-accreditation', 'credential', 'Accredited'),
      ]),
    ],
    'Brightpath – Online career courses',
  ),
  page('/pricing', 'pricing', 'Pricing', [
    text('Pay per course or join', 'Instalments at 0%.', 300, [
      cta('pay-upfront', 'billing-toggle', 'Pay upfront'),
      cta('pay-monthly', 'billing-toggle', 'Pay monthly'),
    ]),
    mark(
      'plans',
      'membership-pricing',
      'Single course or All-access',
      '£890 per course, or £49 a month for all.',
      680,
      [
        cta('plan-single', 'plan-option', 'Single course'),
        cta('plan-all-access', 'plan-option', 'All-access'),
        cta('pricing-enroll', 'buy', 'Enroll', '/enroll'),
        cta('pricing-free-week', 'start-trial', 'Try free for 7 days', '/try-free'),
      ],
    ),
    mark('guarantee', 'money-back-guarantee', '14 days to change your mind', 'Full refund, no forms.', 260, [
      cta('pricing-guarantee', 'guarantee', 'Money-back guarantee'),
    ]),
  ]),
  course('data-analysis', 'Data Analysis', 24, 890),
  course('ux-design', 'UX Design', 28, 990),
  course('python-for-beginners', 'Python for Beginners', 8, 290),
  ...COURSES_CONTENT,
  page('/compare-plans', 'compare', 'Compare plans', [
    mark('comparison', 'compare-table', 'Single course vs All-access', 'Mentoring, projects, certificates.', 900, [
      cta('compare-single', 'plan-option', 'Single course'),
      cta('compare-all', 'plan-option', 'All-access'),
    ]),
    mark('stat', 'completion-figures', 'Completion rates', '84% finish with a mentor, 31% without.', 300, [
      cta('compare-add', 'add-to-cart', 'Add All-access to basket'),
    ]),
  ]),
  page('/basket', 'cart', 'Your basket', [
    text('Data Analysis', 'Starts 3 March, 24 weeks.', 380, [
      cta('basket-start-date', 'interactive', 'Change start date'),
    ]),
    {
      t: 'form',
      id: 'discount-form',
      kind: 'coupon',
      heading: 'Scholarship or discount code',
      fields: [field('code', 'Code')],
      submit: 'Apply',
    },
    text('Total', '£890, or 10 × £89.', 240, [cta('basket-enroll', 'checkout', 'Enroll', '/enroll')]),
  ]),
  page(
    '/enroll',
    'checkout',
    'Enrolment',
    [
      {
        t: 'form',
        id: 'enrolment-form',
        kind: 'checkout',
        heading: 'Your details and payment',
        fields: [
          field('name', 'Full name'),
          field('email', 'E-mail', 'email'),
          field('country', 'Country'),
          field('card', 'Card number', 'tel'),
          field('expiry', 'Expiry', 'tel'),
        ],
        submit: 'Pay and enroll',
        to: '/checkout/order-received',
        conversion: { name: 'enrolment', value: 890, currency: 'GBP' },
      },
      mark('guarantee', 'secure-badge', 'Secure payment', 'Encrypted, 14-day refund.', 220),
    ],
    'Enrolment: checkout | Brightpath',
  ),
  page(
    '/checkout/order-received',
    'confirmation',
    'You are enrolled',
    [text('Welcome', 'Your first module unlocks on Monday.', 480)],
    'Thank you for your order | Brightpath',
  ),
  page(
    '/try-free/welcome',
    'confirmation',
    'Your free week has started',
    [text('Welcome aboard', 'Lesson one is waiting.', 460)],
    'Thanks for signing up | Brightpath',
  ),
];

/** Brightpath, an online school of career courses. */
export const COURSES = createSite({
  id: 'courses',
  name: 'Brightpath',
  pages: PAGES,
  flows: {
    cart: '/basket',
    checkout: '/enroll',
    ordered: '/checkout/order-received',
    trial: '/try-free',
    trialStarted: '/try-free/welcome',
  },
  landing: {
    'google-organic': {
      paths: [
        '/blog/how-to-switch-careers-into-data',
        '/blog/portfolio-tips-for-designers',
        '/courses/data-analysis',
        '/',
      ],
    },
    'google-cpc': {
      paths: ['/courses/data-analysis', '/courses/ux-design', '/pricing', '/free-lesson'],
      campaigns: ['data-career', 'ux-career', 'brand'],
      terms: ['data analyst course', 'ux design course online', 'career change course', 'brightpath reviews'],
    },
    'facebook-paid': {
      paths: ['/free-lesson', '/success-stories', '/courses/python-for-beginners'],
      campaigns: ['new-year-new-career', 'free-lesson-push'],
      contents: ['graduate-story-video', 'lesson-clip', 'salary-static'],
    },
    newsletter: {
      paths: ['/blog/portfolio-tips-for-designers', '/pricing', '/courses/ux-design'],
      campaigns: ['career-tip-weekly'],
    },
    direct: { paths: ['/', '/', '/basket'] },
    'referral-blog': {
      paths: ['/success-stories', '/accreditation', '/courses/data-analysis', '/compare-plans'],
      referrers: ['https://coursecompare.example/data-bootcamps-2024', 'https://careerswitch.example/blog/my-journey'],
    },
  },
  menu: [
    '/courses/data-analysis',
    '/courses/ux-design',
    '/pricing',
    '/success-stories',
    '/instructors',
    '/free-lesson',
  ],
  cartLink: { id: 'basket-link', label: 'Basket' },
  footer: [
    { id: 'footer-refunds', path: '/refund-policy', label: 'Refund policy' },
    { id: 'footer-student-terms', path: '/legal/student-terms', label: 'Student terms' },
  ],
});
