import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api-error';
import { noRecommendations, recommendationList } from '../testing/dashboard-fixtures';
import { alertFor, INSIGHT_ALERTS, runInsightFlow } from './insight-flow';

const deps = (over: Partial<Parameters<typeof runInsightFlow>[0]> = {}) => ({
  fetchSaved: vi.fn(async () => noRecommendations),
  refetchSaved: vi.fn(async () => noRecommendations),
  generate: vi.fn(async () => recommendationList()),
  ...over,
});

describe('runInsightFlow', () => {
  it('shows the saved recommendations without generating when there are any', async () => {
    const d = deps({ fetchSaved: vi.fn(async () => recommendationList()) });
    expect((await runInsightFlow(d)).kind).toBe('saved');
    expect(d.generate).not.toHaveBeenCalled();
  });

  it('generates when none are saved (or the saved list cannot be read), then reloads the saved list', async () => {
    const d = deps({ fetchSaved: vi.fn(async () => Promise.reject(new Error('down'))) });
    expect((await runInsightFlow(d)).kind).toBe('generated');
    expect(d.refetchSaved).toHaveBeenCalledOnce();
  });

  it('alerts when the generator finds none, keeping its list of what it could not check', async () => {
    const list = { ...noRecommendations, skipped: [{ rule: 'pricing_page_exits', reason: 'No pricing pages.' }] };
    const outcome = await runInsightFlow(deps({ generate: vi.fn(async () => list) }));
    expect(outcome).toEqual({ kind: 'none', alert: INSIGHT_ALERTS.none, list });
  });

  it('falls back to the saved list when generating fails, and alerts when that is empty', async () => {
    const failing = vi.fn(async () => Promise.reject(new ApiError(500, 'boom')));
    const fallback = await runInsightFlow(
      deps({ generate: failing, refetchSaved: vi.fn(async () => recommendationList()) }),
      true,
    );
    expect(fallback).toMatchObject({ kind: 'fallback', alert: INSIGHT_ALERTS.error });
    expect(await runInsightFlow(deps({ generate: failing }))).toEqual({ kind: 'failed', alert: INSIGHT_ALERTS.error });
  });
});

describe('alertFor', () => {
  it('tells a passing outage from a missing service and from any other error', () => {
    expect(alertFor(new ApiError(503, 'x'))).toBe(INSIGHT_ALERTS.temporarilyUnavailable);
    expect(alertFor(new NetworkError())).toBe(INSIGHT_ALERTS.temporarilyUnavailable);
    expect(alertFor(new ApiError(404, 'x'))).toBe(INSIGHT_ALERTS.serviceUnavailable);
    expect(alertFor(new ApiError(500, 'x'))).toBe(INSIGHT_ALERTS.error);
    expect(alertFor(new Error('x'))).toBe(INSIGHT_ALERTS.error);
  });
});
