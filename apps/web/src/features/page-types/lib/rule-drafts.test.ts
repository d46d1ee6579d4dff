import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { type DraftRule, errorsFromServer, isDirty, validateDrafts } from './rule-drafts';

const rows: DraftRule[] = [
  { key: 7, match: '/Offers/', page_type: 'pricing' },
  { key: 9, match: '/stories', page_type: 'reviews' },
];

describe('rule drafts', () => {
  it('sends the rules normalised as the server stores them', () => {
    expect(validateDrafts(rows)).toEqual({
      ok: true,
      rules: [
        { match: '/offers', page_type: 'pricing' },
        { match: '/stories', page_type: 'reviews' },
      ],
    });
  });

  it("places the server's field on its row by position, and a set-wide error on the form", () => {
    const row = errorsFromServer(
      new ApiError(400, 'rules.1.page_type: page_type must be one of …', 'validation_failed', 'rules.1.page_type'),
      rows,
    );
    expect(row).toEqual({ rows: { 9: { page_type: 'page_type must be one of …' } } });
    const form = errorsFromServer(new ApiError(400, 'rules: at most 200 rules', 'validation_failed', 'rules'), rows);
    expect(form).toEqual({ form: 'at most 200 rules', rows: {} });
    expect(errorsFromServer(new ApiError(403, 'Read-only', 'read_only'), rows)).toBeNull();
    expect(errorsFromServer(new Error('offline'), rows)).toBeNull();
  });

  it('is dirty only when the set differs, whatever the order', () => {
    const saved = [
      { match: '/stories', page_type: 'reviews' as const, updated_at: '' },
      { match: '/Offers/', page_type: 'pricing' as const, updated_at: '' },
    ];
    expect(isDirty(rows, saved)).toBe(false);
    expect(isDirty(rows.slice(1), saved)).toBe(true);
    expect(isDirty([{ ...rows[0]!, page_type: 'demo' }, rows[1]!], saved)).toBe(true);
  });
});
