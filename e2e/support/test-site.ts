import { createServer, type Server } from 'node:http';

export type TestSite = { url: string; close(): Promise<void> };

const page = (title: string, snippet: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
${snippet}
<style>body{font-family:sans-serif;margin:2rem} section{min-height:900px} button{padding:1rem 2rem}</style>
</head><body>${body}</body></html>`;

/** A customer's website on its own origin, with the generated snippet pasted into every page. */
export async function startTestSite(snippet: string): Promise<TestSite> {
  const pages: Record<string, string> = {
    '/': page(
      'Trail Co — Home',
      snippet,
      `<h1>Trail Co</h1>
       <section><p>Running shoes for every trail.</p><button id="buy" data-ri-cta>Buy now</button></section>
       <section data-ri-track="reviews"><h2>Reviews</h2><p>Loved by runners.</p></section>
       <form id="newsletter" name="newsletter" onsubmit="return false">
         <label>Name <input id="name" name="name"></label>
         <label>E-mail <input id="email" name="email" type="email"></label>
         <label>Note <textarea id="note" name="note"></textarea></label>
       </form>
       <p><a id="to-pricing" href="/pricing">See pricing</a></p>`,
    ),
    '/pricing': page(
      'Trail Co — Pricing',
      snippet,
      `<h1>Pricing</h1><section><p>Trail Runner: 129 EUR</p><button id="add">Add to cart</button></section>`,
    ),
  };
  const server: Server = createServer((req, res) => {
    const html = pages[new URL(req.url ?? '/', 'http://x').pathname];
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
