import type { AdminSessionsResponse } from '@ri/contracts';
import { Button } from '../../../components/ui/button';

type Props = { pagination: AdminSessionsResponse['pagination']; onPage: (page: number) => void };

export function SessionPagination({ pagination, onPage }: Props) {
  const { page, total_pages: totalPages, total_count: totalCount, has_prev: hasPrev, has_next: hasNext } = pagination;
  return (
    <nav aria-label="Session pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-slate-600">
        Page {page} of {Math.max(totalPages, 1)}
        <span className="text-slate-400"> · {totalCount.toLocaleString()} sessions</span>
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" disabled={!hasPrev} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="secondary" disabled={!hasNext} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
