import { adminSessionsQuerySchema, type TimeRange } from '@ri/contracts';
import { useSearchParams } from 'react-router';
import type { StatusFilter } from '../api/session-admin-api';

const { page: pageSchema, status_filter: statusSchema, time_range: rangeSchema } = adminSessionsQuerySchema.shape;

/**
 * Status, time range and page live in the address (?status=&range=&page=), so Back from a session
 * returns to the same view. Unknown values fall back to the contract's defaults (all, 24h, page 1).
 */
export function useAdminFilters() {
  const [params, setParams] = useSearchParams();
  const status = statusSchema.safeParse(params.get('status') ?? undefined).data ?? 'all';
  const range = rangeSchema.safeParse(params.get('range') ?? undefined).data ?? '24h';
  const page = pageSchema.safeParse(params.get('page') ?? undefined).data ?? 1;

  const update = (patch: { status?: StatusFilter; range?: TimeRange; page: number }) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (patch.status) next.set('status', patch.status);
        if (patch.range) next.set('range', patch.range);
        if (patch.page > 1) next.set('page', String(patch.page));
        else next.delete('page');
        return next;
      },
      { replace: true },
    );

  return {
    status,
    range,
    page,
    // Spec: a new range or filter starts again at page 1.
    setStatus: (value: StatusFilter) => update({ status: value, page: 1 }),
    setRange: (value: TimeRange) => update({ range: value, page: 1 }),
    setPage: (value: number) => update({ page: value }),
  };
}
