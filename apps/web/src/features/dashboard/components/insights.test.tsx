import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json } from '../../../test/mock-api';
import { DASHBOARD_PATHS, mockDashboardApi, openDashboard, requestsTo } from '../testing/dashboard-api';
import { fourRecommendations, noRecommendations, recommendationList } from '../testing/dashboard-fixtures';

const GENERATE = 'Generate Strategic Insights';
const header = () => within(screen.getByRole('heading', { level: 1 }).parentElement!);
const insightsCard = () => within(screen.getByRole('heading', { name: 'AI Strategic Insights' }).closest('section')!);

describe('AI Strategic Insights card', () => {
  it('shows the first 3 saved recommendations, colour-coded by priority', async () => {
    const { requests } = mockDashboardApi();
    await openDashboard();
    const list = within(await screen.findByRole('list', { name: 'Top recommendations' }));
    const items = list.getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')!.textContent)).toEqual(
      fourRecommendations.slice(0, 3).map((r) => r.title),
    );
    expect(items[0]!.className).toContain('border-l-red-500');
    expect(items[1]!.className).toContain('border-l-amber-500');
    expect(within(items[0]!).getByText('HIGH PRIORITY')).toBeTruthy();
    expect(requestsTo(requests, DASHBOARD_PATHS.recommendations)[0]!.url.searchParams.get('limit')).toBe('20');
  });

  it('says what the generator looks at and what it lacked, with no placeholder examples', async () => {
    mockDashboardApi({
      [`GET ${DASHBOARD_PATHS.recommendations}`]: json(200, {
        ...noRecommendations,
        last_generated: '2025-05-30T10:00:00.000Z',
        checked: ['funnel_drop:pricing', 'funnel_drop:checkout'],
        skipped: [{ rule: 'fatigued_creatives', reason: 'No ad creatives: connect Meta Ads or Google Ads.' }],
      }),
    });
    await openDashboard();
    const card = insightsCard();
    expect(await card.findByRole('heading', { name: 'No strategic insights yet' })).toBeTruthy();
    expect(card.getByText(/where each Neuromind profile leaves the funnel/)).toBeTruthy();
    expect(card.getByText('Fatigued creatives: No ad creatives: connect Meta Ads or Google Ads.')).toBeTruthy();
    expect(card.getByText('Checked and found nothing to act on: Funnel drop.')).toBeTruthy();
    expect(card.getByRole('button', { name: GENERATE })).toBeTruthy();
    expect(card.queryByText(/PRIORITY/)).toBeNull();
  });
});

describe('Generate Strategic Insights', () => {
  it('shows the saved recommendations in the modal without generating, each in full', async () => {
    const { requests } = mockDashboardApi();
    const { user } = await openDashboard();
    await user.click(header().getByRole('button', { name: GENERATE }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Strategic Insights & Recommendations' }));
    expect(requestsTo(requests, DASHBOARD_PATHS.generate, 'POST')).toHaveLength(0);
    expect(dialog.getAllByRole('article')).toHaveLength(4);

    const first = within(dialog.getByRole('article', { name: 'Skeptics leave at the pricing page' }));
    expect(first.getByText('HIGH PRIORITY')).toBeTruthy();
    expect(first.getByText('Expected impact: About 3.8% more revenue (7.5 extra conversions)')).toBeTruthy();
    expect(first.getByText(/Skeptic sessions continue past pricing pages 60 of 200/)).toBeTruthy();
    expect(first.getByText('Add independent reviews beside the price')).toBeTruthy();
    expect(first.getByText('71% confidence')).toBeTruthy();
    expect(first.getByText('Next Steps:').parentElement!.textContent).toBe(
      'Next Steps: Start with the reviews: they take a day.',
    );
    const evidence = first.getByText('Evidence (1)');
    expect(evidence.closest('details')!.open).toBe(false);
    await user.click(evidence);
    expect(evidence.closest('details')!.open).toBe(true);
    expect(first.getByText(': 30.0%', { exact: false })).toBeTruthy();
    expect(first.getByText('2025-05-01 to 2025-05-30 (30 days) · sample of 200')).toBeTruthy();
    expect(
      within(dialog.getByRole('article', { name: 'Refresh two tired creatives' })).getByText('MEDIUM PRIORITY'),
    ).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("generates when none are saved, reads 'Generating...' meanwhile, shows them and reloads the saved list", async () => {
    let saved = noRecommendations;
    let release: () => void = () => {};
    const { requests } = mockDashboardApi({
      [`GET ${DASHBOARD_PATHS.recommendations}`]: () => json(200, saved),
      [`POST ${DASHBOARD_PATHS.generate}`]: async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        saved = recommendationList();
        return json(200, saved);
      },
    });
    const { user } = await openDashboard();
    await insightsCard().findByRole('heading', { name: 'No strategic insights yet' });
    await user.click(header().getByRole('button', { name: GENERATE }));
    expect(await header().findByRole('button', { name: 'Generating...' })).toBeTruthy();
    release();
    const dialog = within(await screen.findByRole('dialog', { name: 'Strategic Insights & Recommendations' }));
    expect(dialog.getAllByRole('article')).toHaveLength(4);
    expect(requestsTo(requests, DASHBOARD_PATHS.generate, 'POST')).toHaveLength(1);
    await vi.waitFor(() =>
      expect(requestsTo(requests, DASHBOARD_PATHS.recommendations).length).toBeGreaterThanOrEqual(2),
    );
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    expect(await insightsCard().findByRole('list', { name: 'Top recommendations' })).toBeTruthy();
  }, 15_000);

  it('alerts when the generator finds none, saying what data it is missing', async () => {
    mockDashboardApi({
      [`GET ${DASHBOARD_PATHS.recommendations}`]: json(200, noRecommendations),
      [`POST ${DASHBOARD_PATHS.generate}`]: json(200, {
        ...noRecommendations,
        generated_at: '2025-05-30T10:00:00.000Z',
        skipped: [
          { rule: 'ready_not_converting', reason: '29 sessions reached readiness 80 or more; the rule needs 30.' },
        ],
      }),
    });
    const { user } = await openDashboard();
    await user.click(header().getByRole('button', { name: GENERATE }));
    const alert = within(await screen.findByRole('alert'));
    expect(
      alert.getByText('Strategic insights could not be generated at this time. Please try again later.'),
    ).toBeTruthy();
    expect(
      within(alert.getByRole('list', { name: 'Missing data' })).getByText(
        'Ready not converting: 29 sessions reached readiness 80 or more; the rule needs 30.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(alert.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('falls back to the saved list when generating fails', async () => {
    let reads = 0;
    mockDashboardApi({
      [`GET ${DASHBOARD_PATHS.recommendations}`]: () =>
        json(200, ++reads === 1 ? noRecommendations : recommendationList()),
      [`POST ${DASHBOARD_PATHS.generate}`]: apiError(500, 'internal', 'Something went wrong on our side.'),
    });
    const { user } = await openDashboard();
    await user.click(header().getByRole('button', { name: GENERATE }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Strategic Insights & Recommendations' }));
    expect(
      dialog.getByText('An error occurred while generating strategic insights. Please try again later.'),
    ).toBeTruthy();
    expect(dialog.getByText('Showing the recommendations saved earlier.')).toBeTruthy();
    expect(dialog.getAllByRole('article')).toHaveLength(4);
  });

  it('alerts that insights are temporarily unavailable when the generator is down and nothing is saved', async () => {
    mockDashboardApi({
      [`GET ${DASHBOARD_PATHS.recommendations}`]: json(200, noRecommendations),
      [`POST ${DASHBOARD_PATHS.generate}`]: apiError(503, 'service_unavailable', 'Try again shortly.'),
    });
    const { user } = await openDashboard();
    await user.click(header().getByRole('button', { name: GENERATE }));
    expect(
      await screen.findByText('Strategic insights are temporarily unavailable. Please try again later.'),
    ).toBeTruthy();
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 15_000);
});
