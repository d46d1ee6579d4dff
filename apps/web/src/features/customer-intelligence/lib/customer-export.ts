import type { Customer, NeuromindProfile } from '@ri/contracts';
import { toCsv } from '../../../lib/csv';
import { downloadTextFile, localDateStamp } from '../../../lib/download';
import { roundOrBlank } from '../../../lib/format';
import { customerName } from './customer-format';

/** The one currency all rows share, or null when they mix currencies or have none (headers then name none). */
function sharedCurrency(customers: readonly Customer[]): string | null {
  const currencies = new Set(customers.map((c) => c.currency).filter((c) => c !== null));
  return currencies.size === 1 ? [...currencies][0]!.toUpperCase() : null;
}

/**
 * Export Analysis: one row per customer in the spec's 12 columns, from the Customer entity. Lifetime value
 * names its currency when the customers share one; a figure that is not known is an empty cell.
 */
export function customersToCsv(customers: readonly Customer[]): string {
  const currency = sharedCurrency(customers);
  const header = [
    'Name',
    'Email',
    'Neuromind Profile',
    'Readiness Score',
    'Engagement Level',
    'Churn Risk',
    currency ? `Lifetime Value (${currency})` : 'Lifetime Value',
    'Journey Stage',
    'Acquisition Source',
    'Total Sessions',
    'Last Activity',
    'Conversion Probability',
  ];
  const or = (value: number | null, digits: number) => roundOrBlank(value ?? undefined, digits);
  return toCsv([
    header,
    ...customers.map((c) => [
      customerName(c),
      c.email,
      c.neuromind_profile,
      or(c.readiness_score, 1),
      c.engagement_level,
      or(c.churn_risk, 3),
      or(c.lifetime_value, 2),
      c.journey_stage,
      c.acquisition_source,
      c.total_sessions,
      c.last_activity,
      or(c.conversion_probability, 3),
    ]),
  ]);
}

/** `customer-analysis-all-2026-11-25.csv`, or with the profile filter: `customer-analysis-Skeptic-….csv`. */
export function customerExportFileName(profile: NeuromindProfile | 'all', date: Date = new Date()): string {
  return `customer-analysis-${profile}-${localDateStamp(date)}.csv`;
}

export function downloadCustomersCsv(customers: readonly Customer[], profile: NeuromindProfile | 'all') {
  downloadTextFile(customerExportFileName(profile), customersToCsv(customers), 'text/csv;charset=utf-8');
}
