import { ON_SITE_DELIVERY_NOT_SET_UP } from '@ri/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  engagementAction,
  insight,
  liveSession,
  neuromindProfile,
  readinessScore,
  sessionJourney,
  unscoredSession,
} from '../../test/intelligence-fixtures';
import { apiError, json, type MockRequest } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { mockSpyApi } from '../../test/spy-api';

const hot = liveSession();
const warm = liveSession({
  id: 'feedface-3333-4444-8555-666677778888',
  session_id: 'feedface-3333-4444-8555-666677778888',
  readiness_score: 79.9,
});
const posts = (requests: MockRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === '/engagement/actions');

async function rows() {
  const table = await screen.findByRole('table', { name: 'Live Sessions' });
  return within(table).getAllByRole('row').slice(1);
}

describe('Conversion Spy Engine actions', () => {
  it('offers Engage only from readiness 80 and records the action on the server', async () => {
    let answer!: (response: Response) => void;
    const { requests } = mockSpyApi([hot, warm, unscoredSession()], {
      'POST /engagement/actions': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    renderApp('/conversion-spy-engine');
    const [first, second, third] = await rows();
    expect(within(second!).queryByRole('button', { name: /Engage/ })).toBeNull();
    expect(within(third!).queryByRole('button', { name: /Engage/ })).toBeNull();

    await user.click(within(first!).getByRole('button', { name: 'Engage' }));
    const busy = within(first!).getByRole('button', { name: /Engaging\.\.\./ }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(posts(requests)[0]!.body).toMatchObject({ kind: 'engage', session_id: hot.session_id, action_items: [] });

    answer(json(201, engagementAction()));
    expect(await within(first!).findByText('Recorded')).toBeTruthy();
    expect(within(first!).getByText(ON_SITE_DELIVERY_NOT_SET_UP)).toBeTruthy();
    expect(within(first!).queryByRole('button', { name: /Engag/ })).toBeNull();
  });

  it('shows an engage action recorded before the reload instead of offering Engage again', async () => {
    const { requests } = mockSpyApi([hot, warm], {
      'GET /engagement/actions': (request) =>
        json(200, {
          actions: request.url.searchParams.get('session_id') === hot.session_id ? [engagementAction()] : [],
        }),
    });
    renderApp('/conversion-spy-engine');
    const [first] = await rows();
    expect(await within(first!).findByText('Recorded')).toBeTruthy();
    expect(within(first!).getByText(ON_SITE_DELIVERY_NOT_SET_UP)).toBeTruthy();
    expect(within(first!).queryByRole('button', { name: /Engag/ })).toBeNull();
    expect(posts(requests)).toHaveLength(0);
  });

  it('offers Engage again after an engage action that failed', async () => {
    mockSpyApi([hot], {
      'GET /engagement/actions': json(200, {
        actions: [engagementAction({ status: 'failed', status_detail: 'The visitor left before delivery.' })],
      }),
    });
    renderApp('/conversion-spy-engine');
    const [first] = await rows();
    expect(await within(first!).findByText('Failed')).toBeTruthy();
    const engage = within(first!).getByRole('button', { name: 'Engage' }) as HTMLButtonElement;
    expect(engage.disabled).toBe(false);
  });

  it('says when engaging failed and lets the user try again', async () => {
    mockSpyApi([hot], { 'POST /engagement/actions': apiError(500, 'internal', 'boom') });
    const user = userEvent.setup();
    renderApp('/conversion-spy-engine');
    const [first] = await rows();
    await user.click(within(first!).getByRole('button', { name: 'Engage' }));
    expect(await within(first!).findByText('Failed to engage user. Please try again.')).toBeTruthy();
    expect((within(first!).getByRole('button', { name: 'Engage' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("lists an insight's action items and records the action it implements", async () => {
    const recorded = engagementAction({ kind: 'take_action', session_id: null, insight_id: insight.id });
    const { requests } = mockSpyApi([hot], { 'POST /engagement/actions': json(201, recorded) });
    const user = userEvent.setup();
    renderApp('/conversion-spy-engine');
    await user.click(await screen.findByRole('button', { name: /Take Action/ }));

    const dialog = screen.getByRole('dialog', { name: 'Implement Action' });
    const items = within(within(dialog).getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(insight.action_items);
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Ana, this sprint');
    await user.click(within(dialog).getByRole('button', { name: 'Implement Action' }));

    expect(await within(dialog).findByText('Recorded')).toBeTruthy();
    expect(within(dialog).getByText(ON_SITE_DELIVERY_NOT_SET_UP)).toBeTruthy();
    expect(posts(requests)[0]!.body).toEqual({
      kind: 'take_action',
      insight_id: insight.id,
      title: insight.title,
      action_items: insight.action_items,
      note: 'Ana, this sprint',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when implementing an action failed', async () => {
    mockSpyApi([hot], { 'POST /engagement/actions': apiError(500, 'internal', 'boom') });
    const user = userEvent.setup();
    renderApp('/conversion-spy-engine');
    await user.click(await screen.findByRole('button', { name: /Take Action/ }));
    const dialog = screen.getByRole('dialog', { name: 'Implement Action' });
    await user.click(within(dialog).getByRole('button', { name: 'Implement Action' }));
    expect(await within(dialog).findByText('Failed to implement action. Please try again.')).toBeTruthy();
  });

  it('shows the journey, friction, events and the reasons behind the scores in Details', async () => {
    const base = `/tracking/sessions/${hot.session_id}`;
    mockSpyApi([hot], {
      [`GET ${base}/journey`]: json(200, sessionJourney),
      [`GET ${base}/readiness-score`]: json(200, readinessScore),
      [`GET ${base}/neuromind-profile`]: json(200, neuromindProfile),
    });
    const user = userEvent.setup();
    renderApp('/conversion-spy-engine');
    const [first] = await rows();
    await user.click(within(first!).getByRole('button', { name: /Details/ }));

    const dialog = screen.getByRole('dialog', { name: 'Session Details' });
    const path = await within(dialog).findByRole('list', { name: 'Journey path' });
    expect(
      within(path)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Homehome'), expect.stringContaining('Pricingpricing')]);
    expect(within(dialog).getByText('4 clicks in 1.2 s on the plan toggle')).toBeTruthy();

    await user.click(within(dialog).getByRole('tab', { name: 'Events' }));
    expect(within(dialog).getByText('button#start-trial')).toBeTruthy();
    expect(within(dialog).getByText('lasted 2.4s')).toBeTruthy();

    await user.click(within(dialog).getByRole('tab', { name: 'Score & profile' }));
    const signals = await within(dialog).findByRole('list', { name: 'Top contributing signals' });
    expect(within(signals).getByText('+0.84')).toBeTruthy();
    expect(within(signals).getByText('−0.21')).toBeTruthy();
    expect(await within(dialog).findByText(/UCI online-shoppers prior/)).toBeTruthy();
    expect(await within(dialog).findByText('Read 2 case studies for 3 min')).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's reason when a session has no readiness score yet", async () => {
    const cold = unscoredSession();
    const reason = 'This session has no readiness score yet: it has no page view to read.';
    const base = `/tracking/sessions/${cold.session_id}`;
    mockSpyApi([cold], {
      [`GET ${base}/journey`]: json(200, sessionJourney),
      [`GET ${base}/readiness-score`]: apiError(404, 'not_found', reason),
    });
    const user = userEvent.setup();
    renderApp('/conversion-spy-engine');
    const [first] = await rows();
    await user.click(within(first!).getByRole('button', { name: /Details/ }));
    const dialog = screen.getByRole('dialog', { name: 'Session Details' });
    await user.click(within(dialog).getByRole('tab', { name: 'Score & profile' }));
    expect(await within(dialog).findByText(reason)).toBeTruthy();
    expect(within(dialog).queryByText('The model details could not be loaded.')).toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('says when the session details could not be loaded', async () => {
    mockSpyApi([hot], { [`GET /tracking/sessions/${hot.session_id}/journey`]: apiError(500, 'internal', 'boom') });
    const user = userEvent.setup();
    renderApp('/conversion-spy-engine');
    const [first] = await rows();
    await user.click(within(first!).getByRole('button', { name: /Details/ }));
    const dialog = screen.getByRole('dialog', { name: 'Session Details' });
    expect(await within(dialog).findByText('Failed to load session details. Please try again.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
