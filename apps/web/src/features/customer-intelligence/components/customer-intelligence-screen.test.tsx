import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { localDateStamp } from '../../../lib/download';
import { CUSTOMER_PATHS, mockCustomerApi, openCustomerScreen, requestsTo } from '../../../test/customer-api';
import { customerId, customerList, customers, recommendations } from '../../../test/customer-fixtures';
import { apiError, json } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { setViewportWidth } from '../../../test/viewport';

const EXPORT_HEADER = 'Name,Email,Neuromind Profile,Readiness Score';

/** A CSV answer sent in chunks; a promise among them holds the rest back until it resolves. */
function csvReply(chunks: (string | Promise<void>)[], total: number): Response {
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const chunk of chunks) {
        if (typeof chunk === 'string') controller.enqueue(new TextEncoder().encode(chunk));
        else await chunk;
      }
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/csv; charset=utf-8', 'x-total-count': String(total) } });
}

/** The files the page saves: their names and contents. */
function captureDownloads() {
  const saved = { names: [] as string[], blobs: [] as Blob[] };
  const createObjectURL = vi.fn((blob: Blob) => {
    saved.blobs.push(blob);
    return 'blob:customers';
  });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.names.push(this.download);
  });
  return saved;
}

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

  it('exports the filtered list as the server writes it, named with the filter and the date', async () => {
    const csv = `${EXPORT_HEADER}\r\nBuyer 0,grace@example.com,Fast-Mover,84.5\r\n"Buyer, 1",,Fast-Mover,\r\n`;
    const { requests } = mockCustomerApi({ [`GET ${CUSTOMER_PATHS.export}`]: () => csvReply([csv], 2) });
    const saved = captureDownloads();
    const { user } = await openCustomerScreen('/customer-intelligence?profile=Fast-Mover');
    await user.click(screen.getByRole('button', { name: 'Export Analysis' }));
    await vi.waitFor(() => expect(saved.names).toEqual([`customer-analysis-Fast-Mover-${localDateStamp()}.csv`]));
    const [asked] = requestsTo(requests, CUSTOMER_PATHS.export);
    expect(asked!.headers.get('accept')).toBe('text/csv');
    expect([...asked!.url.searchParams.entries()]).toEqual([['profile_type', 'Fast-Mover']]);
    expect(await saved.blobs[0]!.text()).toBe(csv);
  });

  it("says 'Export failed. Please try again.' when the export is refused or cut off, and saves nothing", async () => {
    let calls = 0;
    mockCustomerApi({
      [`GET ${CUSTOMER_PATHS.export}`]: () => {
        calls += 1;
        if (calls === 1) return apiError(500, 'internal', 'Down');
        const cut = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(`${EXPORT_HEADER}\r\nBuyer 0\r\n`));
            controller.error(new TypeError('network error'));
          },
        });
        return new Response(cut, { headers: { 'x-total-count': '3' } });
      },
    });
    const saved = captureDownloads();
    const { user } = await openCustomerScreen();
    await user.click(screen.getByRole('button', { name: 'Export Analysis' }));
    expect(await screen.findByText('Export failed. Please try again.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Export Analysis' }));
    await vi.waitFor(() => expect(calls).toBe(2));
    expect(await screen.findByText('Export failed. Please try again.')).toBeTruthy();
    expect(saved.names).toEqual([]);
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

  it("adds the server's reason when it refuses the export", async () => {
    mockCustomerApi({
      [`GET ${CUSTOMER_PATHS.export}`]: apiError(429, 'rate_limited', 'Too many exports: try again in a minute.'),
    });
    const { user } = await openCustomerScreen();
    await user.click(screen.getByRole('button', { name: 'Export Analysis' }));
    expect(
      await screen.findByText('Export failed. Please try again. Too many exports: try again in a minute.'),
    ).toBeTruthy();
  });

  it('shows how many customers have arrived while the export streams', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockCustomerApi({
      [`GET ${CUSTOMER_PATHS.export}`]: () =>
        csvReply([`${EXPORT_HEADER}\r\nBuyer 0\r\n"Buyer\r\n1"\r\n`, gate, 'Buyer 2\r\n'], 3),
    });
    const saved = captureDownloads();
    const { user } = await openCustomerScreen();
    await user.click(screen.getByRole('button', { name: 'Export Analysis' }));
    expect(await screen.findByText('Exporting: 2 of 3 customers read...')).toBeTruthy();
    expect(saved.names).toEqual([]);
    release();
    await vi.waitFor(() => expect(screen.queryByText(/Exporting:/)).toBeNull());
    expect(saved.names).toHaveLength(1);
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
