import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { setViewportWidth } from '../../../test/viewport';
import { mockStrategyApi, openStrategist, requestsTo, STRATEGY_PATHS } from '../test/strategy-api';
import { action, recommendation, recommendationList } from '../test/strategy-fixtures';

const card = (label: string) => within(screen.getByText(label, { selector: 'dt' }).closest('div')!);

describe('RevenueStrategistScreen', () => {
  it("shows 'Generating Strategic Insights...' while the four reads load, then the screen", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockStrategyApi({
      [`GET ${STRATEGY_PATHS.actions}`]: async () => {
        await held;
        return json(200, { actions: [] });
      },
    });
    renderApp('/revenue-strategist');
    expect(await screen.findByText('Generating Strategic Insights...')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    release();
    expect(await screen.findByRole('tablist', { name: 'Revenue Strategist' })).toBeTruthy();
    expect(screen.queryByText('Generating Strategic Insights...')).toBeNull();
  });

  it("shows the server's message or 'Failed to load Revenue Strategist data', and Try again reloads", async () => {
    let calls = 0;
    mockStrategyApi({
      [`GET ${STRATEGY_PATHS.market}`]: () =>
        ++calls === 1
          ? apiError(500, 'internal', '')
          : json(200, {
              insights: [],
              skipped: [],
              market_intelligence: {
                market_sentiment: { value: null, source: null, reason: 'x' },
                competitor_price_diff: { value: null, source: null, reason: 'y' },
              },
            }),
      [`GET ${STRATEGY_PATHS.simulations}`]: apiError(
        503,
        'service_unavailable',
        'The database is unavailable; try again shortly.',
      ),
    });
    const { user } = await openStrategist();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('The database is unavailable; try again shortly.')).toBeTruthy();
    // The lists that loaded still show.
    expect(screen.getByRole('article', { name: 'Skeptic visitors leave at pricing pages' })).toBeTruthy();
    expect(card('Market Opportunities').getByText('—')).toBeTruthy();

    mockStrategyApi({ [`GET ${STRATEGY_PATHS.market}`]: apiError(500, 'internal', '') });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Failed to load Revenue Strategist data')).toBeTruthy();
  });

  it("hides the error box when the message mentions 'Demo Mode'", async () => {
    mockStrategyApi({
      [`GET ${STRATEGY_PATHS.recommendations}`]: apiError(
        500,
        'internal',
        'Demo Mode: strategy data is being prepared',
      ),
    });
    renderApp('/revenue-strategist');
    expect(await screen.findByText('Demo Mode: strategy data is being prepared')).toBeTruthy();
    expect(await screen.findByText('The recommendations could not be loaded. Use Try again above.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Failed to load Revenue Strategist data')).toBeNull();
  });

  it('computes the four cards: high priority with new this week, the lift sum (percent read as fraction), quick wins and opportunities', async () => {
    mockStrategyApi();
    await openStrategist();
    // One high-priority recommendation, first found two days ago.
    expect(card('Active Recommendations').getByText('1')).toBeTruthy();
    expect(card('Active Recommendations').getByText('↑ 1 new this week')).toBeTruthy();
    // 0.0375 + 12 (read as 12 %) = 15.75 %.
    expect(card('Potential Revenue Lift').getByText('16%')).toBeTruthy();
    expect(card('Potential Revenue Lift').getByText(/Estimate: the sum of 2 recommendations' lifts/)).toBeTruthy();
    // Open actions with effort ≤ 3 and impact ≥ 6: the suggested (3, 8) and the in-progress (2, 6); not the
    // completed (4, 9) nor the dismissed (2, 7).
    expect(card('Quick Wins Available').getByText('2')).toBeTruthy();
    expect(card('Market Opportunities').getByText('1')).toBeTruthy();
    expect(document.body.textContent).not.toContain('25%');
  });

  it('shows no trend when no high-priority recommendation is new this week', async () => {
    const old = new Date(Date.now() - 9 * 86_400_000).toISOString();
    mockStrategyApi({
      [`GET ${STRATEGY_PATHS.recommendations}`]: json(
        200,
        recommendationList({ recommendations: [recommendation({ first_generated_at: old })] }),
      ),
      [`GET ${STRATEGY_PATHS.actions}`]: json(200, {
        actions: [action({ effort_score: 4 }), action({ id: 'a2', impact_score: 5.9 })],
      }),
    });
    await openStrategist();
    expect(card('Active Recommendations').queryByText(/new this week/)).toBeNull();
    expect(card('Quick Wins Available').getByText('0')).toBeTruthy();
  });

  it('explains how the lift is computed in a dialog', async () => {
    mockStrategyApi();
    const { user } = await openStrategist();
    await user.click(screen.getByRole('button', { name: 'How is this computed?' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'How the Revenue Strategist computes its figures' }),
    );
    expect(dialog.getByText(/may overlap/)).toBeTruthy();
  });

  it('names each tab with its count and moves between them with the arrow keys', async () => {
    mockStrategyApi();
    const { user } = await openStrategist();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Strategic Recommendations2',
      'Small Compounding Actions4',
      'Revenue Simulations2',
      'Market Insights2',
    ]);
    tabs[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tabs[1]);
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('article', { name: 'Link verifiable claims' })).toBeTruthy();
    await user.keyboard('{End}');
    expect(tabs[3]!.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('article', { name: 'Meta Ads clicks cost 18% less than last month' })).toBeTruthy();
  });

  it('shows a recommendation as percentages, with steps, metrics, segments and View Details', async () => {
    mockStrategyApi();
    const { user } = await openStrategist();
    const rec = within(screen.getByRole('article', { name: 'Skeptic visitors leave at pricing pages' }));
    expect(rec.getByText('High priority')).toBeTruthy();
    expect(rec.getByText('Conversion')).toBeTruthy();
    const figure = (label: string) => rec.getByText(label).nextElementSibling!.textContent;
    expect([figure('Expected Lift'), figure('Impact Score'), figure('Effort Required'), figure('Confidence')]).toEqual([
      '3.8%',
      '38%',
      '30%',
      '71%',
    ]);
    expect(figure('Timeframe')).toBe('2-4 weeks');
    expect(rec.getByText('Add independent reviews beside the price')).toBeTruthy();
    expect(rec.getByText('Skeptic continuation past pricing pages from 30% towards 42.5%')).toBeTruthy();
    expect(within(rec.getByRole('list', { name: 'Affected segments' })).getByText('pricing pages')).toBeTruthy();
    // 12 (a percentage) becomes 12 %.
    const churn = within(screen.getByRole('article', { name: 'Keep high-value customers at churn risk' }));
    expect(churn.getByText('Expected Lift').nextElementSibling!.textContent).toBe('12%');

    await user.click(rec.getByRole('button', { name: 'View Details' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Skeptic visitors leave at pricing pages' }));
    const evidence = within(dialog.getByRole('table', { name: 'Evidence' }));
    expect(evidence.getByRole('rowheader', { name: 'Profile continuation rate' })).toBeTruthy();
    expect(evidence.getByText('30%')).toBeTruthy();
    expect(evidence.getByText('7.5 conversions')).toBeTruthy();
    expect(dialog.getByText(/200 Skeptic sessions reached pricing pages × half the 25% gap/)).toBeTruthy();
    expect(dialog.getByText('funnel_leak_profile')).toBeTruthy();
    expect(dialog.getByText(/Written by the engine/)).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(churn.getByRole('button', { name: 'View Details' }));
    expect(await screen.findByText(/Reworded by a language model, numbers checked/)).toBeTruthy();
  });

  it('filters recommendations by category on the server', async () => {
    const { requests } = mockStrategyApi();
    const { user } = await openStrategist();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'retention');
    await vi.waitFor(() =>
      expect(requestsTo(requests, STRATEGY_PATHS.recommendations).at(-1)!.url.searchParams.get('category')).toBe(
        'retention',
      ),
    );
    expect(requestsTo(requests, STRATEGY_PATHS.recommendations)[0]!.url.searchParams.get('limit')).toBe('20');
  });

  it('shows what each rule lacks and which ran, instead of a blank, when there is no recommendation', async () => {
    mockStrategyApi({
      [`GET ${STRATEGY_PATHS.recommendations}`]: json(
        200,
        recommendationList({
          recommendations: [],
          checked: ['funnel_drop'],
          skipped: [
            { rule: 'fatigued_creatives', reason: 'No ad creatives: connect Meta Ads or Google Ads.' },
            { rule: 'ready_not_converting', reason: '29 sessions reached readiness 80 or more; the rule needs 30.' },
          ],
        }),
      ),
    });
    await openStrategist();
    expect(screen.getByRole('heading', { name: 'No recommendation right now' })).toBeTruthy();
    const skipped = within(screen.getByRole('region', { name: 'Rules that could not run' }));
    expect(skipped.getByText('No ad creatives: connect Meta Ads or Google Ads.')).toBeTruthy();
    expect(skipped.getByText(/29 sessions reached readiness 80/)).toBeTruthy();
    const ran = within(screen.getByRole('region', { name: 'Rules that ran' }));
    expect(ran.getByText('Funnel step fell since the previous window')).toBeTruthy();
  });

  it('Generate New Insights posts the chosen window, shows progress and reloads all four tabs', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { requests } = mockStrategyApi({
      [`POST ${STRATEGY_PATHS.generate}`]: async () => {
        await held;
        return json(200, recommendationList({ window: { days: 90, from: '2026-08-28', to: '2026-11-25' } }));
      },
    });
    const { user } = await openStrategist();
    await user.click(screen.getByRole('radio', { name: '90 days' }));
    await user.click(screen.getByRole('button', { name: 'Generate New Insights' }));
    expect(await screen.findByText('Running the rules over the last 90 days of your data...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate New Insights' }).getAttribute('aria-busy')).toBe('true');
    release();
    expect(await screen.findByText(/Generated 2 recommendations over the last 90 days/)).toBeTruthy();
    expect(requestsTo(requests, STRATEGY_PATHS.generate, 'POST')[0]!.body).toEqual({ days: 90 });
    for (const path of [STRATEGY_PATHS.actions, STRATEGY_PATHS.simulations, STRATEGY_PATHS.market]) {
      await vi.waitFor(() => expect(requestsTo(requests, path)).toHaveLength(2));
    }
  });

  it('posts 30 days by default', async () => {
    const { requests } = mockStrategyApi({ [`POST ${STRATEGY_PATHS.generate}`]: json(200, recommendationList()) });
    const { user } = await openStrategist();
    await user.click(screen.getByRole('button', { name: 'Generate New Insights' }));
    await vi.waitFor(() =>
      expect(requestsTo(requests, STRATEGY_PATHS.generate, 'POST')[0]?.body).toEqual({ days: 30 }),
    );
  });

  it('fits a 375 px phone: the cards stack, the tabs scroll and competitor prices become cards', async () => {
    setViewportWidth(375);
    mockStrategyApi();
    const { user } = await openStrategist();
    expect(screen.getByRole('tablist').className).toContain('overflow-x-auto');
    expect(screen.getByRole('article', { name: 'Skeptic visitors leave at pricing pages' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: /Market Insights/ }));
    expect(await screen.findByRole('list', { name: 'Competitor prices' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Competitor prices' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Acme, Pro plan' })).toBeTruthy();
  });
});
