import type { CustomerList } from '@ri/contracts';
import { Button } from '../../../components/ui/button';
import { formatCount } from '../../../lib/format';
import { pageStrip } from '../lib/customer-levels';

type Props = { pagination: CustomerList['pagination']; onPage: (page: number) => void };

/**
 * Previous and Next (enabled by has_previous and has_next) around a strip of up to five page numbers.
 * The caller shows it only when there are more customers than one page holds (spec section 9).
 */
export function CustomerPagination({ pagination, onPage }: Props) {
  const { page, total_pages: totalPages, total, has_next: hasNext, has_previous: hasPrevious } = pagination;
  return (
    <nav aria-label="Customer pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-slate-600">
        Page {page} of {Math.max(totalPages, 1)}
        <span className="text-slate-400"> · {formatCount(total)} customers</span>
      </p>
      <div className="flex flex-wrap items-center gap-1">
        <Button variant="secondary" className="px-3 py-1" disabled={!hasPrevious} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        {pageStrip(page, totalPages).map((n) => (
          <Button
            key={n}
            variant={n === page ? 'primary' : 'ghost'}
            className="min-w-9 px-2 py-1"
            aria-label={`Page ${n}`}
            aria-current={n === page ? 'page' : undefined}
            onClick={() => onPage(n)}
          >
            {n}
          </Button>
        ))}
        <Button variant="secondary" className="px-3 py-1" disabled={!hasNext} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
