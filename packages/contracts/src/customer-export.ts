import type { Customer } from './customers.js';
import { round } from './round.js';

// Export Analysis (spec 2 section 2): the filtered customer list as CSV in the spec's 12 columns. The server
// writes it (`GET /analytics/customer-profiles/export`); the web app only saves what it reads, so the columns,
// the names and the cell rules live here once.

export type CsvCell = string | number | null | undefined;

/**
 * One CSV cell: quoted when it holds a comma, quote or line break. Text starting with = + - @ is prefixed with
 * an apostrophe, because names, page titles and sources come from visitors and CRMs and a spreadsheet would
 * otherwise run them as formulas. Missing values stay empty, never a made-up figure.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV record with its CRLF line end (RFC 4180). */
export const csvLine = (cells: readonly CsvCell[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** How a customer is named: the name the CRM or Stripe holds, else their e-mail; never a made-up name. */
export function customerName(customer: Pick<Customer, 'name' | 'first_name' | 'last_name' | 'email' | 'id'>): string {
  const parts = [customer.first_name, customer.last_name].filter(Boolean).join(' ');
  return customer.name ?? (parts || customer.email || `Customer ${customer.id.slice(0, 8)}`);
}

/** The header; lifetime value names its currency when every exported customer with one shares it. */
export function customerExportHeader(currency: string | null): string[] {
  return [
    'Name',
    'Email',
    'Neuromind Profile',
    'Readiness Score',
    'Engagement Level',
    'Churn Risk',
    currency ? `Lifetime Value (${currency.toUpperCase()})` : 'Lifetime Value',
    'Journey Stage',
    'Acquisition Source',
    'Total Sessions',
    'Last Activity',
    'Conversion Probability',
  ];
}

type ExportedFields =
  | 'name'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'id'
  | 'neuromind_profile'
  | 'readiness_score'
  | 'engagement_level'
  | 'churn_risk'
  | 'lifetime_value'
  | 'journey_stage'
  | 'acquisition_source'
  | 'total_sessions'
  | 'last_activity'
  | 'conversion_probability';

/** A customer's 12 cells; a figure that is not known is an empty cell. */
export function customerExportRow(c: Pick<Customer, ExportedFields>): CsvCell[] {
  const or = (value: number | null, digits: number) => (value === null ? null : round(value, digits));
  return [
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
  ];
}

/** `customer-analysis-all-2026-11-28.csv`, or with the profile filter `customer-analysis-Skeptic-….csv`. */
export const customerExportFileName = (profile: string | undefined, day: string) =>
  `customer-analysis-${profile ?? 'all'}-${day}.csv`;

/** The media type of the export, and the header that tells the reader how many customers it holds. */
export const CSV_MEDIA_TYPE = 'text/csv';
export const EXPORT_TOTAL_HEADER = 'x-total-count';
