import type { Page } from '../site';
import { cta, field, text, tracked } from '../site-builder';
import { guaranteeBadge, newsletter, page, reviewsBlock } from './trail-shop-blocks';

// The trail shop's content pages: proof, reassurance, authority and experience pages, then reading.

/** Reviews, case studies, FAQ and policies, about and credentials, demo, trial and video pages. */
export const TRUST_PAGES: Page[] = [
  page('/reviews', 'proof', 'Reviews', [
    tracked('stat', 'rating-summary', '4.8 / 5', '2,314 verified reviews; 96% would buy again.', 360),
    tracked('testimonial', 'review-1', '"Saved my knees on the descent"', 'Maria, 100-mile finisher.', 420),
    tracked('testimonial', 'review-2', '"Grip on wet granite is unreal"', 'Tom, mountain guide.', 420),
    tracked('testimonial', 'review-3', '"The app plan got me to my first 50k"', 'Aisha, beginner.', 420),
    tracked('testimonial', 'review-4', '"Lasted 1,200 km"', 'Jonas, trail club captain.', 420),
    text('Case studies', 'How clubs and coaches use Trail Coach.', 380, [
      cta('case-acme', 'read-more', 'Acme Running Club', '/case-studies/acme'),
      cta('case-ridgeline', 'read-more', 'Ridgeline Coaching', '/case-studies/ridgeline'),
    ]),
    tracked('testimonial', 'review-5', '"Customer service replaced them in 2 days"', 'Lena, ultra runner.', 420),
  ]),
  page('/case-studies/acme', 'proof', 'Case study: Acme Running Club', [
    text('The challenge', 'Sixty runners, three coaches, no shared plan.', 560),
    tracked('stat', 'acme-stats', '+27% finishers', 'Race completion rose from 68% to 95% in one season.', 380),
    text('What they did', 'Team plans, shared workouts, weekly load reports.', 720),
    tracked('testimonial', 'acme-quote', '"Our best season in ten years"', 'Head coach, Acme RC.', 380),
    tracked('stat', 'acme-injuries', '-41% injuries', 'Fewer overuse injuries after load tracking.', 360),
    text('Try it with your club', 'Team plans start at $49/month.', 340, [
      cta('acme-trial', 'start-trial', 'Start free trial', '/free-trial'),
    ]),
  ]),
  page('/case-studies/ridgeline', 'proof', 'Case study: Ridgeline Coaching', [
    text('Background', 'A coaching business with 300 athletes on four continents.', 560),
    tracked('stat', 'ridgeline-stats', '3x athletes per coach', 'Automated plans freed coaching time.', 380),
    text('Results', 'Retention, revenue and athlete satisfaction after a year.', 680),
    tracked('testimonial', 'ridgeline-quote', '"It pays for itself every month"', 'Founder, Ridgeline.', 380),
  ]),
  page('/faq', 'reassurance', 'Frequently asked questions', [
    text('Orders and sizing', 'Answers to the questions we hear most.', 300, [
      cta('faq-sizing', 'faq-toggle', 'How do the shoes fit?'),
      cta('faq-cancel', 'faq-toggle', 'Can I cancel the app any time?'),
      cta('faq-warranty', 'faq-toggle', 'What does the warranty cover?'),
    ]),
    text('Payments', 'Cards, PayPal and invoices; secure checkout.', 420, [
      cta('faq-secure', 'faq-toggle', 'Is checkout secure?'),
      cta('faq-refund', 'faq-toggle', 'How fast are refunds?'),
    ]),
    tracked('guarantee', 'guarantee-faq', 'Our promise', '100 days to return shoes, 30 days for the app.', 300, [
      guaranteeBadge('badge-faq'),
    ]),
    text('Data and privacy', 'What the app stores and how to delete it.', 480),
    {
      t: 'form',
      id: 'question-form',
      kind: 'question',
      heading: 'Still unsure? Ask us',
      fields: [
        field('name', 'Name'),
        field('email', 'E-mail', 'email'),
        field('question', 'Your question', 'textarea'),
      ],
      submit: 'Send question',
    },
  ]),
  page('/returns', 'reassurance', 'Returns', [
    tracked('policy', 'returns-policy', 'Free returns for 100 days', 'Even if you have run in them.', 520),
    text('How to return', 'Print the label, drop it off, refund in 3 days.', 560),
    {
      t: 'form',
      id: 'return-form',
      kind: 'return',
      heading: 'Start a return',
      fields: [field('order', 'Order number'), field('email', 'E-mail', 'email')],
      submit: 'Get my label',
    },
    tracked(
      'guarantee',
      'guarantee-returns',
      'No questions asked',
      'Full refund to your original payment method.',
      300,
      [guaranteeBadge('badge-returns')],
    ),
  ]),
  page('/shipping', 'reassurance', 'Shipping', [
    tracked('policy', 'shipping-policy', 'Free over $75', 'Delivered in 2-4 working days, tracked.', 480),
    text('International', 'Rates and customs for 40 countries.', 620),
    {
      t: 'form',
      id: 'estimate-form',
      kind: 'estimate',
      heading: 'When would it arrive?',
      fields: [field('postcode', 'Postcode')],
      submit: 'Estimate delivery',
    },
  ]),
  page('/guarantee', 'reassurance', 'Our guarantee', [
    tracked(
      'guarantee',
      'guarantee-main',
      'Run it for 100 days',
      'If it is not right, we refund you. Every time.',
      520,
      [guaranteeBadge('badge-guarantee')],
    ),
    tracked('policy', 'guarantee-terms', 'What is covered', 'Wear, fit, and change of mind.', 480),
    reviewsBlock('testimonials-guarantee', 360),
    {
      t: 'form',
      id: 'guarantee-question',
      kind: 'question',
      heading: 'Questions about the guarantee?',
      fields: [field('email', 'E-mail', 'email'), field('question', 'Your question', 'textarea')],
      submit: 'Ask us',
    },
  ]),
  page('/about', 'authority', 'About us', [
    text('Our story', 'Founded by two ultra runners and a sports scientist in 2014.', 620),
    tracked(
      'credential',
      'credentials-about',
      'Certified B Corp',
      'Independently audited for people and planet.',
      320,
      [cta('badge-bcorp', 'credential', 'B Corp certified')],
    ),
    tracked('press', 'press-about', 'Awards', 'Outdoor Gear Award 2023, Runner Tech Prize 2024.', 360),
    text('Meet the team', 'Coaches, designers, scientists.', 300, [
      cta('about-team', 'read-more', 'Our team', '/team'),
    ]),
  ]),
  page('/team', 'authority', 'Our team', [
    tracked('team', 'team-science', 'Dr. Lena Okafor', 'Head of sports science; PhD in exercise physiology.', 420, [
      cta('team-okafor', 'credential', 'Publications'),
    ]),
    tracked('team', 'team-coach', 'Marco Reyes', 'Head coach; 3x UTMB finisher, UESCA certified.', 420),
    tracked('team', 'team-design', 'Sara Lind', 'Footwear design lead, 15 years at major brands.', 420),
  ]),
  page('/press', 'authority', 'Press', [
    tracked(
      'press',
      'press-quotes',
      'What the press says',
      '"The smartest trail shoe of the year" - Outdoor Review.',
      520,
    ),
    text('Press kit', 'Logos, photos and fact sheet.', 420),
    tracked('press', 'press-awards', 'Awards', 'Gear of the Year 2023 and 2024.', 380),
  ]),
  page('/certifications', 'authority', 'Certifications', [
    tracked('credential', 'cert-bcorp', 'B Corp', 'Score 94.1 in the 2024 assessment.', 380, [
      cta('cert-bcorp-badge', 'credential', 'View B Corp report'),
    ]),
    tracked('credential', 'cert-iso', 'ISO 9001', 'Quality management, audited yearly.', 380),
    tracked('credential', 'cert-lab', 'Lab tested', 'Grip and durability tested by an independent lab.', 380, [
      cta('cert-lab-badge', 'credential', 'Lab report'),
    ]),
  ]),
  page('/demo', 'experience', 'Product demo', [
    tracked('video', 'demo-video', 'See Trail Coach in 3 minutes', 'A guided walkthrough of a training week.', 560, [
      cta('demo-play', 'play-video', 'Play video'),
    ]),
    text('Try it yourself', 'Drag the sliders to build a sample week.', 520, [
      cta('demo-pace', 'interactive', 'Pace calculator'),
      cta('demo-week', 'interactive', 'Build my week'),
      cta('demo-elevation', 'interactive', 'Elevation planner'),
    ]),
    text('Ready?', 'Full access free for 14 days.', 320, [
      cta('demo-trial', 'start-trial', 'Start free trial', '/free-trial'),
    ]),
  ]),
  page('/free-trial', 'experience', 'Free trial', [
    text('14 days free', 'No card needed. Cancel in one click.', 360),
    {
      t: 'form',
      id: 'trial-form',
      kind: 'trial',
      heading: 'Create your account',
      fields: [
        field('name', 'Name'),
        field('email', 'Work e-mail', 'email'),
        field('club', 'Club or team'),
        field('password', 'Password', 'password'),
      ],
      submit: 'Start my free trial',
      to: '/trial-started',
      conversion: { name: 'trial_signup' },
    },
    tracked('guarantee', 'guarantee-trial', 'No card, no risk', 'You will not be charged unless you upgrade.', 280),
  ]),
  page('/video-tour', 'experience', 'Video tour', [
    tracked('video', 'tour-video', 'A day with Trail Coach', 'Eight minutes on the trail with the app.', 620, [
      cta('tour-play', 'play-video', 'Play tour'),
    ]),
    text('Chapters', 'Planning, running, recovery, racing.', 420, [
      cta('tour-chapter-2', 'interactive', 'Jump to running'),
      cta('tour-chapter-3', 'interactive', 'Jump to recovery'),
    ]),
    text('Like what you see?', 'Start free or book a live demo.', 320, [
      cta('tour-trial', 'start-trial', 'Start free trial', '/free-trial'),
      cta('tour-demo', 'book-demo', 'Book a live demo', '/demo'),
    ]),
  ]),
];

/** Expert-written blog posts and the terms. */
export const READING_PAGES: Page[] = [
  page('/blog/expert-guide', 'blog', 'Expert guide: choosing trail shoes', [
    tracked('author', 'author-okafor', 'By Dr. Lena Okafor', 'Sports physiologist, 40 peer-reviewed papers.', 260, [
      cta('author-credentials', 'credential', 'Author credentials'),
    ]),
    text('Drop, stack and grip', 'What the research says about each.', 1100),
    tracked('stat', 'guide-study', 'The study', 'A 2023 trial with 412 runners over 6 months.', 420),
    text('Our picks', 'The three shoes we recommend and why.', 820, [
      cta('guide-shop', 'read-more', 'Shop Trail Runner 3', '/products/trail-runner'),
    ]),
    newsletter('newsletter-guide'),
  ]),
  page('/blog/training-science', 'blog', 'The science of trail training', [
    tracked('author', 'author-reyes', 'By Marco Reyes', 'Head coach, 3x UTMB finisher.', 260),
    text('Load and recovery', 'Why easy days matter more than hard ones.', 1200),
    tracked('stat', 'science-data', 'From 12 million km', 'What our anonymised data shows.', 420),
    text('Putting it into practice', 'A sample four-week block.', 900),
  ]),
  page('/terms', 'terms', 'Terms and conditions', [
    tracked('policy', 'terms-subscription', 'Subscriptions', 'Renewal, cancellation and refunds.', 1400),
    tracked('policy', 'terms-liability', 'Liability', 'Limits, warranties and disputes.', 1600),
    text('Privacy', 'How we process personal data.', 1400),
  ]),
];
