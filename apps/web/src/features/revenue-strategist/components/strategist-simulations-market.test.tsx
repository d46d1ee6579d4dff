import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json } from '../../../test/mock-api';
import { mockStrategyApi, openStrategist, requestsTo, STRATEGY_PATHS } from '../test/strategy-api';
import { competitorPrice, simulation, simulations } from '../test/strategy-fixtures';

async function openTab(name: RegExp) {
  const view = await openStrategist();
  await view.user.click(screen.getByRole('tab', { name }));
  return view;
}

describe('Revenue Simulations', () => {
  it('shows each scenario: interval, current against projected with changes, a dash and why, and a chart', async () => {
    mockStrategyApi();
    await openTab(/Revenue Simulations/);
    const best = within(await screen.findByRole('article', { name: 'Conversion back to its best 4 weeks' }));
    expect(best.getByText('$41,000 – $52,000')).toBeTruthy();
    const row = (name: string) => within(best.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr')!);
    expect(row('Monthly revenue').getByText('$42,000')).toBeTruthy();
    expect(row('Monthly revenue').getByText('$46,200')).toBeTruthy();
    expect(row('Monthly revenue').getByText('+10%')).toBeTruthy();
    expect(row('Conversion rate').getByText('2.75%')).toBeTruthy();
    expect(row('Average order value').getByText('0%')).toBeTruthy();
    expect(best.getByText('Conversion rate +10%')).toBeTruthy();
    expect(best.getByText('Next 30 days')).toBeTruthy();
    expect(best.getByText(/Fitted on 182 days/)).toBeTruthy();
    expect(
      best.getByRole('img', {
        name: 'Projected monthly revenue, 80% intervals. No change: $37,000 to $47,500, projected $42,000. This scenario: $41,000 to $52,000, projected $46,200.',
      }),
    ).toBeTruthy();

    const orders = within(screen.getByRole('article', { name: 'Traffic +20%' }));
    const conversion = within(orders.getByRole('rowheader', { name: /^Conversion rate/ }).closest('tr')!);
    expect(conversion.getAllByText('—')).toHaveLength(3);
    expect(conversion.getByText(/No tracked sessions/)).toBeTruthy();
  });

  it('shows why there is no simulation instead of cards', async () => {
    mockStrategyApi({
      [`GET ${STRATEGY_PATHS.simulations}`]: json(
        200,
        simulations({ simulations: [], reason: 'The history spans 12 days; the model needs 28.' }),
      ),
    });
    await openTab(/Revenue Simulations/);
    expect(await screen.findByText('The history spans 12 days; the model needs 28.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Run This Simulation/ })).toBeNull();
  });

  it('Run This Simulation opens the editor with the changes in percent, refuses what the server would, then posts', async () => {
    const result = simulation({ id: 'sim-run', scenario_name: 'Spring push', changes_applied: ['Traffic +25%'] });
    const { requests } = mockStrategyApi({ [`POST ${STRATEGY_PATHS.simulations}`]: json(200, result) });
    const { user } = await openTab(/Revenue Simulations/);
    await user.click(
      await screen.findByRole('button', { name: 'Run This Simulation: Conversion back to its best 4 weeks' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Run This Simulation' }));
    const field = (name: string) => dialog.getByRole('textbox', { name }) as HTMLInputElement;
    expect(field('Conversion rate change (%)').value).toBe('10');
    expect(field('Scenario name').value).toBe('Conversion back to its best 4 weeks');

    await user.clear(field('Traffic change (%)'));
    await user.type(field('Traffic change (%)'), '-95');
    await user.clear(field('Average order value change (%)'));
    await user.type(field('Average order value change (%)'), 'lots');
    await user.click(dialog.getByRole('button', { name: 'Run Simulation' }));
    expect(dialog.getByText('Traffic change must be between −90 % and +500 %')).toBeTruthy();
    expect(dialog.getByText('Average order value change must be a number')).toBeTruthy();
    expect(field('Traffic change (%)').getAttribute('aria-invalid')).toBe('true');
    expect(requestsTo(requests, STRATEGY_PATHS.simulations, 'POST')).toHaveLength(0);

    await user.clear(field('Traffic change (%)'));
    await user.type(field('Traffic change (%)'), '25');
    await user.clear(field('Average order value change (%)'));
    await user.clear(field('Scenario name'));
    await user.type(field('Scenario name'), 'Spring push');
    await user.click(dialog.getByRole('button', { name: 'Run Simulation' }));
    const card = within(await dialog.findByRole('article', { name: 'Spring push' }));
    expect(card.getByText('Traffic +25%')).toBeTruthy();
    expect(requestsTo(requests, STRATEGY_PATHS.simulations, 'POST')[0]!.body).toEqual({
      scenario_name: 'Spring push',
      changes: { traffic: 0.25, conversion_rate: 0.1, order_value: 0 },
    });
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('heading', { name: 'Simulations you ran' })).toBeTruthy();
  }, 15_000);

  it("shows the server's refusal under the change it names", async () => {
    mockStrategyApi({
      [`POST ${STRATEGY_PATHS.simulations}`]: apiError(
        400,
        'validation_failed',
        'changes.order_value: order_value must be at most 5 (+500 %)',
        { field: 'changes.order_value' },
      ),
    });
    const { user } = await openTab(/Revenue Simulations/);
    await user.click(await screen.findByRole('button', { name: 'New simulation' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Run This Simulation' }));
    await user.click(dialog.getByRole('button', { name: 'Run Simulation' }));
    expect(await dialog.findByText('order_value must be at most 5 (+500 %)')).toBeTruthy();
    expect(
      (dialog.getByRole('textbox', { name: 'Average order value change (%)' }) as HTMLInputElement).getAttribute(
        'aria-invalid',
      ),
    ).toBe('true');
  });
});

describe('Market Insights', () => {
  it('shows the market figures with their sources or reasons, the insights and what could not be computed', async () => {
    mockStrategyApi();
    await openTab(/Market Insights/);
    const sentiment = within((await screen.findByText('Market sentiment', { selector: 'dt' })).closest('div')!);
    expect(sentiment.getByText('+25 (favourable)')).toBeTruthy();
    expect(sentiment.getByText('Source: Meta Ads CPC change and your seasonality')).toBeTruthy();
    const diff = within(screen.getByText('Competitor price difference', { selector: 'dt' }).closest('div')!);
    expect(diff.getByText('—')).toBeTruthy();
    expect(diff.getByText('No competitor price entered in the last 180 days.')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Your Pro plan costs 15% more than competitors' })).toBeTruthy();
    const skipped = within(screen.getByRole('region', { name: 'Insights that could not be computed' }));
    expect(skipped.getByText('Revenue covers 200 days; the season needs 365.')).toBeTruthy();
  });

  it('checks a competitor price as the server does, and shows a 400 under the field it names', async () => {
    const { requests } = mockStrategyApi({
      [`POST ${STRATEGY_PATHS.prices}`]: apiError(
        400,
        'validation_failed',
        'own_price: own_price must be at most 1,000,000,000',
        {
          field: 'own_price',
        },
      ),
    });
    const { user } = await openTab(/Market Insights/);
    const form = within(await screen.findByRole('form', { name: 'Add a competitor price' }));
    await user.type(form.getByRole('textbox', { name: 'Their price' }), '0');
    await user.type(form.getByRole('textbox', { name: 'Currency' }), 'dollars');
    await user.click(form.getByRole('button', { name: 'Add price' }));
    expect(form.getByText('Competitor is required')).toBeTruthy();
    expect(form.getByText('Product is required')).toBeTruthy();
    expect(form.getByText('Their price must be more than 0')).toBeTruthy();
    expect(form.getByText('Your price must be a number')).toBeTruthy();
    expect(form.getByText('Currency must be a three-letter code such as USD')).toBeTruthy();
    expect(document.activeElement).toBe(form.getByRole('textbox', { name: 'Competitor' }));
    expect(requestsTo(requests, STRATEGY_PATHS.prices, 'POST')).toHaveLength(0);

    await user.type(form.getByRole('textbox', { name: 'Competitor' }), 'Globex');
    await user.type(form.getByRole('textbox', { name: 'Product' }), 'Pro plan');
    await user.clear(form.getByRole('textbox', { name: 'Their price' }));
    await user.type(form.getByRole('textbox', { name: 'Their price' }), '99');
    await user.type(form.getByRole('textbox', { name: 'Your price' }), '120');
    await user.clear(form.getByRole('textbox', { name: 'Currency' }));
    await user.type(form.getByRole('textbox', { name: 'Currency' }), 'usd');
    await user.click(form.getByRole('button', { name: 'Add price' }));
    expect(await form.findByText('Your price must be at most 1,000,000,000')).toBeTruthy();
    expect(form.getByRole('textbox', { name: 'Your price' }).getAttribute('aria-invalid')).toBe('true');
  }, 15_000);

  it('adds a valid price and the list and market figures reload', async () => {
    const added = competitorPrice({ id: '9b2c3d4e-5f60-4718-8a9b-0c1d2e3f4a5b', competitor: 'Globex', price: 99 });
    const { requests } = mockStrategyApi({ [`POST ${STRATEGY_PATHS.prices}`]: json(201, added) });
    const { user } = await openTab(/Market Insights/);
    const form = within(await screen.findByRole('form', { name: 'Add a competitor price' }));
    await user.type(form.getByRole('textbox', { name: 'Competitor' }), 'Globex');
    await user.type(form.getByRole('textbox', { name: 'Product' }), 'Pro plan');
    await user.type(form.getByRole('textbox', { name: 'Their price' }), '99');
    await user.type(form.getByRole('textbox', { name: 'Your price' }), '115');
    await user.type(form.getByRole('textbox', { name: 'Currency' }), 'usd');
    await user.click(form.getByRole('button', { name: 'Add price' }));
    expect(await form.findByText("Saved Globex's price for Pro plan.")).toBeTruthy();
    expect(requestsTo(requests, STRATEGY_PATHS.prices, 'POST')[0]!.body).toEqual({
      competitor: 'Globex',
      product: 'Pro plan',
      price: 99,
      own_price: 115,
      currency: 'USD',
    });
    await vi.waitFor(() => expect(requestsTo(requests, STRATEGY_PATHS.prices)).toHaveLength(2));
    await vi.waitFor(() => expect(requestsTo(requests, STRATEGY_PATHS.market)).toHaveLength(2));
  }, 15_000);

  it('deletes a price only after confirmation', async () => {
    const price = competitorPrice();
    const { requests } = mockStrategyApi({
      [`DELETE ${STRATEGY_PATHS.price(price.id)}`]: json(200, { deleted: true }),
    });
    const { user } = await openTab(/Market Insights/);
    const table = within(await screen.findByRole('table', { name: 'Competitor prices' }));
    expect(table.getByText('$100.00')).toBeTruthy();
    expect(table.getByText('$115.00')).toBeTruthy();
    await user.click(table.getByRole('button', { name: 'Delete Acme, Pro plan' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete this price?' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(requestsTo(requests, STRATEGY_PATHS.price(price.id), 'DELETE')).toHaveLength(0);

    await user.click(table.getByRole('button', { name: 'Delete Acme, Pro plan' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(requestsTo(requests, STRATEGY_PATHS.price(price.id), 'DELETE')).toHaveLength(1));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
