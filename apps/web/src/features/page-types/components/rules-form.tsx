import { MAX_PAGE_TYPE_RULES, PAGE_TYPES, type PageTypeName } from '@ri/contracts';
import { Plus, Trash2 } from 'lucide-react';
import type { FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/text-field';
import { PAGE_TYPE_LABELS } from '../lib/page-type-labels';
import type { DraftRule, RuleErrors } from '../lib/rule-drafts';

export type RulesFormProps = {
  /** Prefix of the element ids, so a field can be focused by row key. */
  idPrefix: string;
  rows: DraftRule[];
  errors: RuleErrors;
  canEdit: boolean;
  saving: boolean;
  dirty: boolean;
  notice: string | null;
  saveError: string | null;
  onAdd: () => void;
  onChange: (key: number, patch: Partial<Omit<DraftRule, 'key'>>) => void;
  onRemove: (key: number) => void;
  onDiscard: () => void;
  onSubmit: () => void;
};

export const matchId = (prefix: string, key: number) => `${prefix}-match-${key}`;
export const addButtonId = (prefix: string) => `${prefix}-add`;

const describedBy = (...ids: (string | false)[]) => ids.filter(Boolean).join(' ') || undefined;

/** The rules as editable rows (path prefix and type), saved together as one set. */
export function RulesForm(props: RulesFormProps) {
  const { idPrefix, rows, errors, canEdit, saving, dirty, notice, saveError } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  const hintId = `${idPrefix}-hint`;

  return (
    <form noValidate onSubmit={submit} aria-label="Page-type rules" className="space-y-4">
      <p id={hintId} className="text-sm text-slate-600">
        A rule gives every path that starts with its prefix one type, whatever the page says; the longest matching
        prefix wins. Prefixes are compared in lower case, so <code>/offers</code> also covers{' '}
        <code>/offers/summer</code> and <code>/offers-old</code>.
      </p>
      {rows.length === 0 && (
        <p className="text-sm text-slate-500">No rules yet: every page gets the type it is inferred to have.</p>
      )}
      <fieldset disabled={!canEdit || saving} className="space-y-3">
        <legend className="sr-only">Rules</legend>
        {rows.length > 0 && (
          <div
            aria-hidden="true"
            className="hidden gap-2 text-xs font-medium text-slate-500 uppercase sm:grid sm:grid-cols-[1fr_12rem_auto]"
          >
            <span>Path prefix</span>
            <span>Page type</span>
            <span className="w-10" />
          </div>
        )}
        <ol className="space-y-3">
          {rows.map((row, index) => {
            const rowErrors = errors.rows[row.key] ?? {};
            const mId = matchId(idPrefix, row.key);
            const tId = `${idPrefix}-type-${row.key}`;
            return (
              <li
                key={row.key}
                className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_12rem_auto] sm:border-0 sm:p-0"
              >
                <div>
                  <label htmlFor={mId} className="mb-1 block text-xs font-medium text-slate-600 sm:sr-only">
                    Path prefix, rule {index + 1}
                  </label>
                  <input
                    id={mId}
                    type="text"
                    inputMode="url"
                    autoCapitalize="off"
                    autoCorrect="off"
                    spellCheck={false}
                    placeholder="/offers"
                    value={row.match}
                    onChange={(event) => props.onChange(row.key, { match: event.target.value })}
                    aria-invalid={rowErrors.match ? true : undefined}
                    aria-describedby={describedBy(!!rowErrors.match && `${mId}-error`, hintId)}
                    className={`${inputClass} font-mono`}
                  />
                  {rowErrors.match && (
                    <p id={`${mId}-error`} className="mt-1 text-xs text-red-700">
                      {rowErrors.match}
                    </p>
                  )}
                </div>
                <div>
                  <label htmlFor={tId} className="mb-1 block text-xs font-medium text-slate-600 sm:sr-only">
                    Page type, rule {index + 1}
                  </label>
                  <select
                    id={tId}
                    value={row.page_type}
                    onChange={(event) => props.onChange(row.key, { page_type: event.target.value as PageTypeName })}
                    aria-invalid={rowErrors.page_type ? true : undefined}
                    aria-describedby={rowErrors.page_type ? `${tId}-error` : undefined}
                    className={inputClass}
                  >
                    <option value="" disabled>
                      Choose a type
                    </option>
                    {PAGE_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {PAGE_TYPE_LABELS[type]}
                      </option>
                    ))}
                  </select>
                  {rowErrors.page_type && (
                    <p id={`${tId}-error`} className="mt-1 text-xs text-red-700">
                      {rowErrors.page_type}
                    </p>
                  )}
                </div>
                {canEdit && (
                  <Button
                    variant="ghost"
                    className="justify-self-start px-2.5 sm:self-start"
                    aria-label={`Remove rule ${index + 1}${row.match ? ` (${row.match})` : ''}`}
                    onClick={() => props.onRemove(row.key)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    <span className="sm:sr-only">Remove</span>
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
      </fieldset>
      {errors.form && <Alert tone="error">{errors.form}</Alert>}
      {saveError && <Alert tone="error">{saveError}</Alert>}
      {notice && <Alert tone="success">{notice}</Alert>}
      {canEdit && (
        <div className="flex flex-wrap gap-2">
          <Button
            id={addButtonId(idPrefix)}
            variant="secondary"
            disabled={saving || rows.length >= MAX_PAGE_TYPE_RULES}
            onClick={props.onAdd}
          >
            <Plus aria-hidden="true" className="size-4" />
            Add rule
          </Button>
          <Button type="submit" busy={saving} disabled={!dirty}>
            {saving ? 'Saving…' : 'Save rules'}
          </Button>
          {dirty && !saving && (
            <Button variant="ghost" onClick={props.onDiscard}>
              Discard changes
            </Button>
          )}
        </div>
      )}
    </form>
  );
}
