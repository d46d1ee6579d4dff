import { CUSTOMER_PAGE_SIZE, NEUROMIND_PROFILES, type NeuromindProfile } from '@ri/contracts';
import { useSearchParams } from 'react-router';
import type { CustomerListInput } from '../api/customer-intelligence-api';

export type ProfileFilter = NeuromindProfile | 'all';

const isProfile = (value: string | null): value is NeuromindProfile =>
  NEUROMIND_PROFILES.some((profile) => profile === value);
const numberOrUndefined = (value: string | null) => {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
};

/** The rule filters a Take Action or Show customers applies on top of the profile filter. */
export type ExtraFilter = { segment_id?: string; min_readiness_score?: number; max_churn_risk?: number };
/** A filter to apply to the table: rule filters, and the profile when the rules name one. */
export type AppliedFilter = ExtraFilter & { profile_type?: NeuromindProfile };

/**
 * The Customer Profiles table's page and filters, kept in the address (?profile=Skeptic&page=2&segment=…),
 * so View Profile and Back return to the same page. Changing a filter resets the page to 1 (spec section 4).
 */
export function useCustomerFilters() {
  const [params, setParams] = useSearchParams();
  const profileParam = params.get('profile');
  const profile: ProfileFilter = isProfile(profileParam) ? profileParam : 'all';
  const page = Math.max(1, Math.floor(numberOrUndefined(params.get('page')) ?? 1));
  const extra: ExtraFilter = {
    segment_id: params.get('segment') ?? undefined,
    min_readiness_score: numberOrUndefined(params.get('min_readiness')),
    max_churn_risk: numberOrUndefined(params.get('max_churn')),
  };
  const query: CustomerListInput = {
    limit: CUSTOMER_PAGE_SIZE,
    page,
    ...(profile === 'all' ? {} : { profile_type: profile }),
    ...Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== undefined)),
  };

  const update = (change: (next: URLSearchParams) => void) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { replace: true },
    );
  const setOrDelete = (next: URLSearchParams, key: string, value: string | number | undefined) => {
    if (value === undefined) next.delete(key);
    else next.set(key, String(value));
  };

  return {
    query,
    profile,
    page,
    extra,
    hasExtra: Object.values(extra).some((v) => v !== undefined),
    setPage: (value: number) => update((next) => next.set('page', String(value))),
    setProfile: (value: ProfileFilter) =>
      update((next) => {
        setOrDelete(next, 'profile', value === 'all' ? undefined : value);
        next.delete('page');
      }),
    /** Replaces the rule filters and the profile (all, unless the rules name one) and goes back to page 1. */
    applyFilter: (filter: AppliedFilter) =>
      update((next) => {
        setOrDelete(next, 'segment', filter.segment_id);
        setOrDelete(next, 'min_readiness', filter.min_readiness_score);
        setOrDelete(next, 'max_churn', filter.max_churn_risk);
        // The new filter stands alone: a profile chosen before would silently narrow it.
        setOrDelete(next, 'profile', filter.profile_type);
        next.delete('page');
      }),
    clearExtra: () =>
      update((next) => {
        for (const key of ['segment', 'min_readiness', 'max_churn', 'page']) next.delete(key);
      }),
  };
}
