import { describe, expect, it } from 'vitest';
import { draftFrom, parseSimulationDraft } from './simulation-form';

const draft = (over: Partial<ReturnType<typeof draftFrom>> = {}) => ({ ...draftFrom('', null), ...over });

describe('parseSimulationDraft', () => {
  it('turns percentages into the fractions the server takes, a blank change meaning none', () => {
    expect(parseSimulationDraft(draft({ scenario_name: ' Spring push ', traffic: '20', conversion_rate: '' }))).toEqual(
      {
        ok: true,
        body: { scenario_name: 'Spring push', changes: { traffic: 0.2, conversion_rate: 0, order_value: 0 } },
      },
    );
  });

  it('accepts the ends of the server range, −90 % and +500 %, and refuses beyond them', () => {
    expect(parseSimulationDraft(draft({ traffic: '-90', order_value: '500' })).ok).toBe(true);
    expect(parseSimulationDraft(draft({ traffic: '-91', order_value: '501', conversion_rate: 'ten' }))).toEqual({
      ok: false,
      errors: {
        traffic: 'Traffic change must be between −90 % and +500 %',
        order_value: 'Average order value change must be between −90 % and +500 %',
        conversion_rate: 'Conversion rate change must be a number',
      },
    });
  });

  it('leaves the name out when blank and refuses one over 120 characters', () => {
    const result = parseSimulationDraft(draft({ scenario_name: 'x'.repeat(121) }));
    expect(result).toEqual({ ok: false, errors: { scenario_name: 'Scenario name must be at most 120 characters' } });
  });

  it('fills a draft from a scenario as percentages', () => {
    expect(draftFrom('Best 4 weeks', { traffic: 0.125, conversion_rate: -0.1, order_value: 0 })).toEqual({
      scenario_name: 'Best 4 weeks',
      traffic: '12.5',
      conversion_rate: '-10',
      order_value: '0',
    });
  });
});
