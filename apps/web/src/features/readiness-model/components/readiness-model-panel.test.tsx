import { API, type ReadinessModel } from '@ri/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { can, toPermission } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { markSignedIn } from '../../../lib/session';
import { demoBusiness, ownBusiness } from '../../../test/fixtures';
import { liveSession } from '../../../test/intelligence-fixtures';
import { apiError, json, type MockRequest, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { mockSpyApi, READINESS_MODEL_PATH, readinessModel } from '../../../test/spy-api';
import { REFIT_DENIALS } from '../lib/refit-denials';
import { ReadinessModelPanel } from './readiness-model-panel';

const REFIT_PATH = `${READINESS_MODEL_PATH}/refit`;
const FITTED_AT = '2025-03-04T05:06:07.000Z';
const metrics = { folds: 5, business: { auc: 0.812, brier: 0.071 }, prior: { auc: 0.743, brier: 0.089 } };

const notEnoughData = readinessModel({
  status: 'not_enough_data',
  reason: 'A model of its own needs at least 500 finished sessions; this business has 120 finished sessions.',
  sessions: 120,
  conversions: 7,
  pages: 14,
  fitted_at: FITTED_AT,
});
const active = readinessModel({
  status: 'active',
  reason: 'Its own model ranks its sessions better than the prior (ROC-AUC 0.812 against 0.743).',
  sessions: 1840,
  conversions: 96,
  pages: 42,
  metrics,
  fitted_at: FITTED_AT,
});
const notBetter = readinessModel({
  status: 'not_better',
  reason: 'Its own model did not rank its sessions better than the prior, so the prior keeps scoring.',
  sessions: 900,
  conversions: 31,
  pages: 20,
  metrics: { ...metrics, business: { auc: 0.701, brier: 0.094 } },
  fitted_at: FITTED_AT,
});

const refitPosts = (requests: MockRequest[]) => requests.filter((r) => r.method === 'POST' && r.path === REFIT_PATH);

/** Opens the screen with the given model state and expands the panel. */
async function openPanel(model: ReadinessModel | ((request: MockRequest) => Response), refit?: () => Response) {
  const mock = mockSpyApi([liveSession()], {
    [`GET ${READINESS_MODEL_PATH}`]: typeof model === 'function' ? model : json(200, model),
    ...(refit && { [`POST ${REFIT_PATH}`]: refit }),
  });
  const user = userEvent.setup();
  renderApp('/conversion-spy-engine');
  const panel = (await screen.findByRole('heading', { name: 'Readiness model' })).closest('section')!;
  await user.click(within(panel).getByRole('button', { name: 'Model details' }));
  return { ...mock, user, panel: within(panel) };
}

describe('Readiness model panel', () => {
  it('says the prior scores, with only the reason, before any refit', async () => {
    const { panel } = await openPanel(readinessModel());
    expect(panel.getByText('Scored by the prior (UCI Online Shoppers data set)')).toBeTruthy();
    expect(panel.getByText(/No refit has run yet/)).toBeTruthy();
    expect(panel.queryByRole('progressbar')).toBeNull();
    expect(panel.queryByRole('table')).toBeNull();
    expect(panel.queryByText(/Last refit/)).toBeNull();
  });

  it('shows the progress towards the thresholds when there is not enough history', async () => {
    const { panel } = await openPanel(notEnoughData);
    expect(panel.getByText('Scored by the prior (UCI Online Shoppers data set)')).toBeTruthy();
    expect(panel.getByText(notEnoughData.reason)).toBeTruthy();
    const sessions = panel.getByRole('progressbar', { name: 'Finished sessions' });
    expect(sessions.getAttribute('aria-valuenow')).toBe('120');
    expect(sessions.getAttribute('aria-valuemax')).toBe('500');
    const conversions = panel.getByRole('progressbar', { name: 'Conversions' });
    expect(conversions.getAttribute('aria-valuenow')).toBe('7');
    expect(conversions.getAttribute('aria-valuemax')).toBe('20');
    expect(panel.getByText('120 / 500')).toBeTruthy();
    expect(panel.getByText(`Last refit ${formatDateTime(FITTED_AT)}`, { exact: false })).toBeTruthy();
    expect(panel.queryByRole('table')).toBeNull();
  });

  it("compares the business's own model with the prior when it is active", async () => {
    const { panel } = await openPanel(active);
    expect(panel.getByText("Scored by this business's own model")).toBeTruthy();
    expect(panel.getByText(active.reason)).toBeTruthy();
    expect(panel.getByText(/^Fitted .* on 1,840 finished sessions \(96 converting\)/)).toBeTruthy();
    const rows = within(panel.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      "MeasureThis business's modelPrior (UCI)",
      expect.stringMatching(/^ROC-AUC.*0\.8120\.743$/),
      expect.stringMatching(/^Brier score.*0\.0710\.089$/),
    ]);
    expect(panel.getByText(/Cross-validated over 5 folds/)).toBeTruthy();
    expect(panel.queryByRole('progressbar')).toBeNull();
  });

  it('keeps the prior and shows both AUCs when the own model is not better', async () => {
    const { panel } = await openPanel(notBetter);
    expect(panel.getByText('Scored by the prior (UCI Online Shoppers data set)')).toBeTruthy();
    expect(panel.getByText(notBetter.reason)).toBeTruthy();
    const auc = within(panel.getByRole('table')).getByRole('row', { name: /ROC-AUC/ });
    expect(within(auc).getByText('0.701')).toBeTruthy();
    expect(within(auc).getByText('0.743')).toBeTruthy();
  });

  it('refits on demand, says Refitting… while it runs, then shows the new model', async () => {
    let current = readinessModel();
    const { requests, user, panel } = await openPanel(
      () => json(200, current),
      () => {
        current = { ...current, refitting: true };
        return json(202, current);
      },
    );
    await user.click(panel.getByRole('button', { name: 'Refit now' }));
    const busy = (await panel.findByRole('button', { name: 'Refitting…' })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(refitPosts(requests)).toHaveLength(1);

    current = active;
    expect(await panel.findByText("Scored by this business's own model")).toBeTruthy();
    expect(panel.getByRole('button', { name: 'Refit now' })).toBeTruthy();
    const reads = requests.filter((r) => r.path === READINESS_MODEL_PATH).length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(requests.filter((r) => r.path === READINESS_MODEL_PATH)).toHaveLength(reads);
  }, 15_000);

  it('says when a refit ended without a new result', async () => {
    const { user, panel } = await openPanel(notEnoughData, () => json(202, { ...notEnoughData, refitting: true }));
    await user.click(panel.getByRole('button', { name: 'Refit now' }));
    expect(
      await panel.findByText('The refit ended without a new result, so the model in use is unchanged.', {
        exact: false,
      }),
    ).toBeTruthy();
    expect(panel.getByRole('button', { name: 'Refit now' })).toBeTruthy();
  }, 15_000);

  it("shows the server's message when the refit is refused", async () => {
    const { user, panel } = await openPanel(readinessModel(), () =>
      apiError(403, 'read_only', 'The demo business is read-only'),
    );
    await user.click(panel.getByRole('button', { name: 'Refit now' }));
    expect(await panel.findByText('The demo business is read-only')).toBeTruthy();
    expect(panel.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says when the refit could not be started and retries it', async () => {
    let attempts = 0;
    const { requests, user, panel } = await openPanel(readinessModel(), () =>
      ++attempts === 1 ? apiError(500, 'internal', 'Database unavailable') : json(202, readinessModel()),
    );
    await user.click(panel.getByRole('button', { name: 'Refit now' }));
    expect(await panel.findByText(/The refit could not be started\. Database unavailable/)).toBeTruthy();
    await user.click(panel.getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(refitPosts(requests)).toHaveLength(2));
    await vi.waitFor(() => expect(panel.queryByRole('alert')).toBeNull());
  });

  it('opens and refits from the keyboard', async () => {
    const { requests } = mockSpyApi([liveSession()], {
      [`POST ${REFIT_PATH}`]: json(202, readinessModel({ refitting: true })),
    });
    const user = userEvent.setup();
    renderApp('/conversion-spy-engine');
    const panel = within((await screen.findByRole('heading', { name: 'Readiness model' })).closest('section')!);
    const refit = panel.getByRole('button', { name: 'Refit now' });
    const toggle = panel.getByRole('button', { name: 'Model details' });
    refit.focus();
    await user.tab();
    expect(document.activeElement).toBe(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(panel.getByText(/No refit has run yet/).closest('[hidden]')).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.getByText(/No refit has run yet/).closest('[hidden]')).toBeNull();

    await user.tab({ shift: true });
    expect(document.activeElement).toBe(refit);
    await user.keyboard(' ');
    await vi.waitFor(() => expect(refitPosts(requests)).toHaveLength(1));
  });

  it('offers no refit on a read-only business, and says why', async () => {
    markSignedIn(Math.floor(Date.now() / 1000) + 3600);
    mockApi({ [`GET ${READINESS_MODEL_PATH}`]: json(200, readinessModel()) });
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <ReadinessModelPanel refit={toPermission(can(demoBusiness, API.refitReadinessModel), REFIT_DENIALS)} />
      </AppProviders>,
    );
    await user.click(await screen.findByRole('button', { name: 'Model details' }));
    expect(screen.queryByRole('button', { name: /Refit/ })).toBeNull();
    expect(screen.getByText(/demo business is read-only/)).toBeTruthy();
    expect(toPermission(can(ownBusiness, API.refitReadinessModel), REFIT_DENIALS)).toEqual({
      allowed: true,
      reason: null,
    });
  });

  it('shows a skeleton while the model loads', async () => {
    mockSpyApi([liveSession()], { [`GET ${READINESS_MODEL_PATH}`]: () => new Promise<Response>(() => {}) });
    renderApp('/conversion-spy-engine');
    expect(await screen.findByText('Loading the readiness model...')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Readiness model' })).toBeNull();
  });

  it('shows a load error with a retry, and the sessions still load', async () => {
    let fails = true;
    mockSpyApi([liveSession()], {
      [`GET ${READINESS_MODEL_PATH}`]: () =>
        fails ? apiError(500, 'internal', 'Model store unavailable') : json(200, readinessModel()),
    });
    const user = userEvent.setup();
    renderApp('/conversion-spy-engine');
    expect(await screen.findByText('Model store unavailable')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Unable to load the readiness model' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Live Sessions' })).toBeTruthy();
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Readiness model' })).toBeTruthy();
  });
});
