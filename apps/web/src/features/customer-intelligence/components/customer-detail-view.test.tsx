import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_PATHS, mockCustomerApi, openCustomerScreen, requestsTo } from '../../../test/customer-api';
import { action, customerId, recommendations } from '../../../test/customer-fixtures';
import { demoBusiness } from '../../../test/fixtures';
import { apiError, json } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const ID = customerId(1);
const card = (label: string) => screen.getByText(label, { selector: 'dt' }).closest('div')!;

async function openCustomer(overrides: Parameters<typeof mockCustomerApi>[0] = {}) {
  const api = mockCustomerApi(overrides);
  const user = userEvent.setup();
  const view = renderApp(`/customer-intelligence/${ID}`);
  await screen.findByRole('heading', { name: 'Behavioral Trait Analysis' });
  return { user, ...api, ...view };
}

describe('Customer Intelligence: Individual view', () => {
  it('shows the header, the four cards and the trait bars, with Not measured and the reason for a null trait', async () => {
    await openCustomer();
    expect(screen.getByRole('heading', { level: 2, name: 'Grace Hopper' })).toBeTruthy();
    expect(screen.getByText('from 6 sessions')).toBeTruthy();
    expect(screen.getByText(/Known to Stripe, Tracked visitor · Acquired via google \/ cpc/)).toBeTruthy();
    const ltv = within(card('Lifetime Value'));
    expect(ltv.getByText('$1,520.50')).toBeTruthy();
    expect(ltv.getByText('Past $1,200.00 from 3 orders')).toBeTruthy();
    expect(ltv.getByText('Forecast $320.50 over the next 12 months')).toBeTruthy();
    expect(within(card('Conversion Probability')).getByText('42.0%')).toBeTruthy();
    expect(within(card('Total Sessions')).getByText('Average session 4m 5s')).toBeTruthy();
    expect(within(card('Churn Risk')).getByText('39%')).toBeTruthy();

    const traits = within(screen.getByRole('list', { name: 'Behavioral traits' }));
    expect(traits.getByRole('meter', { name: 'Decision Speed' }).getAttribute('aria-valuenow')).toBe('80');
    expect(traits.getByRole('meter', { name: 'Price Sensitivity' }).getAttribute('aria-valuenow')).toBe('35');
    expect(traits.queryByRole('meter', { name: 'Social Proof Influence' })).toBeNull();
    expect(traits.getByText('Not measured')).toBeTruthy();
    expect(traits.getByText('No review or testimonial views in their sessions')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Journey stage' }))
        .getByText('Decision')
        .getAttribute('aria-current'),
    ).toBe('step');
  });

  it('shows the records, the keys that merged them, the timeline and the value chart with its table', async () => {
    const { user } = await openCustomer();
    expect(screen.getByText(/Stripe cus_123 and Tracked visitor v_abc: same visitor id \(v_a…c\)/)).toBeTruthy();
    const timeline = within(screen.getByRole('list', { name: 'Timeline' }));
    expect(timeline.getAllByRole('listitem').map((li) => li.querySelector('p')!.textContent)).toEqual([
      'Refund-$50.00',
      'Payment$400.00',
      'Visited /pricing',
    ]);
    expect(timeline.getByRole('link', { name: 'Open session' }).getAttribute('href')).toMatch(/^\/admin\/sessions\//);
    const chart = screen.getByRole('img', { name: /^Value over time: Net revenue to date \$1,200.00/ });
    expect(chart.getAttribute('aria-label')).toContain('forecast $1,520.50');
    expect(chart.querySelector('polyline[stroke-dasharray]')).toBeTruthy();
    const section = within(screen.getByRole('heading', { name: 'Value Over Time' }).closest('section')!);
    await user.click(section.getByRole('button', { name: 'Show data table' }));
    expect(section.getByRole('table', { name: 'Value over time' }).querySelectorAll('tbody tr')).toHaveLength(3);
  });

  it("says 'Customer not found' with the way back for an unknown customer", async () => {
    mockCustomerApi({
      [`GET ${CUSTOMER_PATHS.detail(customerId(9))}`]: apiError(404, 'not_found', 'Customer not found'),
    });
    const user = userEvent.setup();
    const { router } = renderApp(`/customer-intelligence/${customerId(9)}`);
    expect(await screen.findByRole('heading', { name: 'Customer not found' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Back to all customers' }));
    expect(router.state.location.pathname).toBe('/customer-intelligence');
    expect(await screen.findByRole('heading', { name: 'Customer Profiles' })).toBeTruthy();
  });

  it('implements an action through a GoHighLevel workflow and shows its status and the history', async () => {
    let actions = { actions: [] as ReturnType<typeof action>[] };
    const { user, requests } = await openCustomer({
      [`GET ${CUSTOMER_PATHS.recommendations(ID)}`]: json(200, recommendations(true)),
      [`POST ${CUSTOMER_PATHS.actions(ID)}`]: () => {
        actions = { actions: [action()] };
        return json(201, action());
      },
      [`GET ${CUSTOMER_PATHS.actions(ID)}`]: () => json(200, actions),
    });
    expect(await screen.findByText('No action has been taken for this customer yet.')).toBeTruthy();
    const engage = screen.getByRole('button', { name: 'Engage Customer' });
    await user.click(engage);
    const dialog = within(await screen.findByRole('dialog', { name: 'Engagement Recommendations' }));
    expect(await dialog.findByText('GoHighLevel contact found: actions reach the CRM.')).toBeTruthy();
    const rec = within(dialog.getByRole('article', { name: 'Conversion push' }));
    expect(rec.getByText('Readiness 84.5 is at or above 80')).toBeTruthy();
    const channel = rec.getByRole('combobox', { name: 'Deliver by' });
    expect(
      within(channel)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Tag the contact in GoHighLevel', 'Create a GoHighLevel task', 'Enrol in a GoHighLevel workflow']);
    await user.selectOptions(channel, 'crm_workflow');
    expect((rec.getByRole('combobox', { name: 'Workflow' }) as HTMLSelectElement).value).toBe('wf-1');
    await user.click(rec.getByRole('button', { name: 'Implement Action' }));
    expect(await rec.findByText('Enrolled in the Win-back workflow in GoHighLevel.')).toBeTruthy();
    expect(rec.getByText('Delivered')).toBeTruthy();
    expect(requestsTo(requests, CUSTOMER_PATHS.actions(ID), 'POST')[0]!.body).toEqual({
      type: 'conversion',
      title: 'Conversion push',
      channel: 'crm_workflow',
      workflow_id: 'wf-1',
      implementation_steps: ['Send the offer', 'Follow up in 3 days'],
    });

    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(engage);
    const history = within(await screen.findByRole('list', { name: 'Actions taken' }));
    expect(history.getByText(/Enrol in a GoHighLevel workflow · by Ada Lovelace/)).toBeTruthy();
    expect(history.getByText('Outcome: measured 14 days after the action.')).toBeTruthy();
  });

  it('records an owner task without a CRM contact, and shows the spec texts when things fail', async () => {
    const { user } = await openCustomer({
      [`GET ${CUSTOMER_PATHS.recommendations(ID)}`]: json(200, recommendations(false)),
      [`POST ${CUSTOMER_PATHS.actions(ID)}`]: apiError(500, 'internal', 'CRM down'),
    });
    await user.click(screen.getByRole('button', { name: 'Engage Customer' }));
    const rec = within(await screen.findByRole('article', { name: 'Conversion push' }));
    expect(rec.queryByRole('combobox')).toBeNull();
    expect(rec.getByText('Delivered as: Task for the business owner')).toBeTruthy();
    await user.click(rec.getByRole('button', { name: 'Implement Action' }));
    expect(await rec.findByText('Failed to implement engagement action. Please try again.')).toBeTruthy();
  });

  it("says 'Failed to generate engagement recommendations. Please try again.' when they cannot load", async () => {
    const { user } = await openCustomer({
      [`GET ${CUSTOMER_PATHS.recommendations(ID)}`]: apiError(500, 'internal', 'Down'),
    });
    await user.click(screen.getByRole('button', { name: 'Engage Customer' }));
    expect(await screen.findByText('Failed to generate engagement recommendations. Please try again.')).toBeTruthy();
  });

  it('opens the Customer Profile from a name in the table, and Engage Customer goes to the recommendations', async () => {
    mockCustomerApi({ [`GET ${CUSTOMER_PATHS.recommendations(ID)}`]: json(200, recommendations(false)) });
    const { user } = await openCustomerScreen();
    await user.click(screen.getByRole('button', { name: 'Grace Hopper' }));
    const profile = within(await screen.findByRole('dialog', { name: 'Customer Profile' }));
    expect(profile.getByText('84.5 (high)')).toBeTruthy();
    expect(profile.getByRole('link', { name: 'Open full profile' }).getAttribute('href')).toBe(
      `/customer-intelligence/${ID}`,
    );
    await user.click(profile.getByRole('button', { name: 'Engage Customer' }));
    expect(await screen.findByRole('dialog', { name: 'Engagement Recommendations' })).toBeTruthy();
  });

  it('offers no changes on a read-only business, and says why', async () => {
    localStorage.setItem('ri.business', demoBusiness.id);
    await openCustomer();
    expect(await screen.findByText(/The demo business is read-only/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Engage Customer' })).toBeNull();
  });

  it('separates two merged records after confirming, and points to the customers they became', async () => {
    const { user, requests } = await openCustomer({
      'POST /analytics/customer-links': json(200, {
        customer_ids: ['77777777-7777-4777-8777-777777777777', '88888888-8888-4888-8888-888888888888'],
        message: 'The records are now two customers.',
      }),
    });
    const merges = within(screen.getByRole('list', { name: 'Merges' }));
    await user.click(merges.getByRole('button', { name: 'Not the same person' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Not the same person?' }));
    await user.click(dialog.getByRole('button', { name: 'Separate them' }));
    expect(await screen.findByText('The records are now two customers.')).toBeTruthy();
    expect(requestsTo(requests, '/analytics/customer-links', 'POST')[0]!.body).toEqual({
      record_a: 'r1',
      record_b: 'r2',
      kind: 'not_same_person',
    });
    expect(screen.getByRole('link', { name: 'Open customer 77777777' }).getAttribute('href')).toBe(
      '/customer-intelligence/77777777-7777-4777-8777-777777777777',
    );
    expect(screen.getByRole('link', { name: 'Open customer 88888888' })).toBeTruthy();
  });
});
