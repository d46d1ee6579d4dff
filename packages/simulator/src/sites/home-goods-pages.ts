import type { Page } from '../site';
import { type Block, cta, field, mark, pageBuilder, text } from '../site-builder';

// Larchwood's reviews, delivery and warranty pages, its story and designers, the planner, and its journal.

/** Lays out a page of Larchwood. */
export const larchwoodPage = pageBuilder('Larchwood');
const page = larchwoodPage;

const askUs = (id: string, heading: string): Block => ({
  t: 'form',
  id,
  kind: 'question',
  heading,
  fields: [
    field('name', 'Your name'),
    field('email', 'E-mail', 'email'),
    field('message', 'How can we help?', 'textarea'),
  ],
  submit: 'Send message',
});

/** Reviews, delivery and warranty, story and designers, room planner and showroom, journal and terms. */
export const HOME_GOODS_CONTENT: Page[] = [
  page('/reviews', 'proof', 'Customer reviews', [
    mark('testimonial', 'star-rating', '4.6 out of 5', '18,240 reviews from verified buyers.', 300),
    mark('testimonial', 'buyer-review-oslo', '"The Oslo survived two kids and a dog"', 'Hannah, Leeds.', 460),
    mark('testimonial', 'buyer-review-fjord', '"Solid oak, heavier than expected"', 'Mateo, Bristol.', 460),
    mark('stat', 'return-rate-figures', '1.8% returned', 'Fewer returns than any sofa brand we know.', 280),
    mark('testimonial', 'buyer-review-linen', '"Linen gets softer every wash"', 'Ines, Glasgow.', 420, [
      cta('reviews-stories', 'read-more', 'See customer homes', '/customer-stories'),
    ]),
  ]),
  page('/customer-stories', 'proof', 'Customer stories: real homes', [
    text('A flat in Hackney', 'How a 38 m² living room fits a 3-seater and a desk.', 820),
    mark('testimonial', 'homeowner-quote', '"It looks like a showroom now"', 'Priya and Sam.', 400),
    text('A farmhouse in Devon', 'Twelve chairs around one Fjord table.', 760),
    mark('stat', 'survey-results', '92% would buy again', 'Our 2024 owner survey, 3,100 answers.', 300),
  ]),
  page('/delivery-and-returns', 'reassurance', 'Delivery and returns', [
    mark('policy', 'delivery-options', 'Two-person delivery', 'Room of choice, packaging taken away.', 420, [
      cta('delivery-q-stairs', 'faq-toggle', 'Will it fit up my stairs?'),
      cta('delivery-q-slot', 'faq-toggle', 'Can I choose a time slot?'),
    ]),
    mark('policy', 'returns-window', '100 nights to decide', 'We collect it for free if it is not right.', 400),
    {
      t: 'form',
      id: 'delivery-date-form',
      kind: 'estimate',
      heading: 'Check delivery dates',
      fields: [field('zip', 'Postcode')],
      submit: 'Check dates',
    },
    askUs('delivery-question', 'Something else?'),
  ]),
  page('/warranty', 'reassurance', 'Warranty', [
    mark('guarantee', 'frame-warranty', '15-year frame warranty', 'Kiln-dried hardwood frames, guaranteed.', 460, [
      cta('warranty-seal', 'guarantee', '15-year warranty'),
    ]),
    mark('policy', 'coverage-terms', 'What is covered', 'Frames, springs and joints; not wear on fabric.', 520),
    {
      t: 'form',
      id: 'claim-form',
      kind: 'return',
      heading: 'Make a claim',
      fields: [
        field('order', 'Order number'),
        field('email', 'E-mail', 'email'),
        field('message', 'What happened?', 'textarea'),
      ],
      submit: 'Start claim',
    },
  ]),
  page('/help/assembly', 'reassurance', 'Assembly help', [
    text('Do I need tools?', 'Sofas arrive assembled; tables need 10 minutes.', 340, [
      cta('assembly-q-legs', 'faq-toggle', 'How do I fit the legs?'),
      cta('assembly-q-service', 'faq-toggle', 'Can you assemble it for me?'),
      cta('assembly-q-wall', 'faq-toggle', 'Do shelves need wall fixing?'),
    ]),
    mark('video', 'assembly-video', 'Watch: the Fjord table in 10 minutes', 'Step by step.', 420, [
      cta('assembly-play', 'play-video', 'Play'),
    ]),
    mark('guarantee', 'trust-pledge', 'Free help, always', 'Call us and we walk you through it.', 260),
  ]),
  page('/our-story', 'authority', 'Our story', [
    text('From one workshop in Hereford', 'Three cabinetmakers, one van, 2009.', 720),
    mark('credential', 'fsc-certification', 'FSC certified wood', 'Every board traceable to a managed forest.', 340, [
      cta('fsc-badge', 'credential', 'FSC licence'),
    ]),
    mark('press', 'design-award', 'Awards', 'Design Guild Mark 2022; Wallpaper* Design Award 2024.', 320),
    text('Our designers', 'The people who draw every piece.', 260, [
      cta('story-designers', 'read-more', 'Meet them', '/designers'),
    ]),
  ]),
  page(
    '/designers',
    'authority',
    'Our designers',
    [
      mark('team', 'designer-bio-ana', 'Ana Sørensen', 'Trained in Copenhagen; designed the Oslo range.', 440),
      mark('team', 'designer-bio-kofi', 'Kofi Mensah', 'Furniture maker, RCA graduate, City & Guilds master.', 440, [
        cta('kofi-credentials', 'credential', 'Guild credentials'),
      ]),
      mark('press', 'press-features', 'As featured in', 'House & Garden, Elle Decoration, The Guardian.', 300),
    ],
    'Meet the team: our designers | Larchwood',
  ),
  page(
    '/room-planner',
    'experience',
    'Room planner',
    [
      text('Plan your room in 3D', 'Drop in your walls, doors and our pieces.', 420, [
        cta('planner-draw', 'interactive', 'Draw my room'),
        cta('planner-place', 'interactive', 'Place a sofa'),
        cta('planner-ar', 'interactive', 'View in my room (AR)'),
      ]),
      mark('video', 'planner-tour', 'How the planner works', 'One minute.', 400, [
        cta('planner-play', 'play-video', 'Play'),
      ]),
      text('Want a hand?', 'Our designers plan it with you, free.', 300, [
        cta('planner-consult', 'start-trial', 'Book a free design consultation', '/design-consultation/sign-up'),
      ]),
    ],
    'Room planner – try it free | Larchwood',
  ),
  page('/design-consultation/sign-up', 'experience', 'Free design consultation: sign up', [
    text('An hour with a designer', 'On video or in a showroom; no obligation.', 380),
    {
      t: 'form',
      id: 'consultation-form',
      kind: 'trial',
      heading: 'Book your session',
      fields: [field('name', 'Name'), field('email', 'E-mail', 'email'), field('phone', 'Phone', 'tel')],
      submit: 'Book my session',
      to: '/design-consultation/thank-you',
      conversion: { name: 'consultation_booked' },
    },
  ]),
  page('/journal/small-space-living', 'blog', 'Small-space living: 9 ideas', [
    mark('author', 'author-card', 'By Ana Sørensen', 'Lead designer, 20 years of small flats.', 240),
    text('Measure twice', 'Doorways, stairs, and the sofa that fits.', 1200),
    mark('stat', 'room-size-data', 'The average UK living room', '16.5 m², and shrinking.', 360),
    text('Shop the look', 'Pieces from this story.', 520, [
      cta('journal-oslo', 'read-more', 'Oslo 3-seater', '/products/oslo-3-seater'),
    ]),
  ]),
  page('/journal/choosing-a-sofa-fabric', 'blog', 'Choosing a sofa fabric', [
    mark('author', 'expert-author', 'By Kofi Mensah', 'Upholsterer and furniture maker.', 240),
    text('Linen, velvet or wool?', 'Wear, stains and sunlight compared.', 1400),
    {
      t: 'form',
      id: 'journal-signup',
      kind: 'newsletter',
      heading: 'Letters from the workshop',
      fields: [field('email', 'E-mail', 'email')],
      submit: 'Sign me up',
    },
  ]),
  page('/policies/terms-of-sale', 'terms', 'Terms of sale', [
    mark('policy', 'terms-orders', 'Orders and payment', 'When a contract is made; deposits; finance.', 1300),
    mark('policy', 'terms-delivery', 'Delivery and risk', 'When the sofa becomes yours.', 1000),
  ]),
];
