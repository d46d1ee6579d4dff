import type { ProfileOutcomesResponse } from '@ri/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { liveSession, profileOutcomesResponse } from '../../../test/intelligence-fixtures';
import { apiError, json } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { mockSpyApi, OUTCOMES_PATH } from '../../../test/spy-api';
import { setViewportWidth } from '../../../test/viewport';
import { OUTCOMES_HEADING } from './profile-outcomes-panel';

/** Opens the Conversion Spy Engine with the given outcomes answer; answers the panel. */
async function openPanel(reply: Response = json(200, profileOutcomesResponse)) {
  const mock = mockSpyApi([liveSession()], { [`GET ${OUTCOMES_PATH}`]: reply });
  renderApp('/conversion-spy-engine');
  const panel = (await screen.findByRole('heading', { name: OUTCOMES_HEADING })).closest('section')!;
  return { ...mock, panel: within(panel) };
}

const noneClassified: ProfileOutcomesResponse = {
  ...profileOutcomesResponse,
  sessions: 14,
  classified: 0,
  unclassified: 14,
  profiles: profileOutcomesResponse.profiles.map((p) => ({
    ...p,
    sessions: 0,
    converted: 0,
    conversion_rate: null,
    conversion_interval: null,
    return_rate: null,
    matched_content_share: null,
    mean_readiness: null,
  })),
};

describe('ProfileOutcomesPanel', () => {
  it("shows the verdict and each profile's figures from the last 30 days, a dash where nothing is known", async () => {
    setViewportWidth(1280);
    const { panel, requests } = await openPanel();
    expect(await panel.findByText(profileOutcomesResponse.conversion_test.verdict)).toBeTruthy();
    expect(requests.find((r) => r.path === OUTCOMES_PATH)!.url.searchParams.get('days')).toBe('30');
    expect(panel.getByText('83 of 89 finished sessions classified, last 30 days')).toBeTruthy();

    const table = panel.getByRole('table', { name: 'Outcomes by profile' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(7);
    const fastMover = within(rows[0]!);
    expect(fastMover.getByText('Fast-Mover')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('40');
    expect(fastMover.getByText('25.0%')).toBeTruthy();
    expect(fastMover.getByText(/14\.2%–40\.2%/).textContent).toBe('95% interval 14.2%–40.2%');
    expect(fastMover.getByText('10%')).toBeTruthy();
    expect(fastMover.getByText('74%')).toBeTruthy();
    expect(fastMover.getByText('pricing, product, cart')).toBeTruthy();
    expect(fastMover.getByText('60.0')).toBeTruthy();

    const skeptic = within(rows[3]!);
    expect(skeptic.getByText('Skeptic')).toBeTruthy();
    expect(skeptic.getAllByText('—')).toHaveLength(4);
    expect(rows[3]!.textContent).not.toContain('0.0%');
  });

  it('opens the notes on what is measured from the keyboard', async () => {
    setViewportWidth(1280);
    const user = userEvent.setup();
    const { panel } = await openPanel();
    const toggle = await panel.findByRole('button', { name: 'How these figures are measured' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.getByText(/lower bounds/)).toBeTruthy();
    expect(panel.getByText(/not that the labels describe/)).toBeTruthy();
  });

  it('stacks the profiles as cards on a phone', async () => {
    setViewportWidth(375);
    const { panel } = await openPanel();
    const list = await panel.findByRole('list', { name: 'Outcomes by profile' });
    expect(panel.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(7);
    expect(within(cards[0]!).getByText('40 sessions')).toBeTruthy();
    expect(within(cards[0]!).getByText('Time on pricing, product, cart pages')).toBeTruthy();
  });

  it('says so when no session was classified in the window', async () => {
    const { panel } = await openPanel(json(200, noneClassified));
    expect(await panel.findByRole('heading', { name: 'No classified sessions in the last 30 days' })).toBeTruthy();
    expect(panel.getByText(/14 finished sessions, none with a profile yet/)).toBeTruthy();
    expect(panel.queryByRole('table')).toBeNull();
  });

  it('shows the error when the outcomes cannot be loaded, and the rest of the screen still works', async () => {
    const { panel } = await openPanel(apiError(500, 'internal', 'Database unavailable'));
    expect((await panel.findByRole('alert')).textContent).toContain('Database unavailable');
    expect(screen.getByRole('heading', { name: 'Real-Time Behavioral Insights' })).toBeTruthy();
  });
});
