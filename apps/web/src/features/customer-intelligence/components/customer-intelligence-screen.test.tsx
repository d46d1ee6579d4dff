import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { localDateStamp } from '../../../lib/download';
import { CUSTOMER_PATHS, mockCustomerApi, openCustomerScreen, requestsTo } from '../../../test/customer-api';
import { customer, customerId, customerList, customers, recommendations } from '../../../test/customer-fixtures';
import { apiError, json } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { setViewportWidth } from '../../../test/viewport';

const card = (label: string) => screen.getByText(label, { selector: 'dt' }).closest('div')!;
const row = (name: RegExp) => within(screen.getByRole('row', { name }));

describe('CustomerIntelligenceScreen', () => {
  it('shows the four cards from the summary, a dash with the reason when unknown, and the LTV model', async () => {
    mockCustomerApi({
      [`GET ${CUSTOMER_PATHS.list}`]: json(200, {
        ...customerList(),
        summary: {
          ...customerList().summary,
          avg_lifetime_value: null,
          reasons: { avg_lifetime_value: 'No payment is linked to any customer yet' },
        },
      }),
    });
    await openCustomerScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Customer Intelligence' })).toBeTruthy();
    expect(within(card('Total Customers')).getByText('3')).toBeTruthy();
    expect(within(card('Avg Readiness Score')).getByText('74.8')).toBeTruthy();
    expect(within(card('High Engagement')).getByText('1')).toBeTruthy();
    const ltv = within(card('Avg Lifetime Value'));
    expect(ltv.getByText('—')).toBeTruthy();
    expect(ltv.getByText('No payment is linked to any customer yet')).toBeTruthy();
    expect(screen.getByText(/BG\/NBD with Gamma-Gamma fitted on 3 customers/)).toBeTruthy();
  });

  it('asks for page 1 of 50, pages with Next and the strip, and a new profile filter goes back to page 1', async () => {
    const { requests } = mockCustomerApi({
      [`GET ${CUSTOMER_PATHS.list}`]: (r) => {
        const page = Number(r.url.searchParams.get('page') ?? 1);
        return json(
          200,
          customerList({ page, total: 320, total_pages: 7, has_next: page < 7, has_previous: page > 1 }),
        );
      },
    });
    const { user } = await openCustomerScreen();
    const last = () => requestsTo(requests, CUSTOMER_PATHS.list).at(-1)!.url.searchParams;
    expect([last().get('page'), last().get('limit')]).toEqual(['1', '50']);
    const nav = () => within(screen.getByRole('navigation', { name: 'Customer pages' }));
    expect((nav().getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    expect(
      nav()
        .getAllByRole('button', { name: /^Page \d$/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);

    await user.click(nav().getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(last().get('page')).toBe('2'));
    await user.click(nav().getByRole('button', { name: 'Page 5' }));
    await vi.waitFor(() => expect(last().get('page')).toBe('5'));
    expect(await screen.findByText('Page 5 of 7')).toBeTruthy();
    expect(
      nav()
        .getAllByRole('button', { name: /^Page \d$/ })
        .map((b) => b.textContent),
    ).toEqual(['3', '4', '5', '6', '7']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Profile' }), 'Skeptic');
    await vi.waitFor(() => expect(last().get('profile_type')).toBe('Skeptic'));
    expect(last().get('page')).toBe('1');
  });

  it('hides the pages when every customer fits on one', async () => {
    mockCustomerApi();
    await openCustomerScreen();
    expect(screen.queryByRole('navigation', { name: 'Customer pages' })).toBeNull();
  });

  it('offers Engage only from readiness 70, and colours churn 0.39 green, 0.4 yellow, 0.7 red', async () => {
    mockCustomerApi();
    await openCustomerScreen();
    expect(row(/Grace Hopper/).getByRole('button', { name: 'Engage Grace Hopper' })).toBeTruthy();
    expect(row(/Alan Turing/).getByRole('button', { name: 'Engage Alan Turing' })).toBeTruthy();
    expect(row(/kate@example.com/).queryByRole('button', { name: /^Engage/ })).toBeNull();
    expect(row(/kate@example.com/).getByRole('button', { name: 'View Profile of kate@example.com' })).toBeTruthy();

    expect(row(/Grace Hopper/).getByText('39% · Low').className).toContain('bg-green-50');
    expect(row(/Alan Turing/).getByText('40% · Medium').className).toContain('bg-amber-50');
    expect(row(/kate@example.com/).getByText('70% · High').className).toContain('bg-red-50');
    expect(row(/kate@example.com/).getByText('No payment linked yet')).toBeTruthy();
  });

  it('View Profile opens /customer-intelligence/{id} in the Individual view', async () => {
    mockCustomerApi();
    const { user, router } = await openCustomerScreen();
    await user.click(screen.getByRole('button', { name: 'View Profile of Grace Hopper' }));
    expect(router.state.location.pathname).toBe(`/customer-intelligence/${customerId(1)}`);
    expect(await screen.findByRole('heading', { name: 'Behavioral Trait Analysis' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Individual' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Overview' }));
    expect(await screen.findByRole('heading', { name: 'Customer Profiles' })).toBeTruthy();
  });

  it('exports the whole filtered list in 12 columns, 200 a request, named with the filter and the date', async () => {
    const many = Array.from({ length: 3 }, (_, i) => customer({ id: customerId(10 + i), name: `Buyer ${i}` }));
    const { requests } = mockCustomerApi({
      [`GET ${CUSTOMER_PATHS.list}`]: (r) => {
        const limit = Number(r.url.searchParams.get('limit'));
        if (limit !== 200) return json(200, customerList());
        const page = Number(r.url.searchParams.get('page'));
        const rows = page === 1 ? many.slice(0, 2) : many.slice(2);
        return json(200, customerList({ page, limit: 200, total: 3, total_pages: 2, has_next: page === 1 }, rows));
      },
    });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:customers');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = await openCustomerScreen('/customer-intelligence?profile=Fast-Mover');
    await user.click(screen.getByRole('button', { name: 'Export Analysis' }));
    await vi.waitFor(() => expect(names).toEqual([`customer-analysis-Fast-Mover-${localDateStamp()}.csv`]));
    const pages = requests.filter((r) => r.path === CUSTOMER_PATHS.list && r.url.searchParams.get('limit') === '200');
    expect(pages.map((r) => [r.url.searchParams.get('page'), r.url.searchParams.get('profile_type')])).toEqual([
      ['1', 'Fast-Mover'],
      ['2', 'Fast-Mover'],
    ]);
    const lines = (await createObjectURL.mock.calls[0]![0].text()).split('\r\n');
    expect(lines[0]!.split(',')).toEqual([
      'Name',
      'Email',
      'Neuromind Profile',
      'Readiness Score',
      'Engagement Level',
      'Churn Risk',
      'Lifetime Value (USD)',
      'Journey Stage',
      'Acquisition Source',
      'Total Sessions',
      'Last Activity',
      'Conversion Probability',
    ]);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(
      'Buyer 0,grace@example.com,Fast-Mover,84.5,high,0.39,1520.5,decision,google / cpc,9,2026-11-20T10:00:00.000Z,0.42',
    );
  });

  it("says 'Export failed. Please try again.' when the export cannot be read", async () => {
    mockCustomerApi({
      [`GET ${CUSTOMER_PATHS.list}`]: (r) =>
        r.url.searchParams.get('limit') === '200' ? apiError(500, 'internal', 'Down') : json(200, customerList()),
    });
    const { user } = await openCustomerScreen();
    await user.click(screen.getByRole('button', { name: 'Export Analysis' }));
    expect(await screen.findByText('Export failed. Please try again.')).toBeTruthy();
  });

  it("shows the server's message or 'Failed to load customer data', and retries", async () => {
    let calls = 0;
    mockCustomerApi({
      [`GET ${CUSTOMER_PATHS.list}`]: () => (++calls === 1 ? apiError(500, 'internal', '') : json(200, customerList())),
    });
    const first = renderApp('/customer-intelligence');
    expect(await screen.findByText('Failed to load customer data')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Customer Profiles' })).toBeTruthy();
    first.unmount();
  });

  it('filters the table by an insight through Take Action', async () => {
    const { requests } = mockCustomerApi();
    const { user } = await openCustomerScreen();
    const insight = within(await screen.findByRole('article', { name: 'Ready customers are slipping away' }));
    expect(insight.getByText('7 customers affected · 80% confidence')).toBeTruthy();
    await user.click(insight.getByRole('button', { name: 'Take Action' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ready customers are slipping away' }));
    expect(dialog.getByText('Send a reminder of what they viewed')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Show these customers' }));
    await vi.waitFor(() =>
      expect(requestsTo(requests, CUSTOMER_PATHS.list).at(-1)!.url.searchParams.get('min_readiness_score')).toBe('80'),
    );
    expect(screen.getByText('Showing customers in readiness ≥ 80.')).toBeTruthy();
  });

  it('fits a 375 px phone: customers become cards with their actions', async () => {
    setViewportWidth(375);
    mockCustomerApi();
    await openCustomerScreen();
    const list = screen.getByRole('list', { name: 'Customer Profiles' });
    expect(list.children).toHaveLength(customers.length);
    expect(screen.queryByRole('table', { name: 'Customer Profiles' })).toBeNull();
    const grace = within(screen.getByRole('article', { name: 'Grace Hopper' }));
    expect(grace.getByRole('button', { name: 'Engage Grace Hopper' })).toBeTruthy();
  });

  it('shows how far the export has read while it pages through the customers', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockCustomerApi({
      [`GET ${CUSTOMER_PATHS.list}`]: async (r) => {
        if (r.url.searchParams.get('limit') !== '200') return json(200, customerList());
        const page = Number(r.url.searchParams.get('page'));
        if (page === 2) await gate;
        return json(
          200,
          customerList({ page, limit: 200, total: 3, total_pages: 2, has_next: page === 1 }, customers.slice(0, 2)),
        );
      },
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = await openCustomerScreen();
    await user.click(screen.getByRole('button', { name: 'Export Analysis' }));
    expect(await screen.findByText('Exporting: 2 of 3 customers read...')).toBeTruthy();
    release();
    await vi.waitFor(() => expect(screen.queryByText(/Exporting:/)).toBeNull());
  });

  it('Engage opens the Engagement Recommendations for that customer', async () => {
    mockCustomerApi({
      [`GET ${CUSTOMER_PATHS.recommendations(customerId(2))}`]: json(200, {
        ...recommendations(false),
        customer_id: customerId(2),
      }),
    });
    const { user } = await openCustomerScreen();
    await user.click(row(/Alan Turing/).getByRole('button', { name: 'Engage Alan Turing' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Engagement Recommendations' }));
    expect(dialog.getByText('Alan Turing')).toBeTruthy();
    expect(await dialog.findByRole('article', { name: 'Conversion push' })).toBeTruthy();
  });
});
