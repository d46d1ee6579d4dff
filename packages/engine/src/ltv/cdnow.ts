import type { Purchase } from './purchases.js';

const DAY_MS = 86_400_000;

/**
 * Reads the CDNOW purchase history as Fader & Hardie publish it (`CDNOW_master.txt`: a header line, then
 * whitespace-separated `customer_id YYYYMMDD number_of_cds dollar_value` rows) into purchases. Throws naming the
 * line of the first row it cannot read.
 */
export function parseCdnowMaster(text: string): Purchase[] {
  const purchases: Purchase[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const [customerId, date, , dollars] = line.split(/\s+/);
    const m = /^(\d{4})(\d{2})(\d{2})$/.exec(date ?? '');
    const amount = Number(dollars);
    if (!customerId || !m || dollars === undefined || !Number.isFinite(amount)) {
      throw new Error(`CDNOW line ${i + 1}: cannot read ${JSON.stringify(line)}`);
    }
    purchases.push({ customerId, day: Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS, amount });
  }
  return purchases;
}
