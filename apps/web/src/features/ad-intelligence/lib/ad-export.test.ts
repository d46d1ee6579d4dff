import { describe, expect, it } from 'vitest';
import { campaigns } from '../../../test/ad-campaign-fixtures';
import { adExportFileName, campaignsToCsv } from './ad-export';

describe('ad export', () => {
  it('names the file with the time frame, the platform when one is chosen, and the date', () => {
    const date = new Date(2026, 10, 25);
    expect(adExportFileName('all', 30, date)).toBe('ad-intelligence-30d-2026-11-25.csv');
    expect(adExportFileName('google', 7, date)).toBe('ad-intelligence-google-7d-2026-11-25.csv');
  });

  it('writes 13 columns, and leaves money headers without a currency when campaigns mix them', () => {
    const mixed = [campaigns[0]!, { ...campaigns[1]!, currency: 'EUR' }];
    const [header, ...rows] = campaignsToCsv(mixed).split('\r\n');
    expect(header!.split(',')).toHaveLength(13);
    expect(header).toContain('Budget,Spend');
    expect(rows).toHaveLength(2);
    expect(campaignsToCsv([]).split('\r\n')).toHaveLength(1);
  });
});
