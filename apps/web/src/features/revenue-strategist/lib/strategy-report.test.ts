import { describe, expect, it } from 'vitest';
import { actions, marketInsights, recommendation, recommendationList, simulations } from '../test/strategy-fixtures';
import { buildStrategyReport, type StrategyReportInput } from './strategy-report';
import { strategySummary } from './strategy-summary';

function input(over: Partial<StrategyReportInput> = {}): StrategyReportInput {
  const recs = recommendationList();
  return {
    businessName: 'Analytical Engines',
    createdAt: new Date('2026-11-26T10:00:00Z'),
    recommendations: recs,
    actions,
    simulations: simulations(),
    market: marketInsights(),
    summary: strategySummary(recs.recommendations, actions, marketInsights().insights),
    ...over,
  };
}

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe('buildStrategyReport', () => {
  it('names the business and the window, and lists every recommendation with its evidence and lift method', () => {
    const doc = parse(buildStrategyReport(input()));
    expect(doc.title).toBe('Strategy report · Analytical Engines');
    expect(doc.querySelector('.meta')!.textContent).toContain('the last 30 days (2026-10-27 to 2026-11-25)');
    const cards = [...doc.querySelectorAll('h3')].map((h) => h.textContent);
    expect(cards).toContain('Skeptic visitors leave at pricing pages');
    expect(cards).toContain('Keep high-value customers at churn risk');
    const text = doc.body.textContent!;
    expect(text).toContain('Profile continuation rate');
    expect(text).toContain('7.5 conversions');
    expect(text).toContain('200 Skeptic sessions reached pricing pages × half the 25% gap');
    expect(text).toContain('reworded by a language model, numbers checked');
    expect(text).toContain('No ad creatives: connect Meta Ads or Google Ads.');
  });

  it('gives the actions with status and outcome, the simulations with intervals and the insights with sources', () => {
    const text = parse(buildStrategyReport(input())).body.textContent!;
    expect(text).toContain('Completed');
    expect(text).toContain('conversion rate 10% → 13% (+3 points, 95 % interval +0.2 points to +5.8 points)');
    expect(text).toContain('$41,000 – $52,000');
    expect(text).toContain('No tracked sessions');
    expect(text).toContain('Data source: Meta Ads daily CPC, last 30 vs previous 30 days');
    expect(text).toContain('No competitor price entered in the last 180 days.');
    expect(text).toContain('+25 (favourable)');
  });

  it('escapes what the data holds and carries a print stylesheet', () => {
    const html = buildStrategyReport(
      input({
        recommendations: recommendationList({
          recommendations: [recommendation({ title: '<script>alert(1)</script>' })],
        }),
      }),
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('@media print');
  });

  it('says so when insights were never generated or a list did not load', () => {
    const text = parse(
      buildStrategyReport(
        input({
          recommendations: recommendationList({ recommendations: [], window: null, last_generated: null }),
          simulations: null,
        }),
      ),
    ).body.textContent!;
    expect(text).toContain('no analysis window yet');
    expect(text).toContain('No recommendation');
    expect(text).toContain('Revenue SimulationsNot loaded.');
  });
});
