import { createServer, type Server } from 'node:http';
import type { PageType } from '@ri/engine';
import { SOLAR_PAGES } from './solar-site-pages.js';

export type SolarSite = { url: string; close(): Promise<void> };

/** One page of the site: its path, its title, the type a reader would give it, and its main content. */
export type SolarPage = { path: string; title: string; type: PageType; body: string; script?: string };

const NAV = [
  ['/', 'Home'],
  ['/pricing', 'Packages'],
  ['/products/helios-400', 'Panels'],
  ['/customer-stories', 'Customer stories'],
  ['/warranty', 'Warranty'],
  ['/faq', 'FAQ'],
  ['/about/team', 'About us'],
  ['/virtual-tour', 'Virtual tour'],
  ['/guides/how-many-panels-do-i-need', 'Guides'],
];

const STYLE = `
body{font-family:Georgia,serif;margin:0;color:#1d2a1f;background:#fbfaf5;line-height:1.6}
header{display:flex;gap:1.2rem;align-items:center;padding:1rem 2rem;background:#10331f;color:#fff}
header a{color:#f7e7a1;text-decoration:none} header .logo{font-weight:bold;font-size:1.3rem;margin-right:auto;color:#fff}
main{max-width:980px;margin:0 auto;padding:1rem 2rem}
section{min-height:560px;padding:2rem 0;border-bottom:1px solid #d9d4c3}
.btn{display:inline-block;background:#f0a500;color:#10331f;padding:.8rem 1.6rem;border-radius:6px;
  text-decoration:none;font-weight:bold;border:0;font-size:1rem;cursor:pointer;margin:.3rem .6rem .3rem 0}
.badge{display:inline-block;border:2px solid #10331f;border-radius:40px;padding:.5rem 1rem;margin:.4rem;color:#10331f}
.plans{display:flex;gap:1rem} .plans>div{flex:1;border:1px solid #cbc4ae;padding:1rem;border-radius:8px}
.plan-toggle,.billing-toggle,.faq-question,.video-chapter,.compare-toggle{background:#e8efe6;border:1px solid #10331f;
  padding:.6rem 1rem;border-radius:4px;cursor:pointer;margin:.2rem;font-size:.95rem}
[aria-pressed=true]{background:#10331f;color:#fff}
.answer{display:none;padding:.4rem 1rem} .answer.open{display:block}
table{border-collapse:collapse;width:100%} td,th{border:1px solid #cbc4ae;padding:.45rem;text-align:left}
form label{display:block;margin:.7rem 0} input,select{font-size:1rem;padding:.4rem;width:22rem}
input[type=checkbox]{width:auto} input[type=range]{width:22rem}
.video{height:300px;background:#203b2a;color:#fff;display:grid;place-items:center;border-radius:8px}
footer{padding:2rem;background:#10331f;color:#cfd8c8;min-height:200px}
footer a{color:#f7e7a1;margin-right:1rem}`;

// The site's own small script: plan and billing toggles, FAQ answers, the tour player, the calculator.
const SITE_SCRIPT = `
document.addEventListener('click', (e) => {
  const t = e.target.closest('button'); if (!t) return;
  if (t.dataset.group) {
    for (const b of document.querySelectorAll('[data-group="' + t.dataset.group + '"]')) b.setAttribute('aria-pressed', String(b === t));
    window.updatePrices && window.updatePrices();
  }
  if (t.classList.contains('faq-question')) {
    const open = t.getAttribute('aria-expanded') !== 'true';
    t.setAttribute('aria-expanded', String(open)); t.nextElementSibling.classList.toggle('open', open);
  }
});`;

const layout = (page: SolarPage, snippet: string) => `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>${page.title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>${STYLE}</style>
${snippet}
</head><body>
<header><a class="logo" href="/">☀ Brightpath Solar</a>
${NAV.map(([href, label]) => `<a href="${href}">${label}</a>`).join('\n')}
<a class="btn" id="nav-quote" href="/quote">Get a free quote</a></header>
<main>${page.body}</main>
<footer><p>Brightpath Solar Ltd · MCS certified installer no. 41873 · 14 Mill Lane, Stroud GL5 3HA</p>
<a href="/about/certifications">Certifications</a><a href="/faq">FAQ</a><a href="/warranty">Warranty</a>
<a href="/compare/panels">Compare panels</a><a href="/solar-vs-grid">Solar vs grid</a></footer>
<script>${SITE_SCRIPT}${page.script ?? ''}</script>
</body></html>`;

/**
 * Brightpath Solar, a residential solar installer's website on its own origin (127.0.0.1, a port of its
 * own), with the generated snippet pasted into every page's head as the Instructions tab says. Forms post
 * to their thank-you pages, so any method is answered with the page of the path.
 */
export async function startSolarSite(snippet: string): Promise<SolarSite> {
  const pages = new Map(SOLAR_PAGES.map((page) => [page.path, layout(page, snippet)]));
  const server: Server = createServer((req, res) => {
    const html = pages.get(new URL(req.url ?? '/', 'http://x').pathname);
    // A form post's body is read and dropped: the site stores nothing.
    req.resume();
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
