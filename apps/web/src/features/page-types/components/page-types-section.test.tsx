import type { PageTypesResponse } from '@ri/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BUSINESS_STORAGE_KEY } from '../../../lib/business-id';
import { cookieSession, demoBusiness } from '../../../test/fixtures';
import { apiError, json, type MockRequest, type Reply } from '../../../test/mock-api';
import { mockSignedInApi, renderApp } from '../../../test/render-app';
import { trackingConfig } from '../../../test/tracking-fixtures';
import { setViewportWidth } from '../../../test/viewport';

const PATH = '/tracking/page-types';
const AT = '2025-05-01T10:00:00.000Z';

const withRule: PageTypesResponse = {
  rules: [{ match: '/stories', page_type: 'reviews', updated_at: AT }],
  pages: [
    {
      path: '/pricing',
      views: 1240,
      inferred_type: 'pricing',
      inferred_confidence: 0.95,
      effective_type: 'pricing',
      rule: null,
    },
    {
      path: '/offers/summer',
      views: 310,
      inferred_type: 'other',
      inferred_confidence: 0.3,
      effective_type: 'other',
      rule: null,
    },
    { path: '/stories/maria', views: 52, inferred_type: 'blog', effective_type: 'reviews', rule: '/stories' },
  ],
};

/** Answers the PUT as the server does: the rules saved, the pages typed with them. */
const echoPut = (request: MockRequest) => {
  const { rules } = request.body as { rules: { match: string; page_type: 'pricing' }[] };
  const ruleOf = (path: string) => rules.find((r) => path.startsWith(r.match));
  return json(200, {
    rules: rules.map((r) => ({ ...r, updated_at: AT })),
    pages: withRule.pages.map((p) => ({
      ...p,
      effective_type: ruleOf(p.path)?.page_type ?? p.inferred_type,
      rule: ruleOf(p.path)?.match ?? null,
    })),
  });
};

function mockPageTypes(routes: { get?: Reply; put?: Reply } = {}) {
  return mockSignedInApi({
    'GET /tracking/script': json(200, trackingConfig),
    [`GET ${PATH}`]: routes.get ?? json(200, withRule),
    [`PUT ${PATH}`]: routes.put ?? echoPut,
    'POST /auth/token': json(200, cookieSession()),
  });
}

async function openTab() {
  const user = userEvent.setup();
  renderApp('/tracking-script');
  await user.click(await screen.findByRole('tab', { name: 'Page Types' }));
  return user;
}

const puts = (requests: MockRequest[]) => requests.filter((r) => r.method === 'PUT' && r.path === PATH);
const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);

describe('Page Types tab', () => {
  it('lists the observed pages with their inferred and effective types, and marks a rule', async () => {
    mockPageTypes();
    await openTab();
    const table = await screen.findByRole('table', { name: 'Pages viewed in the last 30 days' });
    expect(rowTexts(table).slice(1)).toEqual([
      '/pricing1,240Pricing95% surePricingAdd rule',
      '/offers/summer310Other30% sureOtherAdd rule',
      '/stories/maria52BlogReviewsRule: /storiesEdit rule',
    ]);
    expect((screen.getByLabelText('Path prefix, rule 1') as HTMLInputElement).value).toBe('/stories');
    expect((screen.getByLabelText('Page type, rule 1') as HTMLSelectElement).value).toBe('reviews');
    expect(screen.getByRole('button', { name: 'Save rules' }).matches(':disabled')).toBe(true);
  });

  it('says when no pages have been tracked yet, and still offers rules', async () => {
    mockPageTypes({ get: json(200, { rules: [], pages: [] }) });
    await openTab();
    expect(await screen.findByRole('heading', { name: 'No pages have been tracked yet' })).toBeTruthy();
    expect(screen.getByText(/No rules yet/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add rule' })).toBeTruthy();
  });

  it('adds a rule from the keyboard, shows the save under way, then the saved rule on its pages', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { requests } = mockPageTypes({
      put: async (request) => {
        await held;
        return echoPut(request);
      },
    });
    const user = await openTab();
    const add = await screen.findByRole('button', { name: 'Add rule' });
    add.focus();
    await user.keyboard('{Enter}');
    const match = screen.getByLabelText('Path prefix, rule 2');
    expect(document.activeElement).toBe(match);
    await user.keyboard('/Offers/');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Page type, rule 2'));
    await user.selectOptions(screen.getByLabelText('Page type, rule 2'), 'Pricing');
    await user.click(screen.getByRole('button', { name: 'Save rules' }));

    expect(await screen.findByRole('button', { name: 'Saving…' })).toBeTruthy();
    expect(screen.getByLabelText('Path prefix, rule 2').matches(':disabled')).toBe(true);
    release();
    expect(await screen.findByText('Rules saved: 2 rules apply.')).toBeTruthy();
    expect(puts(requests)[0]!.body).toEqual({
      rules: [
        { match: '/stories', page_type: 'reviews' },
        { match: '/offers', page_type: 'pricing' },
      ],
    });
    expect((screen.getByLabelText('Path prefix, rule 2') as HTMLInputElement).value).toBe('/offers');
    const table = screen.getByRole('table', { name: 'Pages viewed in the last 30 days' });
    expect(rowTexts(table)[2]).toBe('/offers/summer310Other30% surePricingRule: /offersEdit rule');
  });

  it('starts a rule from a page, and removes one', async () => {
    const { requests } = mockPageTypes();
    const user = await openTab();
    await user.click(await screen.findByRole('button', { name: 'Add rule for /offers/summer' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Path prefix, rule 2'));
    expect((document.activeElement as HTMLInputElement).value).toBe('/offers/summer');
    await user.selectOptions(screen.getByLabelText('Page type, rule 2'), 'Comparison');
    await user.click(screen.getByRole('button', { name: 'Remove rule 1 (/stories)' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Path prefix, rule 1'));
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    await screen.findByText('Rules saved: 1 rule applies.');
    expect(puts(requests)[0]!.body).toEqual({ rules: [{ match: '/offers/summer', page_type: 'comparison' }] });
  });

  it('names wrong fields before sending anything', async () => {
    const { requests } = mockPageTypes();
    const user = await openTab();
    await user.click(await screen.findByRole('button', { name: 'Add rule' }));
    await user.type(screen.getByLabelText('Path prefix, rule 2'), 'offers');
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    await user.type(screen.getByLabelText('Path prefix, rule 3'), '/Stories/');
    await user.selectOptions(screen.getByLabelText('Page type, rule 3'), 'Blog');
    await user.click(screen.getByRole('button', { name: 'Save rules' }));

    const first = screen.getByLabelText('Path prefix, rule 2');
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('match must start with / (a path prefix such as /offers)')).toBeTruthy();
    expect(screen.getByText('Choose a page type')).toBeTruthy();
    expect(document.activeElement).toBe(first);

    await user.type(first, '{Home}/');
    expect(first.getAttribute('aria-invalid')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Page type, rule 2'), 'Pricing');
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(screen.getByText('duplicate match "/stories": a path prefix can have only one rule')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Path prefix, rule 3'));
    expect(puts(requests)).toHaveLength(0);
  });

  it("puts the server's 400 under the field it names", async () => {
    mockPageTypes({
      put: apiError(400, 'validation_failed', 'rules.1.match: match must be at most 200 characters', {
        field: 'rules.1.match',
      }),
    });
    const user = await openTab();
    await user.click(await screen.findByRole('button', { name: 'Add rule' }));
    await user.type(screen.getByLabelText('Path prefix, rule 2'), '/offers');
    await user.selectOptions(screen.getByLabelText('Page type, rule 2'), 'Pricing');
    await user.click(screen.getByRole('button', { name: 'Save rules' }));

    expect(await screen.findByText('match must be at most 200 characters')).toBeTruthy();
    const field = screen.getByLabelText('Path prefix, rule 2');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(screen.queryByText(/Rules saved/)).toBeNull();
  });

  it('shows any other failure to save, keeping the edits', async () => {
    mockPageTypes({ put: apiError(403, 'forbidden', 'This needs one of the roles owner, admin; you are member') });
    const user = await openTab();
    await user.click(await screen.findByRole('button', { name: 'Remove rule 1 (/stories)' }));
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    expect((await screen.findByRole('alert')).textContent).toContain('you are member');
    expect(screen.getByRole('button', { name: 'Discard changes' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect((screen.getByLabelText('Path prefix, rule 1') as HTMLInputElement).value).toBe('/stories');
  });

  it('shows the demo business read-only', async () => {
    localStorage.setItem(BUSINESS_STORAGE_KEY, demoBusiness.id);
    mockPageTypes();
    await openTab();
    expect(await screen.findByText(/you can view its page types but not change them/)).toBeTruthy();
    expect(screen.getByLabelText('Path prefix, rule 1').matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save rules' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add rule/ })).toBeNull();
  });

  it('lists the pages one under another on a phone', async () => {
    setViewportWidth(375);
    mockPageTypes();
    await openTab();
    const list = await screen.findByRole('list', { name: 'Pages viewed in the last 30 days' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[2]!.textContent).toContain('Rule: /stories');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows the server's message when the pages cannot be loaded, and retries", async () => {
    let calls = 0;
    mockPageTypes({
      get: () => (++calls === 1 ? apiError(500, 'internal', 'Page store offline') : json(200, withRule)),
    });
    const user = await openTab();
    expect(await screen.findByText('Page store offline')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Pages viewed in the last 30 days' })).toBeTruthy();
  });
});
