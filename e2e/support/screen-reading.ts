import type { Page } from 'playwright-core';

/** What a person watching the Live Sessions table saw of one session: each readiness text in turn. */
export type WatchedRow = { firstSeenAt: number; readiness: string[] };

type WatchWindow = Window & { __watchedRows?: Record<string, WatchedRow> };

/**
 * Starts watching the Live Sessions table of an open Conversion Spy Engine page as a person would: each
 * change to the rows is noted, per session (the id its row's link carries as title), with the readiness
 * text the row showed. The record lives in the page, so a reload would wipe it: finding it later also
 * shows that the page was never reloaded.
 */
export async function watchLiveRows(page: Page): Promise<void> {
  await page.evaluate(() => {
    const rows: Record<string, WatchedRow> = {};
    const note = () => {
      for (const row of document.querySelectorAll('table tbody tr')) {
        const id = row.querySelector('a[title]')?.getAttribute('title');
        const cell = row.querySelectorAll('td')[1];
        if (!id || !cell) continue;
        const shown = (cell.querySelector('[data-band] > span') ?? cell).textContent?.trim() ?? '';
        rows[id] ??= { firstSeenAt: Date.now(), readiness: [] };
        const seen = rows[id].readiness;
        if (seen.at(-1) !== shown) seen.push(shown);
      }
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
    (window as WatchWindow).__watchedRows = rows;
    note();
  });
}

/** The rows watched so far; undefined when the page was reloaded since (or never watched). */
export async function watchedRows(page: Page): Promise<Record<string, WatchedRow> | undefined> {
  return page.evaluate(() => (window as WatchWindow).__watchedRows);
}

/** Each Live Sessions row as shown: its session id and its readiness text ('Not scored yet' or e.g. '62.5'). */
export async function shownSessions(page: Page): Promise<{ id: string; readiness: string }[]> {
  return page.locator('table tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const cell = row.querySelectorAll('td')[1];
      return {
        id: row.querySelector('a[title]')?.getAttribute('title') ?? '',
        readiness: (cell?.querySelector('[data-band] > span') ?? cell)?.textContent?.trim() ?? '',
      };
    }),
  );
}

export type ShownCard = { value: string; description: string };

/** The summary cards of a screen by their label, with the figure and the line under it. */
export async function shownCards(page: Page): Promise<Record<string, ShownCard>> {
  const cards = await page.locator('dl[aria-label="Summary"] > div').evaluateAll((divs) =>
    divs.map((div) => {
      const [value, description] = [...div.querySelectorAll('dd')].map((dd) => dd.textContent?.trim() ?? '');
      return [
        div.querySelector('dt')?.textContent?.trim() ?? '',
        { value: value ?? '', description: description ?? '' },
      ];
    }),
  );
  return Object.fromEntries(cards);
}
