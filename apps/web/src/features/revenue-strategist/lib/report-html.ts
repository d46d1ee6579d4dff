/** Small pieces of the strategy report's HTML: every text goes through `esc`, so nothing the data holds runs. */

export function esc(text: string | number): string {
  return String(text)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A table with a caption, header cells and rows of (already escaped) cells. */
export function table(caption: string, headers: readonly string[], rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return '';
  const head = headers.map((h) => `<th scope="col">${esc(h)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('');
  return `<table><caption>${esc(caption)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** A list of plain texts under a small heading; nothing when empty. */
export function list(heading: string, items: readonly string[], ordered = false): string {
  if (items.length === 0) return '';
  const tag = ordered ? 'ol' : 'ul';
  return `<h4>${esc(heading)}</h4><${tag}>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</${tag}>`;
}

/** Labelled figures as a definition list. */
export function figures(pairs: readonly (readonly [string, string])[]): string {
  return `<dl class="figures">${pairs.map(([k, v]) => `<div><dt>${esc(k)}</dt><dd>${esc(v)}</dd></div>`).join('')}</dl>`;
}

/** The report's own styles: readable on screen, and on paper without the page breaking inside a card. */
export const REPORT_CSS = `
  :root { color-scheme: light; }
  body { font: 14px/1.5 system-ui, -apple-system, 'Segoe UI', sans-serif; color: #0f172a; margin: 0 auto; max-width: 60rem; padding: 1.5rem; }
  h1 { font-size: 1.5rem; margin: 0; }
  h2 { font-size: 1.15rem; margin: 2rem 0 0.5rem; border-bottom: 2px solid #e2e8f0; padding-bottom: 0.25rem; }
  h3 { font-size: 1rem; margin: 0 0 0.25rem; }
  h4 { font-size: 0.8rem; margin: 0.75rem 0 0.25rem; text-transform: uppercase; letter-spacing: 0.03em; color: #475569; }
  p { margin: 0.25rem 0; }
  .meta { color: #475569; margin-top: 0.25rem; }
  .card { border: 1px solid #e2e8f0; border-radius: 0.5rem; padding: 0.75rem 1rem; margin: 0.75rem 0; break-inside: avoid; }
  .badge { display: inline-block; border: 1px solid #cbd5e1; border-radius: 999px; padding: 0 0.5rem; font-size: 0.75rem; margin-right: 0.25rem; }
  .note { color: #475569; font-size: 0.85rem; }
  .figures { display: grid; grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr)); gap: 0.5rem; margin: 0.5rem 0; }
  .figures dt { color: #64748b; font-size: 0.75rem; }
  .figures dd { margin: 0; font-weight: 600; font-variant-numeric: tabular-nums; }
  table { border-collapse: collapse; width: 100%; margin: 0.5rem 0; font-size: 0.85rem; }
  caption { text-align: left; font-weight: 600; padding-bottom: 0.25rem; }
  th, td { border: 1px solid #e2e8f0; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
  td { font-variant-numeric: tabular-nums; }
  ul, ol { margin: 0.25rem 0; padding-left: 1.25rem; }
  @media print {
    body { max-width: none; padding: 0; font-size: 11pt; }
    h2 { break-after: avoid; }
    .card { border-color: #94a3b8; }
    a { color: inherit; text-decoration: none; }
    @page { margin: 16mm; }
  }
`;
