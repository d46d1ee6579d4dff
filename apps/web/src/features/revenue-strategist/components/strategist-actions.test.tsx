import type { StrategyAction } from '@ri/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BUSINESS_STORAGE_KEY } from '../../../lib/business-id';
import { demoBusiness } from '../../../test/fixtures';
import { apiError, json } from '../../../test/mock-api';
import { mockStrategyApi, openStrategist, requestsTo, STRATEGY_PATHS } from '../test/strategy-api';
import { action, actions, recommendation, recommendationList } from '../test/strategy-fixtures';

const article = (name: string) => within(screen.getByRole('article', { name }));

async function openActions() {
  const view = await openStrategist();
  await view.user.click(screen.getByRole('tab', { name: /Small Compounding Actions/ }));
  await screen.findByRole('article', { name: 'Link verifiable claims' });
  return view;
}

describe('Small Compounding Actions', () => {
  it('offers the buttons of each status and shows scores, leverage as x, the outcome and the history', async () => {
    mockStrategyApi();
    await openActions();
    const suggested = article('Add independent reviews beside the price');
    expect(suggested.getByText('Suggested')).toBeTruthy();
    expect(suggested.getByRole('button', { name: /^Dismiss/ })).toBeTruthy();
    expect(suggested.getByRole('button', { name: /^Start/ })).toBeTruthy();
    expect(suggested.queryByRole('button', { name: /^Mark Complete/ })).toBeNull();
    const figure = (label: string) => suggested.getByText(label).nextElementSibling!.textContent;
    expect([figure('Effort'), figure('Impact'), figure('Leverage'), figure('Expected lift')]).toEqual([
      '3/10',
      '8/10',
      '2.67x',
      '2.3%',
    ]);
    expect(suggested.getByText('Quick win')).toBeTruthy();

    const started = article('Link verifiable claims');
    expect(started.getByRole('button', { name: /^Mark Complete/ })).toBeTruthy();
    expect(started.queryByRole('button', { name: /^Start/ })).toBeNull();

    const done = article('Call each of them this week');
    expect(done.queryAllByRole('button')).toHaveLength(0);
    expect(done.getByText('Improved')).toBeTruthy();
    expect(
      done.getByText('conversion rate: 10% → 13% (+3 points; 95% interval +0.2 points to +5.8 points)'),
    ).toBeTruthy();
    const history = within(done.getByRole('list', { name: 'Status history' }));
    expect(history.getByText(/Completed · .* · Grace Hopper/)).toBeTruthy();

    const dismissed = screen.getByRole('article', { name: 'Shift budget to the cheaper days' });
    expect(dismissed.className).toContain('opacity-60');
    expect(within(dismissed).getByText('market insights carry no lift estimate')).toBeTruthy();
    expect(within(dismissed).queryAllByRole('button')).toHaveLength(0);
  });

  it('says the outcome is waiting while a completed action is measured', async () => {
    mockStrategyApi({
      [`GET ${STRATEGY_PATHS.actions}`]: json(200, { actions: [action({ status: 'completed', outcome: null })] }),
    });
    const { user } = await openStrategist();
    await user.click(screen.getByRole('tab', { name: /Small Compounding Actions/ }));
    expect(await screen.findByText(/Outcome: waiting/)).toBeTruthy();
  });

  it('Start shows In progress at once, PATCHes the status and keeps what the server saved', async () => {
    let stored: StrategyAction[] = actions;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const id = actions[0]!.id;
    const { requests } = mockStrategyApi({
      [`GET ${STRATEGY_PATHS.actions}`]: () => json(200, { actions: stored }),
      [`PATCH ${STRATEGY_PATHS.action(id)}`]: async () => {
        await held;
        const saved = {
          ...actions[0]!,
          status: 'in_progress' as const,
          history: [{ status: 'in_progress' as const, at: new Date().toISOString(), by: 'Ada Lovelace' }],
        };
        stored = [saved, ...actions.slice(1)];
        return json(200, saved);
      },
    });
    const { user } = await openActions();
    await user.click(article('Add independent reviews beside the price').getByRole('button', { name: /^Start/ }));
    const card = article('Add independent reviews beside the price');
    expect(card.getByText('In progress')).toBeTruthy();
    expect(card.getByRole('button', { name: /^Mark Complete/ })).toBeTruthy();
    release();
    expect(await card.findByText(/In progress · .* · Ada Lovelace/)).toBeTruthy();
    const patch = requestsTo(requests, STRATEGY_PATHS.action(id), 'PATCH')[0]!;
    expect(patch.body).toEqual({ status: 'in_progress' });
    expect(card.getByText('In progress')).toBeTruthy();
  });

  it('rolls the status back and says why when the server refuses the change', async () => {
    const id = actions[1]!.id;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockStrategyApi({
      [`PATCH ${STRATEGY_PATHS.action(id)}`]: async () => {
        await held;
        return apiError(409, 'conflict', 'The action was dismissed by someone else.');
      },
    });
    const { user } = await openActions();
    await user.click(article('Link verifiable claims').getByRole('button', { name: /^Mark Complete/ }));
    expect(article('Link verifiable claims').getAllByText('Completed').length).toBeGreaterThan(0);
    release();
    const card = article('Link verifiable claims');
    expect(await card.findByText('The action was dismissed by someone else.')).toBeTruthy();
    expect(card.getByText('Could not change the status; it is back to what it was.')).toBeTruthy();
    expect(card.getByText('In progress')).toBeTruthy();
    expect(card.getByRole('button', { name: /^Mark Complete/ })).toBeTruthy();
  });

  it('Dismiss sends dismissed', async () => {
    const id = actions[0]!.id;
    const { requests } = mockStrategyApi({
      [`PATCH ${STRATEGY_PATHS.action(id)}`]: json(200, { ...actions[0]!, status: 'dismissed' }),
    });
    const { user } = await openActions();
    await user.click(article('Add independent reviews beside the price').getByRole('button', { name: /^Dismiss/ }));
    await vi.waitFor(() =>
      expect(requestsTo(requests, STRATEGY_PATHS.action(id), 'PATCH')[0]?.body).toEqual({ status: 'dismissed' }),
    );
  });
});

describe('Implement and Create Action Plan', () => {
  it('Implement creates the actions, points to them, and the recommendation reads as implemented', async () => {
    const rec = recommendation();
    let implemented = false;
    const created = [
      action({ id: `${rec.id}#1`, status: 'in_progress' }),
      action({ id: `${rec.id}#2`, title: 'Link verifiable claims', status: 'in_progress' }),
    ];
    const { requests } = mockStrategyApi({
      [`GET ${STRATEGY_PATHS.recommendations}`]: () =>
        json(200, recommendationList({ recommendations: [{ ...rec, status: implemented ? 'implemented' : 'open' }] })),
      [`GET ${STRATEGY_PATHS.actions}`]: () => json(200, { actions: implemented ? created : [] }),
      [`POST ${STRATEGY_PATHS.implement(rec.id)}`]: () => {
        implemented = true;
        return json(200, { actions: created });
      },
    });
    const { user } = await openStrategist();
    const card = article(rec.title);
    await user.click(card.getByRole('button', { name: 'Implement' }));
    expect(await card.findByText(/2 actions in progress in Small Compounding Actions/)).toBeTruthy();
    expect(document.activeElement).toBe(card.getByRole('button', { name: 'Show actions' }));
    expect(requestsTo(requests, STRATEGY_PATHS.implement(rec.id), 'POST')).toHaveLength(1);
    const implement = await card.findByRole('button', { name: 'Implement' });
    await vi.waitFor(() => expect((implement as HTMLButtonElement).disabled).toBe(true));
    expect(card.getByText('Implemented: its steps are in Small Compounding Actions.')).toBeTruthy();

    await user.click(card.getByRole('button', { name: 'Show actions' }));
    const tab = screen.getByRole('tab', { name: /Small Compounding Actions/ });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab);
    expect(await screen.findByRole('article', { name: 'Link verifiable claims' })).toBeTruthy();
    expect(tab.textContent).toBe('Small Compounding Actions2');
  });

  it('shows why Implement failed', async () => {
    const rec = recommendation();
    mockStrategyApi({
      [`POST ${STRATEGY_PATHS.implement(rec.id)}`]: apiError(404, 'not_found', 'Recommendation not found'),
    });
    const { user } = await openStrategist();
    await user.click(article(rec.title).getByRole('button', { name: 'Implement' }));
    expect(await article(rec.title).findByText('Recommendation not found')).toBeTruthy();
  });

  it('Create Action Plan posts the insight and the suggested actions appear in the actions tab', async () => {
    const planned = [
      action({
        id: 'ad_cost_trend:meta#9',
        title: 'Raise the budget of your best campaign',
        expected_lift: null,
        source_kind: 'market_insight',
        source_id: 'ad_cost_trend:meta',
      }),
    ];
    let done = false;
    const { requests } = mockStrategyApi({
      [`GET ${STRATEGY_PATHS.actions}`]: () => json(200, { actions: done ? planned : [] }),
      [`POST ${STRATEGY_PATHS.plan('ad_cost_trend:meta')}`]: () => {
        done = true;
        return json(200, { actions: planned });
      },
    });
    const { user } = await openStrategist();
    await user.click(screen.getByRole('tab', { name: /Market Insights/ }));
    const insight = within(
      await screen.findByRole('article', { name: 'Meta Ads clicks cost 18% less than last month' }),
    );
    expect(insight.getByText('Meta Ads daily CPC, last 30 vs previous 30 days')).toBeTruthy();
    expect(insight.getByText('Urgency: Short term')).toBeTruthy();
    await user.click(insight.getByRole('button', { name: 'Create Action Plan' }));
    expect(await insight.findByText(/1 action suggested in Small Compounding Actions/)).toBeTruthy();
    expect(requestsTo(requests, STRATEGY_PATHS.plan('ad_cost_trend:meta'), 'POST')).toHaveLength(1);
    await user.click(insight.getByRole('button', { name: 'Show actions' }));
    const card = within(await screen.findByRole('article', { name: 'Raise the budget of your best campaign' }));
    expect(card.getByText('market insights carry no lift estimate')).toBeTruthy();
  });

  it('on the read-only demo, says why Implement, status changes, plans and prices are not offered', async () => {
    localStorage.setItem(BUSINESS_STORAGE_KEY, demoBusiness.id);
    mockStrategyApi();
    const { user } = await openStrategist();
    const reason = /The demo business is read-only: you can generate insights and run simulations/;
    const rec = article('Skeptic visitors leave at pricing pages');
    expect((rec.getByRole('button', { name: 'Implement' }) as HTMLButtonElement).disabled).toBe(true);
    expect(rec.getByText(reason)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Generate New Insights' }) as HTMLButtonElement).disabled).toBe(false);

    await user.click(screen.getByRole('tab', { name: /Small Compounding Actions/ }));
    const suggested = within(await screen.findByRole('article', { name: 'Add independent reviews beside the price' }));
    expect(suggested.queryByRole('button', { name: /^Start/ })).toBeNull();
    expect(suggested.getByText(reason)).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: /Market Insights/ }));
    const insight = within(
      await screen.findByRole('article', { name: 'Meta Ads clicks cost 18% less than last month' }),
    );
    expect((insight.getByRole('button', { name: 'Create Action Plan' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('form', { name: 'Add a competitor price' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });
});
