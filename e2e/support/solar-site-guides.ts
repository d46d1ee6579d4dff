import type { SolarPage } from './solar-site.js';

const paragraphs = (...texts: string[]) => texts.map((t) => `<p>${t}</p>`).join('\n');

/** Brightpath Solar's engineering guides: long articles by a named engineer, with her credentials. */
export const GUIDE_PAGES: SolarPage[] = [
  {
    path: '/guides/how-many-panels-do-i-need',
    title: 'How many solar panels do I need? | Brightpath Solar guides',
    type: 'blog',
    body: `
<section><h1>How many solar panels do I need?</h1><p>By Dr Amara Okafor CEng MIET, Head of Engineering · 12 min read</p>
${paragraphs(
  'Start from your annual use, not your bill: a typical three-bedroom home uses 2,700 to 3,500 kWh a year.',
  'A 400 W panel on a south-facing roof in Gloucestershire makes about 380 kWh a year; east-west roofs make 15% less.',
)}</section>
<section data-ri-track="key-takeaways"><h2>The short answer</h2>
<ul><li>Use 2,700 kWh: 8 to 10 panels</li><li>Heat pump or electric car: 14 to 18 panels</li>
<li>Size to your roof's best face, then add a battery if you are out all day</li></ul></section>
<section data-ri-track="sizing-table"><h2>Sizing by household</h2>
<table><tr><th>Household</th><th>Annual use</th><th>Panels</th></tr><tr><td>1–2 people</td><td>1,800 kWh</td><td>6</td></tr>
<tr><td>3–4 people</td><td>2,900 kWh</td><td>10</td></tr><tr><td>4–5 people with EV</td><td>5,600 kWh</td><td>16</td></tr></table>
${paragraphs('Sources: Ofgem typical domestic consumption values 2026; MCS irradiance dataset for zone 5E.')}</section>
<section data-ri-track="author-bio"><h2>About the author</h2>
${paragraphs(
  'Amara leads our engineering team. She holds a PhD in photovoltaic systems from the University of Bath, is a Chartered Engineer and sits on the IET working group on domestic storage.',
)}
<a class="badge" id="author-profile" data-ri-cta href="/about/team">Meet Amara and the engineering team</a></section>`,
  },
  {
    path: '/guides/solar-batteries-explained',
    title: 'Solar batteries explained: when one pays for itself | Brightpath Solar guides',
    type: 'blog',
    body: `
<section><h1>Solar batteries explained</h1><p>By Dr Amara Okafor CEng MIET · 9 min read</p>
${paragraphs(
  'A battery stores what your panels make at midday for the evening, when you use most.',
  'Whether it pays depends on when you are home and on your tariff; we show the sums below.',
)}</section>
<section data-ri-track="key-takeaways"><h2>In brief</h2>
<ul><li>Out all day: a battery lifts self-use from about 35% to 70%</li><li>On a time-of-use tariff it can also charge cheaply overnight</li>
<li>Payback: 7 to 11 years for a 10 kWh battery at current prices</li></ul></section>
<section data-ri-track="expert-analysis"><h2>The sums</h2>
${paragraphs(
  'We modelled 312 of our customers’ half-hourly meter data for a full year, with and without a battery.',
  'Households using under 2,500 kWh rarely recover the cost; those with heat pumps usually do within 9 years.',
)}</section>
<section data-ri-track="author-bio"><h2>About the author</h2>
${paragraphs('Dr Amara Okafor CEng MIET leads Brightpath’s engineering team and sits on the IET working group on domestic storage.')}
<a class="badge" id="author-profile" data-ri-cta href="/about/team">Meet the engineering team</a></section>`,
  },
];
