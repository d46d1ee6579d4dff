import type { StoredPageTypeRule } from '@ri/contracts';
import { useRef, useState } from 'react';
import type { DraftRule } from '../lib/rule-drafts';

/** The rows of the rules form: the saved rules to start with, then the person's edits. */
export function useRuleDrafts(saved: readonly StoredPageTypeRule[]) {
  const nextKey = useRef(0);
  const toRows = (rules: readonly Pick<DraftRule, 'match' | 'page_type'>[]): DraftRule[] =>
    rules.map((r) => ({ key: nextKey.current++, match: r.match, page_type: r.page_type }));
  const [rows, setRows] = useState<DraftRule[]>(() => toRows(saved));

  /** Adds a row and answers its key, so the caller can focus it. */
  const add = (match = ''): number => {
    const [row] = toRows([{ match, page_type: '' }]);
    setRows((current) => [...current, row!]);
    return row!.key;
  };
  const update = (key: number, patch: Partial<Omit<DraftRule, 'key'>>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const remove = (key: number) => setRows((current) => current.filter((row) => row.key !== key));
  const reset = (rules: readonly StoredPageTypeRule[]) => setRows(toRows(rules));

  return { rows, add, update, remove, reset };
}
