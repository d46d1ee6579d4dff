import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CUSTOMER_PATHS, mockCustomerApi, requestsTo } from '../../../test/customer-api';
import { SEGMENT_ID, savedSegment, segments, TASK_ID, task } from '../../../test/customer-fixtures';
import { ownBusiness } from '../../../test/fixtures';
import { apiError, json } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const generated = json(200, {
  success: true,
  task_id: TASK_ID,
  total_contacts: 42,
  message: 'Profile generation started.',
});

async function openWithTimers(overrides: Parameters<typeof mockCustomerApi>[0]) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const api = mockCustomerApi(overrides);
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderApp('/customer-intelligence');
  await screen.findByRole('heading', { name: 'Neuromind Profile Segments' });
  return { user, ...api };
}
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('Neuromind Profile Segments', () => {
  it('shows each profile segment with its figures and the counts as a chart with a data table', async () => {
    mockCustomerApi();
    const user = userEvent.setup();
    renderApp('/customer-intelligence');
    const fast = within(await screen.findByRole('article', { name: 'Fast-Movers' }));
    expect(fast.getByText('12 customers')).toBeTruthy();
    expect(fast.getByText('81.2')).toBeTruthy();
    expect(fast.getByText('25.0%')).toBeTruthy();
    expect(fast.getByText('$1,300.00')).toBeTruthy();
    expect(fast.getByText('Offer a one-click checkout')).toBeTruthy();
    const chart = screen.getByRole('img', { name: /Customers per Neuromind profile: 17 in all/ });
    expect(chart.getAttribute('aria-label')).toContain('Fast-Mover holds the most (12)');
    await user.click(screen.getByRole('button', { name: 'Show data table' }));
    const table = within(screen.getByRole('table', { name: 'Customers per Neuromind profile' }));
    expect(table.getAllByRole('row')[2]!.textContent).toBe('Skeptic5');
  });

  it('Refresh Segments polls the task 5 s after it starts and every 5 s, then shows the counts and reloads', async () => {
    let polls = 0;
    const { user, requests } = await openWithTimers({
      [`POST ${CUSTOMER_PATHS.generate}`]: generated,
      [`GET ${CUSTOMER_PATHS.task(TASK_ID)}`]: () =>
        ++polls < 2
          ? json(200, task())
          : json(
              200,
              task({
                status: 'completed',
                progress: { percentage: 100, current_step: 'Done', completed: 5, total: 5 },
                result: {
                  profiles_generated: 30,
                  profiles_updated: 10,
                  profiles_skipped: 2,
                  profile_distribution: { Skeptic: 12, 'Fast-Mover': 18 },
                  error: null,
                },
              }),
            ),
    });
    await user.click(screen.getByRole('button', { name: 'Refresh Segments' }));
    expect(await screen.findByText('Profile generation started')).toBeTruthy();
    const post = requestsTo(requests, CUSTOMER_PATHS.generate, 'POST')[0]!;
    expect(post.url.searchParams.get('force_regenerate')).toBe('true');
    const taskPolls = () => requestsTo(requests, CUSTOMER_PATHS.task(TASK_ID)).length;

    await advance(4900);
    expect(taskPolls()).toBe(0);
    await advance(100);
    expect(taskPolls()).toBe(1);
    expect(await screen.findByText('40% · Merging records')).toBeTruthy();
    const listsBefore = requestsTo(requests, CUSTOMER_PATHS.list).length;

    await advance(5000);
    expect(taskPolls()).toBe(2);
    expect(await screen.findByText('Profile generation completed')).toBeTruthy();
    expect(screen.getByText('30 generated, 10 updated, 2 skipped.')).toBeTruthy();
    const distribution = within(screen.getByRole('list', { name: 'Profile distribution' }));
    expect(distribution.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Fast-Mover: 18',
      'Skeptic: 12',
    ]);
    await vi.waitFor(() => expect(requestsTo(requests, CUSTOMER_PATHS.list).length).toBeGreaterThan(listsBefore));
    await advance(10_000);
    expect(taskPolls()).toBe(2);
  });

  it("says 'Profile Generation Failed' with the task's error", async () => {
    const { user } = await openWithTimers({
      [`POST ${CUSTOMER_PATHS.generate}`]: generated,
      [`GET ${CUSTOMER_PATHS.task(TASK_ID)}`]: json(
        200,
        task({ status: 'failed', error: 'Stripe sync is still running' }),
      ),
    });
    await user.click(screen.getByRole('button', { name: 'Refresh Segments' }));
    await screen.findByText('Profile generation started');
    await advance(5000);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Profile Generation Failed')).toBeTruthy();
    expect(within(alert).getByText('Stripe sync is still running')).toBeTruthy();
  });

  it("says the profiles already exist when no task starts, and 'Profile Refresh Failed' when it cannot start", async () => {
    let reply = json(200, {
      success: true,
      task_id: null,
      total_contacts: 42,
      message: 'Profiles already exist for all 42 contacts.',
    });
    mockCustomerApi({ [`POST ${CUSTOMER_PATHS.generate}`]: () => reply });
    const user = userEvent.setup();
    renderApp('/customer-intelligence');
    await user.click(await screen.findByRole('button', { name: 'Refresh Segments' }));
    expect(await screen.findByText('Profiles already exist for all 42 contacts.')).toBeTruthy();

    reply = json(200, { success: false, task_id: null, total_contacts: 0, message: 'No contacts to profile' });
    await user.click(screen.getByRole('button', { name: 'Refresh Segments' }));
    expect(await screen.findByText('Profile Refresh Failed')).toBeTruthy();
    expect(screen.getByText('No contacts to profile')).toBeTruthy();

    reply = apiError(500, 'internal', '');
    await user.click(screen.getByRole('button', { name: 'Refresh Segments' }));
    expect(await screen.findByText('An unexpected error occurred')).toBeTruthy();
  });

  it('creates a segment from a suggestion that matches customers, after confirming, with its rules', async () => {
    const { requests } = mockCustomerApi({
      [`POST ${CUSTOMER_PATHS.segments}`]: json(201, savedSegment),
    });
    const user = userEvent.setup();
    renderApp('/customer-intelligence');
    const open = await screen.findByRole('button', { name: 'Create Segment' });
    await user.click(open);
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Segment' }));
    // The suggestion that matches nobody is not offered.
    expect(dialog.queryByText(/Valuable customers at risk/)).toBeNull();
    await user.click(dialog.getByRole('radio', { name: /High-value Fast-Movers · 4 customers/ }));
    await user.click(dialog.getByRole('button', { name: 'Create segment' }));
    expect(dialog.getByText(/It matches 4 customers now/)).toBeTruthy();
    expect(requestsTo(requests, CUSTOMER_PATHS.segments, 'POST')).toHaveLength(0);

    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/Segment “High-value Fast-Movers” saved: 4 customers match it now./)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestsTo(requests, CUSTOMER_PATHS.segments, 'POST')[0]!.body).toEqual({
      name: 'High-value Fast-Movers',
      description: 'Fast-Movers with a lifetime value above 1000',
      rules: segments.suggestions[0]!.rules,
    });
    await vi.waitFor(() => expect(requestsTo(requests, CUSTOMER_PATHS.segments).length).toBeGreaterThan(1));
  });

  it("says 'Failed to create segments. Please try again.' when saving fails", async () => {
    mockCustomerApi({ [`POST ${CUSTOMER_PATHS.segments}`]: apiError(500, 'internal', 'Database down') });
    const user = userEvent.setup();
    renderApp('/customer-intelligence');
    await user.click(await screen.findByRole('button', { name: 'Create Segment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Segment' }));
    await user.click(dialog.getByRole('radio', { name: /High-value Fast-Movers/ }));
    await user.click(dialog.getByRole('button', { name: 'Create segment' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByText('Failed to create segments. Please try again.')).toBeTruthy();
  });

  it('saves rules from the form, showing errors next to the field they name, and returns focus on Escape', async () => {
    let replies = 0;
    const { requests } = mockCustomerApi({
      [`POST ${CUSTOMER_PATHS.segments}`]: () =>
        ++replies === 1
          ? apiError(400, 'validation_failed', 'rules.inactive_for_days: inactive_for_days is too large', {
              field: 'rules.inactive_for_days',
            })
          : json(201, { ...savedSegment, id: SEGMENT_ID, name: 'Lapsed Skeptics' }),
    });
    const user = userEvent.setup();
    renderApp('/customer-intelligence');
    const open = await screen.findByRole('button', { name: 'Create Segment' });
    await user.click(open);
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Segment' }));
    await user.click(dialog.getByRole('radio', { name: 'Define rules' }));
    await user.click(dialog.getByRole('button', { name: 'Save segment' }));
    // Checked with the contract's schema before anything is sent.
    expect(dialog.getByRole('textbox', { name: 'Segment name' }).getAttribute('aria-invalid')).toBe('true');
    expect(dialog.getByText('name is required')).toBeTruthy();
    expect(dialog.getByText('rules must hold at least one condition')).toBeTruthy();

    await user.type(dialog.getByRole('textbox', { name: 'Segment name' }), 'Lapsed Skeptics');
    await user.click(dialog.getByRole('checkbox', { name: 'Skeptic' }));
    await user.type(dialog.getByRole('spinbutton', { name: 'Min readiness' }), '150');
    await user.click(dialog.getByRole('button', { name: 'Save segment' }));
    expect(dialog.getByText('min_readiness must be at most 100')).toBeTruthy();
    expect(requestsTo(requests, CUSTOMER_PATHS.segments, 'POST')).toHaveLength(0);

    await user.clear(dialog.getByRole('spinbutton', { name: 'Min readiness' }));
    await user.type(dialog.getByRole('spinbutton', { name: 'Inactive for at least (days)' }), '30');
    await user.click(dialog.getByRole('button', { name: 'Save segment' }));
    const days = dialog.getByRole('spinbutton', { name: 'Inactive for at least (days)' });
    expect(await dialog.findByText('inactive_for_days is too large')).toBeTruthy();
    expect(days.getAttribute('aria-describedby')).toBe(dialog.getByText('inactive_for_days is too large').id);
    expect(requestsTo(requests, CUSTOMER_PATHS.segments, 'POST')[0]!.body).toEqual({
      name: 'Lapsed Skeptics',
      rules: { profile_types: ['Skeptic'], inactive_for_days: 30 },
    });

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it('lists saved segments; Show customers filters the table by the segment, and Delete asks first', async () => {
    const { requests } = mockCustomerApi({
      [`GET ${CUSTOMER_PATHS.segments}`]: json(200, { ...segments, saved: [savedSegment] }),
      [`DELETE ${CUSTOMER_PATHS.segments}/${SEGMENT_ID}`]: new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderApp('/customer-intelligence');
    const saved = within(await screen.findByRole('list', { name: 'Saved segments' }));
    expect(saved.getByText('Profile: Fast-Mover · Lifetime value ≥ 1000')).toBeTruthy();
    await user.click(saved.getByRole('button', { name: 'Show customers of High-value Fast-Movers' }));
    await vi.waitFor(() =>
      expect(requestsTo(requests, CUSTOMER_PATHS.list).at(-1)!.url.searchParams.get('segment_id')).toBe(SEGMENT_ID),
    );
    expect(screen.getByText('Showing customers in segment “High-value Fast-Movers”.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear filter' }));
    expect(screen.queryByText(/Showing customers in/)).toBeNull();

    await user.click(saved.getByRole('button', { name: 'Delete High-value Fast-Movers' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete segment' }));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo(requests, `${CUSTOMER_PATHS.segments}/${SEGMENT_ID}`, 'DELETE')).toHaveLength(1);
  });

  it("edits a saved segment's rules, keeping the rules the form does not show", async () => {
    const atRisk = { ...savedSegment, name: 'At risk', rules: { min_churn_risk: 0.7, min_lifetime_value: 1000 } };
    const { requests } = mockCustomerApi({
      [`GET ${CUSTOMER_PATHS.segments}`]: json(200, { ...segments, saved: [atRisk] }),
      [`PUT ${CUSTOMER_PATHS.segments}/${SEGMENT_ID}`]: json(200, atRisk),
    });
    const user = userEvent.setup();
    renderApp('/customer-intelligence');
    await user.click(await screen.findByRole('button', { name: 'Edit At risk' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit At risk' }));
    const ltv = dialog.getByRole('spinbutton', { name: 'Min lifetime value' });
    expect((ltv as HTMLInputElement).value).toBe('1000');
    await user.clear(ltv);
    await user.type(ltv, '2000');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo(requests, `${CUSTOMER_PATHS.segments}/${SEGMENT_ID}`, 'PUT')[0]!.body).toEqual({
      name: 'At risk',
      description: savedSegment.description,
      rules: { min_churn_risk: 0.7, min_lifetime_value: 2000 },
    });
  });

  it('offers a viewer no Refresh Segments or Create Segment, and says why', async () => {
    mockCustomerApi({
      'GET /businesses': json(200, { businesses: [{ ...ownBusiness, role: 'viewer' }] }),
    });
    renderApp('/customer-intelligence');
    expect(await screen.findByText(/Viewers can explore customers/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refresh Segments' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Segment' })).toBeNull();
  });
});
