import {
  type PageTypeName,
  type PageTypeRule,
  putPageTypeRulesBodySchema,
  type StoredPageTypeRule,
} from '@ri/contracts';
import { ApiError } from '../../../lib/api-error';

/** A rule as the form holds it; `key` keeps a row's identity while rows are added and removed. */
export type DraftRule = { key: number; match: string; page_type: PageTypeName | '' };
export type RowErrors = { match?: string; page_type?: string };
/** Messages by row key, and one for the whole set (too many rules). */
export type RuleErrors = { form?: string; rows: Record<number, RowErrors> };

export const CHOOSE_TYPE = 'Choose a page type';

const toBodyRules = (rows: readonly DraftRule[]) => rows.map(({ match, page_type }) => ({ match, page_type }));

/** Puts a message on the row and field a contract path such as ['rules', 2, 'match'] names. */
function place(errors: RuleErrors, rows: readonly DraftRule[], path: readonly PropertyKey[], message: string) {
  const [root, index, field] = path;
  const row = typeof index === 'number' ? rows[index] : undefined;
  if (root === 'rules' && row && (field === 'match' || field === 'page_type')) {
    errors.rows[row.key] = { [field]: message, ...errors.rows[row.key] };
  } else errors.form ??= message;
}

/** Checks the rows with the contract the server applies; every problem at once, before anything is sent. */
export function validateDrafts(
  rows: readonly DraftRule[],
): { ok: true; rules: PageTypeRule[] } | { ok: false; errors: RuleErrors } {
  const parsed = putPageTypeRulesBodySchema.safeParse({ rules: toBodyRules(rows) });
  if (parsed.success) return { ok: true, rules: parsed.data.rules };
  const errors: RuleErrors = { rows: {} };
  rows.forEach((row, index) => {
    if (row.page_type === '') place(errors, rows, ['rules', index, 'page_type'], CHOOSE_TYPE);
  });
  for (const issue of parsed.error.issues) place(errors, rows, issue.path, issue.message);
  return { ok: false, errors };
}

/** The server's 400 placed on its field (`rules.1.match`), or null when it names no field of the form. */
export function errorsFromServer(error: unknown, rows: readonly DraftRule[]): RuleErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.field?.startsWith('rules')) return null;
  const path = error.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  // The server prefixes its message with the field; beside the field that would say it twice.
  const message = error.message.startsWith(`${error.field}: `)
    ? error.message.slice(error.field.length + 2)
    : error.message;
  const errors: RuleErrors = { rows: {} };
  place(errors, rows, path, message);
  return errors;
}

/** Whether the rows differ from the saved rules (order aside). */
export function isDirty(rows: readonly DraftRule[], saved: readonly StoredPageTypeRule[]): boolean {
  const signature = (rules: readonly { match: string; page_type: string }[]) =>
    rules
      .map((r) => `${r.match}\u0000${r.page_type}`)
      .sort()
      .join('\u0001');
  return signature(toBodyRules(rows)) !== signature(saved);
}
