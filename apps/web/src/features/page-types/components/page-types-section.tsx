import type { ObservedPage, PageTypesResponse } from '@ri/contracts';
import { useEffect, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { LoadErrorPanel } from '../../../components/ui/load-error-panel';
import { Panel } from '../../../components/ui/panel';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-error';
import type { Permission } from '../../../lib/can';
import { usePageTypes } from '../hooks/use-page-types';
import { useRuleDrafts } from '../hooks/use-rule-drafts';
import { useSavePageTypes } from '../hooks/use-save-page-types';
import { type DraftRule, errorsFromServer, isDirty, type RuleErrors, validateDrafts } from '../lib/rule-drafts';
import { ObservedPagesTable, type RuleAction } from './observed-pages-table';
import { addButtonId, matchId, RulesForm } from './rules-form';

const NO_ERRORS: RuleErrors = { rows: {} };

/** Page Types: the pages visitors view, the type each gets, and the business's rules that correct it. */
export function PageTypesSection({ edit }: { edit: Permission }) {
  const { data, isPending, isError, error, refetch, isFetching } = usePageTypes();
  if (isPending) return <Spinner label="Loading page types..." />;
  if (isError) {
    return (
      <LoadErrorPanel
        title="Unable to load page types"
        message={getErrorMessage(error, 'Failed to load page types')}
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  }
  return <PageTypesEditor data={data} edit={edit} />;
}

function PageTypesEditor({ data, edit }: { data: PageTypesResponse; edit: Permission }) {
  const idPrefix = useId();
  const drafts = useRuleDrafts(data.rules);
  const save = useSavePageTypes();
  const [errors, setErrors] = useState<RuleErrors>(NO_ERRORS);
  const [notice, setNotice] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  // The element to focus once React has rendered the rows (a new row, the row after a removed one, an error).
  const [focusId, setFocusId] = useState<string | null>(null);

  useEffect(() => {
    if (focusId === null) return;
    document.getElementById(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);

  const edited = () => {
    setNotice(null);
    setSaveError(null);
  };
  const focusRow = (key: number) => setFocusId(matchId(idPrefix, key));
  const add = (match = '') => {
    edited();
    focusRow(drafts.add(match));
  };
  const remove = (key: number) => {
    edited();
    const index = drafts.rows.findIndex((row) => row.key === key);
    const neighbour = drafts.rows[index + 1] ?? drafts.rows[index - 1];
    drafts.remove(key);
    setErrors((current) => ({ ...current, rows: { ...current.rows, [key]: {} } }));
    setFocusId(neighbour ? matchId(idPrefix, neighbour.key) : addButtonId(idPrefix));
  };
  const change = (key: number, patch: Partial<Omit<DraftRule, 'key'>>) => {
    edited();
    drafts.update(key, patch);
    // A corrected field loses its message; the others keep theirs until the next save.
    setErrors((current) => ({
      ...current,
      rows: { ...current.rows, [key]: { ...current.rows[key], ...blank(patch) } },
    }));
  };
  const discard = () => {
    edited();
    setErrors(NO_ERRORS);
    drafts.reset(data.rules);
  };
  const focusFirstError = (found: RuleErrors) => {
    const row = drafts.rows.find((r) => found.rows[r.key]?.match || found.rows[r.key]?.page_type);
    if (!row) return;
    setFocusId(found.rows[row.key]?.match ? matchId(idPrefix, row.key) : `${idPrefix}-type-${row.key}`);
  };

  const submit = () => {
    edited();
    const checked = validateDrafts(drafts.rows);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstError(checked.errors);
      return;
    }
    setErrors(NO_ERRORS);
    save.mutate(
      { rules: checked.rules },
      {
        onSuccess: (saved) => {
          drafts.reset(saved.rules);
          const count = saved.rules.length;
          setNotice(
            count === 0
              ? 'Rules saved: none apply now.'
              : `Rules saved: ${count} ${count === 1 ? 'rule applies' : 'rules apply'}.`,
          );
        },
        onError: (error) => {
          const placed = errorsFromServer(error, drafts.rows);
          if (placed) {
            setErrors(placed);
            focusFirstError(placed);
          } else setSaveError(getErrorMessage(error, 'The rules could not be saved. Try again.'));
        },
      },
    );
  };

  const actionFor = (page: ObservedPage): RuleAction => {
    const existing = drafts.rows.find((row) => row.match === page.rule || row.match === page.path);
    return existing
      ? { label: 'Edit rule', run: () => focusRow(existing.key) }
      : { label: 'Add rule', run: () => add(page.path) };
  };

  return (
    <div className="space-y-4">
      {!edit.allowed && edit.reason && <Alert tone="info">{edit.reason}</Alert>}
      <Panel>
        <h2 className="mb-3 text-lg font-semibold text-slate-900">Page-type rules</h2>
        <RulesForm
          idPrefix={idPrefix}
          rows={drafts.rows}
          errors={errors}
          canEdit={edit.allowed}
          saving={save.isPending}
          dirty={isDirty(drafts.rows, data.rules)}
          notice={notice}
          saveError={saveError}
          onAdd={() => add()}
          onChange={change}
          onRemove={remove}
          onDiscard={discard}
          onSubmit={submit}
        />
      </Panel>
      <Panel>
        <h2 className="text-lg font-semibold text-slate-900">Observed pages</h2>
        <p className="mb-3 text-sm text-slate-600">
          The effective type applies the saved rules first; without a rule it is the type inferred from the URL and
          title, with how sure the inference is. Where it is unsure, a rule settles the type.
        </p>
        <ObservedPagesTable pages={data.pages} actionFor={edit.allowed ? actionFor : null} />
      </Panel>
    </div>
  );
}

/** The fields a patch touches, with their messages cleared. */
const blank = (patch: Partial<Omit<DraftRule, 'key'>>) =>
  Object.fromEntries(Object.keys(patch).map((field) => [field, undefined]));
