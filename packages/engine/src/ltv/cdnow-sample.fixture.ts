import { cdnowSampleIds, loadCdnowPurchases } from './cdnow.fixture.js';
import { type CustomerSummary, isoDateToDay, summarizeCustomers } from './purchases.js';

let cached: CustomerSummary[] | undefined;

/**
 * Fader & Hardie's calibration data: the 2,357 customers of their 1/10 CDNOW sample, summarised in weeks over the
 * 39 weeks to 1997-09-30 (x, tₓ, T and the mean repeat-transaction value), as every published estimate reads it.
 */
export function cdnowSampleWeekly(): CustomerSummary[] {
  if (!cached) {
    const ids = cdnowSampleIds();
    const purchases = loadCdnowPurchases().filter((p) => ids.has(p.customerId));
    cached = summarizeCustomers(purchases, isoDateToDay('1997-09-30')!, 7);
  }
  return cached;
}
