import type { SolarPage } from './solar-site.js';
import { GUIDE_PAGES } from './solar-site-guides.js';

// Brightpath Solar's pages. Sections whose time on screen matters carry data-ri-track with names the owner
// chose; buttons are calls to action on their own, and badges and text links that act as one carry data-ri-cta.

const review = (name: string, place: string, stars: number, text: string) =>
  `<blockquote><p>${'★'.repeat(stars)}${'☆'.repeat(5 - stars)} “${text}”</p><footer>${name}, ${place}</footer></blockquote>`;

const REVIEWS = [
  review('Helen M.', 'Nailsworth', 5, 'Survey to switch-on in 19 days. Our bill went from £164 to £38 in June.'),
  review(
    'Tom & Priya',
    'Cirencester',
    5,
    'They showed us the generation data from three nearby roofs before we signed.',
  ),
  review(
    'Gareth L.',
    'Minchinhampton',
    4,
    'Scaffolding stayed up two extra days because of rain, otherwise faultless.',
  ),
  review('Ruth A.', 'Dursley', 5, 'The app shows what the panels make every hour; we are 71% self-sufficient.'),
  review('Sam O.', 'Painswick', 5, 'Clear quote, no upselling, the battery was optional and they said so.'),
  review('Jo K.', 'Stroud', 4, 'First year saving was £890, a little under the estimate because of the shading.'),
].join('\n');

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const GENERATION = [312, 455, 780, 1104, 1322, 1390, 1361, 1198, 902, 610, 366, 260];
const energyRows = MONTHS.map(
  (m, i) =>
    `<tr><td>${m}</td><td>${GENERATION[i]} kWh</td><td>${Math.round(GENERATION[i]! * 0.62)} kWh</td><td>£${Math.round(GENERATION[i]! * 0.19)}</td></tr>`,
).join('');

const question = (id: string, q: string, a: string) =>
  `<div><button class="faq-question" id="${id}" aria-expanded="false">${q}</button><p class="answer">${a}</p></div>`;

const paragraphs = (...texts: string[]) => texts.map((t) => `<p>${t}</p>`).join('\n');

export const SOLAR_PAGES: SolarPage[] = [
  {
    path: '/',
    title: 'Brightpath Solar — Home solar panels, designed and installed',
    type: 'home',
    body: `
<section><h1>Lower bills from the first sunny day</h1>
${paragraphs(
  'Brightpath designs, installs and looks after solar panels and batteries for homes across Gloucestershire.',
  'One survey, one fixed price, one team from the roof to the fuse box.',
)}
<a class="btn" id="hero-packages" href="/pricing">See packages and prices</a>
<a class="btn" id="hero-tour" href="/virtual-tour">Take the virtual tour</a></section>
<section data-ri-track="install-stats"><h2>2,417 roofs and counting</h2>
<ul><li>4.9 out of 5 from 1,180 verified reviews</li><li>Average first-year saving: £1,040</li>
<li>Average install: 1.5 days on the roof</li><li>98.7% of systems at or above forecast after 3 years</li></ul>
<a class="btn" id="read-customer-stories" href="/customer-stories">Read customer stories</a></section>
<section data-ri-track="warranty-badge"><h2>Covered for 25 years</h2>
${paragraphs('Panels, inverter and our workmanship, backed by an insurance-backed guarantee and a 14-day cooling-off period.')}
<a class="badge" id="warranty-badge" data-ri-cta href="/warranty">25-year warranty · money-back guarantee</a></section>
<section data-ri-track="how-it-works"><h2>How it works</h2>
<ol><li>Free roof survey, in person or by video</li><li>A fixed quote with your forecast</li>
<li>Installation by our own MCS-certified team</li><li>Switch-on, and monitoring for life</li></ol></section>
<section data-ri-track="press"><h2>As featured in</h2>
${paragraphs('The Guardian · Which? · BBC Radio Gloucestershire · Solar Power Portal')}
<a class="badge" id="certification-badges" data-ri-cta href="/about/certifications">MCS certified · NICEIC approved · RECC member</a></section>
<section data-ri-track="latest-guide"><h2>From our engineers</h2>
<p><a id="latest-guide" href="/guides/solar-batteries-explained">Solar batteries explained: when one pays for itself</a></p>
<p><a id="sizing-guide" href="/guides/how-many-panels-do-i-need">How many panels do I need?</a></p></section>`,
  },
  {
    path: '/pricing',
    title: 'Solar packages and pricing | Brightpath Solar',
    type: 'pricing',
    body: `
<section data-ri-track="solar-packages"><h1>Packages</h1>
<p><button class="billing-toggle" id="billing-upfront" data-group="billing" aria-pressed="true">Pay upfront</button>
<button class="billing-toggle" id="billing-monthly" data-group="billing" aria-pressed="false">Monthly financing</button></p>
<div class="plans">
<div><h3>Essential 4 kW</h3><p>10 panels</p><p class="price" data-upfront="£5,480" data-monthly="£58/month"></p>
<button class="plan-toggle" id="plan-essential" data-group="plan" aria-pressed="false">Choose Essential</button></div>
<div><h3>Family 6.4 kW</h3><p>16 panels, most chosen</p><p class="price" data-upfront="£7,690" data-monthly="£81/month"></p>
<button class="plan-toggle" id="plan-family" data-group="plan" aria-pressed="true">Choose Family</button></div>
<div><h3>Premium 9.6 kW + battery</h3><p>24 panels, 10 kWh battery</p><p class="price" data-upfront="£14,950" data-monthly="£157/month"></p>
<button class="plan-toggle" id="plan-premium" data-group="plan" aria-pressed="false">Choose Premium</button></div>
</div>
<p><a class="btn" id="reserve-installation" href="/checkout">Reserve installation</a>
<a class="btn" id="free-quote" href="/quote">Get a free quote</a></p></section>
<section data-ri-track="financing-options"><h2>Financing</h2>
${paragraphs(
  'Spread the cost over 5, 10 or 15 years at 6.9% APR representative, or pay upfront and save the interest.',
  'Monthly figures above are for 10 years. Most Family customers save more each month than the repayment.',
)}</section>
<section data-ri-track="price-promise"><h2>Our price promise</h2>
${paragraphs(
  'The price we quote is the price you pay: scaffolding, bird protection and certificates included.',
  'Change your mind within 14 days of signing and your deposit comes back in full.',
)}</section>
<section data-ri-track="whats-included"><h2>What every package includes</h2>
<ul><li>Helios 400 all-black panels</li><li>Hybrid inverter, ready for a battery</li><li>Monitoring app</li>
<li>DNO notification and MCS certificate</li><li>Export tariff registration</li></ul>
<p><a id="compare-panels" href="/compare/panels">Compare panels</a> · <a id="solar-vs-grid" href="/solar-vs-grid">Solar vs grid: 20-year costs</a></p></section>`,
    script: `window.updatePrices = () => {
  const monthly = document.getElementById('billing-monthly').getAttribute('aria-pressed') === 'true';
  for (const p of document.querySelectorAll('.price')) p.textContent = monthly ? p.dataset.monthly : p.dataset.upfront;
}; updatePrices();`,
  },
  {
    path: '/products/helios-400',
    title: 'Helios 400 solar panel | Brightpath Solar',
    type: 'product',
    body: `
<section><h1>Helios 400</h1>
${paragraphs('A 400 W all-black monocrystalline panel, 1722 × 1134 mm, made for UK roofs and UK weather.')}
<a class="btn" id="add-to-quote" href="/quote">Add to my quote</a></section>
<section data-ri-track="panel-specs"><h2>Specifications</h2>
<table><tr><th>Peak power</th><td>400 W</td></tr><tr><th>Efficiency</th><td>21.8%</td></tr>
<tr><th>Temperature coefficient</th><td>−0.29%/°C</td></tr><tr><th>Annual degradation</th><td>0.25%</td></tr>
<tr><th>Wind and snow load</th><td>2400 Pa / 5400 Pa</td></tr><tr><th>Weight</th><td>20.8 kg</td></tr></table></section>
<section data-ri-track="independent-test-results"><h2>Independent test results</h2>
${paragraphs(
  'Top Performer in the 2026 PVEL scorecard for thermal cycling, damp heat and mechanical stress.',
  'After 600 thermal cycles the Helios lost 0.9% of its power; the industry median is 2.4%.',
)}</section>
<section data-ri-track="panel-3d-viewer"><h2>See it from every side</h2>
<div class="video" id="panel-view">Front view</div>
<button class="video-chapter" id="rotate-panel">Rotate the panel</button>
<button class="video-chapter" id="panel-on-roof">Show it on a slate roof</button></section>
<section data-ri-track="panel-reviews"><h2>What owners say</h2>${REVIEWS}
<p><a class="btn" id="all-customer-stories" href="/customer-stories">Read all customer stories</a></p></section>`,
    script: `let angle = 0; for (const id of ['rotate-panel', 'panel-on-roof']) document.getElementById(id).onclick = () => {
  angle = (angle + 90) % 360; document.getElementById('panel-view').textContent = id === 'rotate-panel' ? 'Rotated ' + angle + '°' : 'On a slate roof';
};`,
  },
  {
    path: '/customer-stories',
    title: 'Customer stories | Brightpath Solar',
    type: 'reviews',
    body: `
<section data-ri-track="install-stats"><h1>Customer stories</h1>
<ul><li>1,180 verified reviews, 4.9 average</li><li>£1,040 average first-year saving</li>
<li>62% of customers add a battery within two years</li></ul></section>
<section data-ri-track="customer-reviews"><h2>Reviews</h2>${REVIEWS}</section>
<section data-ri-track="featured-case-study"><h2>Case study: the Hartley farmhouse</h2>
${paragraphs('A 9.6 kW roof and a 10 kWh battery on a 1870s stone farmhouse: the first year in numbers.')}
<a class="btn" id="read-case-study" href="/case-studies/hartley-farmhouse">Read the case study</a></section>
<section data-ri-track="review-ratings"><h2>Ratings by stage</h2>
<table><tr><th>Survey</th><td>4.9</td></tr><tr><th>Installation</th><td>4.8</td></tr><tr><th>Aftercare</th><td>4.9</td></tr>
<tr><th>Forecast accuracy</th><td>4.7</td></tr></table></section>`,
  },
  {
    path: '/case-studies/hartley-farmhouse',
    title: 'Case study: a 9.6 kW roof for a Hartley farmhouse | Brightpath Solar',
    type: 'reviews',
    body: `
<section><h1>The Hartley farmhouse</h1>
${paragraphs(
  'Anna and David Hartley heat with an air-source heat pump and charge an electric car at home.',
  'Their 1870s roof faces south-south-west with a chimney shading the east corner until 10 am.',
)}</section>
<section data-ri-track="case-study-results"><h2>Year one</h2>
<ul><li>10,060 kWh generated, 4% above forecast</li><li>£1,612 saved on bills and export payments</li>
<li>94% of daytime use covered from April to September</li><li>Payback forecast: 8.9 years</li></ul></section>
<section data-ri-track="energy-data"><h2>Month by month</h2>
<table><tr><th>Month</th><th>Generated</th><th>Used at home</th><th>Saved</th></tr>${energyRows}</table></section>
<section data-ri-track="customer-quote"><h2>In their words</h2>
${paragraphs('“We checked the forecast against the meter every month. It was right within a few percent.” — Anna Hartley')}
<a class="btn" id="see-their-panel" href="/products/helios-400">See the panel they chose</a>
<a class="btn" id="similar-quote" href="/quote">Get a similar quote</a></section>`,
  },
  {
    path: '/warranty',
    title: 'Our 25-year warranty | Brightpath Solar',
    type: 'faq',
    body: `
<section data-ri-track="25-year-warranty"><h1>25 years, in writing</h1>
${paragraphs(
  'Panels: 25-year product and performance warranty. Inverter: 12 years. Our workmanship: 10 years, insurance-backed.',
  'If we ceased trading, the insurance-backed guarantee still pays for repairs.',
)}
${question('warranty-not-covered', 'What does the warranty not cover?', 'Damage from storms is for your home insurance; we help with the claim.')}
${question('warranty-claim', 'How do I make a claim?', 'Call or message us; we visit within 5 working days at no cost.')}</section>
<section data-ri-track="money-back-guarantee"><h2>Performance guarantee</h2>
${paragraphs(
  'If your system makes less than 95% of its forecast in the first two years, we pay you the difference.',
  'Cancel within 14 days of signing for a full refund of your deposit, no questions asked.',
)}</section>
<section data-ri-track="warranty-terms"><h2>The terms</h2>
<ol><li>The warranty passes to the new owner if you sell your home.</li>
<li>Cleaning is not required for the warranty to hold.</li><li>Annual checks are free for the first 3 years.</li>
<li>Parts replaced under warranty carry the remaining term.</li><li>Roof leaks caused by our fixings are repaired at our cost, for 10 years.</li>
<li>Forecasts are made with MCS methods and shading analysis; the guarantee uses the forecast in your contract.</li></ol>
<a class="btn" id="read-faq" href="/faq">Read the FAQ</a></section>`,
  },
  {
    path: '/faq',
    title: 'Frequently asked questions | Brightpath Solar',
    type: 'faq',
    body: `
<section data-ri-track="faq-financing"><h1>Questions we are asked</h1>
${question('faq-cancel', 'Can I cancel after signing?', 'Yes, within 14 days, with a full refund of your deposit.')}
${question('faq-finance-safe', 'Is the financing regulated?', 'Yes. Our lender is authorised by the Financial Conduct Authority.')}
${question('faq-deposit', 'When do I pay?', 'A £250 deposit to book, the rest after switch-on and sign-off.')}</section>
<section data-ri-track="refund-policy"><h2>Refunds</h2>
${paragraphs('Deposits are refunded in full within 14 days of cancelling, and in full if our survey finds your roof unsuitable.')}</section>
<section data-ri-track="installation-safety"><h2>Safety and your roof</h2>
${question('faq-roof-damage', 'What if my roof is damaged?', 'We carry £10m public liability insurance and repair any damage we cause.')}
${question('faq-scaffolding', 'Is the scaffolding safe?', 'It is erected by a CISRS-certified partner and inspected every 7 days.')}
${paragraphs('Every installer holds an ECS card, and every system is tested and certified before switch-on.')}</section>
<section data-ri-track="data-privacy"><h2>Your data</h2>
${paragraphs('Your monitoring data is yours. We never sell it, and never pass your details to other companies.')}
<a class="btn" id="faq-quote" href="/quote">Get a free, no-obligation quote</a></section>`,
  },
  {
    path: '/about/team',
    title: 'Our team | Brightpath Solar',
    type: 'about',
    body: `
<section data-ri-track="engineering-team"><h1>The people on your roof</h1>
${paragraphs(
  'Dr Amara Okafor CEng MIET, Head of Engineering: fifteen years designing grid-connected systems, former researcher at the University of Bath.',
  'Luke Penrose, Installation Lead: MCS assessor, 1,400 installs, NICEIC Qualified Supervisor.',
  'Sian Doyle, Survey Manager: chartered surveyor, author of the RICS note on roofs and solar.',
)}</section>
<section data-ri-track="team-credentials"><h2>Qualified, not just trained</h2>
<ul><li>4 chartered engineers</li><li>All electricians NICEIC registered</li><li>Every roofer CITB trained</li></ul>
<a class="badge" id="team-certifications" data-ri-cta href="/about/certifications">Our certifications and awards</a></section>
<section data-ri-track="press"><h2>Talks and publications</h2>
${paragraphs('Amara spoke on home batteries at Solar & Storage Live 2026 and writes our engineering guides.')}</section>`,
  },
  {
    path: '/about/certifications',
    title: 'Certifications and awards | Brightpath Solar',
    type: 'about',
    body: `
<section data-ri-track="certifications"><h1>Certifications</h1>
<a class="badge" id="cert-mcs" data-ri-cta href="#mcs">MCS certified installer 41873</a>
<a class="badge" id="cert-niceic" data-ri-cta href="#niceic">NICEIC approved contractor</a>
<a class="badge" id="cert-recc" data-ri-cta href="#recc">RECC consumer code member</a>
<a class="badge" id="cert-trustmark" data-ri-cta href="#trustmark">TrustMark registered</a>
<a class="badge" id="cert-iso" data-ri-cta href="#iso">ISO 9001 quality management</a>
${paragraphs('Each number can be checked on the certifier’s public register.')}</section>
<section data-ri-track="awards"><h2>Awards</h2>
<ul><li>Regional Installer of the Year, Solar & Storage Awards 2026</li><li>Which? Trusted Trader since 2021</li>
<li>Gloucestershire Green Business of the Year 2025</li></ul></section>
<section data-ri-track="press"><h2>Press</h2>
${paragraphs(
  '“One of the few installers that publishes its forecast accuracy.” — The Guardian, Money section',
  '“Meticulous survey work.” — Which? member review panel',
)}</section>`,
  },
  {
    path: '/compare/panels',
    title: 'Compare panels: Helios 400 vs Aurora 430 vs Summit 370 | Brightpath Solar',
    type: 'comparison',
    body: `
<section data-ri-track="comparison-table"><h1>Compare panels</h1>
<p><button class="compare-toggle" id="show-price-per-watt" data-group="compare-unit" aria-pressed="false">Price per watt</button>
<button class="compare-toggle" id="show-price-per-panel" data-group="compare-unit" aria-pressed="true">Price per panel</button></p>
<table><tr><th></th><th>Helios 400</th><th>Aurora 430</th><th>Summit 370</th></tr>
<tr><td>Power</td><td>400 W</td><td>430 W</td><td>370 W</td></tr><tr><td>Efficiency</td><td>21.8%</td><td>22.4%</td><td>20.1%</td></tr>
<tr><td>Price</td><td>£168</td><td>£214</td><td>£131</td></tr><tr><td>Per watt</td><td>£0.42</td><td>£0.50</td><td>£0.35</td></tr>
<tr><td>Warranty</td><td>25 years</td><td>30 years</td><td>15 years</td></tr></table></section>
<section data-ri-track="value-verdict"><h2>Which is best value?</h2>
${paragraphs(
  'On most south-facing roofs the Helios returns the most per pound over 25 years.',
  'The Aurora wins where roof space is short; the Summit where the budget is.',
)}
<a class="btn" id="compare-packages" href="/pricing">Compare packages</a></section>`,
  },
  {
    path: '/solar-vs-grid',
    title: 'Solar vs grid electricity: 20-year costs | Brightpath Solar',
    type: 'comparison',
    body: `
<section data-ri-track="cost-comparison-chart"><h1>Solar vs grid over 20 years</h1>
<table><tr><th>Year</th><th>Grid only</th><th>Family 6.4 kW</th></tr>
<tr><td>1</td><td>£1,850</td><td>£820</td></tr><tr><td>5</td><td>£9,600</td><td>£4,300</td></tr>
<tr><td>10</td><td>£20,400</td><td>£9,100</td></tr><tr><td>20</td><td>£44,900</td><td>£19,800</td></tr></table></section>
<section data-ri-track="payback-table"><h2>Payback by package</h2>
<table><tr><th>Essential</th><td>9.8 years</td></tr><tr><th>Family</th><td>8.1 years</td></tr><tr><th>Premium</th><td>9.4 years</td></tr></table>
<a class="btn" id="see-packages" href="/pricing">See packages</a></section>`,
  },
  {
    path: '/virtual-tour',
    title: 'Virtual tour and savings calculator | Brightpath Solar',
    type: 'demo',
    body: `
<section data-ri-track="savings-demo-video"><h1>Watch an install, start to finish</h1>
<div class="video" id="tour-player">3-minute tour</div>
<button class="video-chapter" id="play-tour">Play the tour</button>
<button class="video-chapter" id="chapter-survey">Chapter: the survey</button>
<button class="video-chapter" id="chapter-install">Chapter: install day</button>
<button class="video-chapter" id="chapter-switch-on">Chapter: switch-on</button></section>
<section data-ri-track="savings-calculator"><h2>Try the savings calculator</h2>
<form id="savings-calculator" onsubmit="return false">
<label>Monthly electricity bill <input type="range" id="calc-bill" name="bill" min="40" max="400" value="120"></label>
<label>Roof faces <select id="calc-roof" name="roof"><option>South</option><option>South-east</option><option>South-west</option><option>East-west</option></select></label>
<label>Postcode <input id="calc-postcode" name="postcode" autocomplete="off"></label>
<button type="button" class="btn" id="calculate-savings">Calculate my savings</button></form>
<p id="calc-result">Your estimate appears here.</p></section>
<section data-ri-track="roof-3d-preview"><h2>Your roof, before we touch it</h2>
${paragraphs('Book a free virtual consultation: we design your roof live on a video call, panel by panel.')}
<a class="btn" id="book-virtual-consultation" href="/quote">Book a free virtual consultation</a>
<a class="btn" id="panel-in-3d" href="/products/helios-400">See the panel in 3D</a></section>`,
    script: `const player = document.getElementById('tour-player');
for (const b of document.querySelectorAll('[data-ri-track=savings-demo-video] button'))
  b.addEventListener('click', () => { player.textContent = 'Playing: ' + b.textContent; });
document.getElementById('calculate-savings').onclick = () => {
  const bill = Number(document.getElementById('calc-bill').value);
  document.getElementById('calc-result').textContent = 'About £' + Math.round(bill * 12 * 0.58) + ' a year with the Family package.';
};`,
  },
  ...GUIDE_PAGES,
  {
    path: '/quote',
    title: 'Get your free quote | Brightpath Solar',
    type: 'other',
    body: `
<section><h1>Your free quote</h1>
<form id="quote-form" method="post" action="/quote/thank-you">
<label>Full name <input id="quote-name" name="name" autocomplete="off"></label>
<label>Email <input id="quote-email" name="email" type="email" autocomplete="off"></label>
<label>Postcode <input id="quote-postcode" name="postcode" autocomplete="off"></label>
<label>Roof type <select id="quote-roof" name="roof"><option>Pitched tiles</option><option>Pitched slate</option><option>Flat</option></select></label>
<button type="submit" class="btn" id="request-quote">Request my free quote</button></form></section>
<section data-ri-track="no-obligation-promise"><h2>No obligation, no pressure</h2>
${paragraphs('We send one quote and one follow-up, never more. Your details are never sold or shared.')}</section>
<section data-ri-track="quote-reviews"><h2>Recently quoted</h2>${review('Mel D.', 'Stonehouse', 5, 'The quote arrived the same evening and matched the final invoice.')}</section>`,
  },
  {
    path: '/quote/thank-you',
    title: 'Thanks, your quote is on its way | Brightpath Solar',
    // A thank-you page that names no flow takes the type of the page before it: the quote form's.
    type: 'other',
    body: `<section><h1>Thank you</h1><p>Your quote will arrive by email this evening.</p></section>`,
    script: `RI('conversion', { name: 'quote_request' });`,
  },
  {
    path: '/checkout',
    title: 'Reserve your installation | Brightpath Solar',
    type: 'cart',
    body: `
<section><h1>Reserve your installation</h1>
<p>Family 6.4 kW · £7,690 · £250 refundable deposit today</p>
<form id="reserve-form" method="post" action="/checkout/thank-you">
<label>Full name <input id="reserve-name" name="name" autocomplete="off"></label>
<label>Email <input id="reserve-email" name="email" type="email" autocomplete="off"></label>
<label>Installation address <input id="reserve-address" name="address" autocomplete="off"></label>
<label>Preferred month <select id="reserve-month" name="month"><option>July</option><option>August</option><option>September</option></select></label>
<label><input type="checkbox" id="reserve-terms" name="terms"> I accept the terms</label>
<button type="submit" class="btn" id="pay-deposit">Pay £250 deposit</button></form></section>`,
  },
  {
    path: '/checkout/thank-you',
    title: 'Thank you for your order | Brightpath Solar',
    type: 'cart',
    body: `<section><h1>Your installation is reserved</h1><p>We will call within one working day to book your survey.</p></section>`,
    script: `RI('conversion', { name: 'deposit', value: 250, currency: 'GBP' });`,
  },
];
