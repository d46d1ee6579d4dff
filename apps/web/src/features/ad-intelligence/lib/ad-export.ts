import type { AdPlatformFilter, Campaign } from '@ri/contracts';
import { toCsv } from '../../../lib/csv';
import { downloadTextFile, localDateStamp } from '../../../lib/download';
import { roundOrBlank } from '../../../lib/format';

/** The one currency all rows share, or null when they mix currencies (headers then name none). */
function sharedCurrency(campaigns: readonly Campaign[]): string | null {
  const currencies = new Set(campaigns.map((c) => c.currency));
  return currencies.size === 1 ? [...currencies][0]! : null;
}

/**
 * Export Report: one row per campaign in the spec's 13 columns, from the Campaign entity. Money columns
 * name their currency when the campaigns share one; CTR is in percent; Conversions and ROAS are ours
 * (attributed), not the platform's. A figure that is not known is an empty cell, never a made-up value.
 */
export function campaignsToCsv(campaigns: readonly Campaign[]): string {
  const currency = sharedCurrency(campaigns);
  const money = (name: string) => (currency ? `${name} (${currency})` : name);
  const header = [
    'Campaign',
    'Platform',
    'Status',
    money('Budget'),
    money('Spend'),
    'Impressions',
    'Clicks',
    'CTR (%)',
    money('CPC'),
    'Conversions',
    'ROAS',
    'Creative Fatigue',
    'Message Decay',
  ];
  const or = (value: number | null, digits: number) => roundOrBlank(value ?? undefined, digits);
  return toCsv([
    header,
    ...campaigns.map((c) => [
      c.name,
      c.platform,
      c.status,
      or(c.budget, 2),
      or(c.spend, 2),
      c.impressions,
      c.clicks,
      or(c.ctr, 2),
      or(c.cpc, 2),
      or(c.conversions, 2),
      or(c.roas, 2),
      or(c.creative_fatigue_score, 3),
      or(c.message_decay_rate, 4),
    ]),
  ]);
}

/** `ad-intelligence-30d-2026-11-25.csv`; a chosen platform joins the name: `ad-intelligence-google-7d-….csv`. */
export function adExportFileName(platform: AdPlatformFilter, days: number, date: Date = new Date()): string {
  const filter = platform === 'all' ? '' : `${platform}-`;
  return `ad-intelligence-${filter}${days}d-${localDateStamp(date)}.csv`;
}

export function downloadCampaignsCsv(campaigns: readonly Campaign[], platform: AdPlatformFilter, days: number) {
  downloadTextFile(adExportFileName(platform, days), campaignsToCsv(campaigns), 'text/csv;charset=utf-8');
}
