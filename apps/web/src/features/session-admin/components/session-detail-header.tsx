import type { SessionDetail } from '@ri/contracts';
import { ArrowLeft, Download, ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { focusRing } from '../../../lib/focus-ring';
import { formatDateTime, formatMinutesSeconds, toSafeHref, truncateText } from '../../../lib/format';
import { exportSession } from '../lib/export-session';
import { TRUNCATE } from './session-cells';
import { SessionStatusBadge } from './session-status-badge';
import { SuspectBadge } from './suspect-badge';

const linkClass = `inline-flex items-center gap-2 rounded-lg text-sm font-medium ${focusRing}`;

export function SessionDetailHeader({ detail }: { detail: SessionDetail }) {
  const pageHref = toSafeHref(detail.primary_page_url);
  return (
    <header className="mb-6 space-y-3">
      <Link to="/admin" className={`${linkClass} text-indigo-600 hover:underline`}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to sessions
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Session Detail</h1>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <span className="font-mono text-slate-900" title={detail.id}>
              {truncateText(detail.id, TRUNCATE.sessionId)}
            </span>
            <SessionStatusBadge isActive={detail.is_active} />
            <SuspectBadge reason={detail.suspect} />
            <span>
              Started <time dateTime={detail.start_time}>{formatDateTime(detail.start_time)}</time>
            </span>
            <span>Duration {formatMinutesSeconds(detail.duration)}</span>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => exportSession(detail)}>
            <Download aria-hidden="true" className="size-4" />
            Export Data
          </Button>
          {pageHref && (
            <a
              href={pageHref}
              target="_blank"
              rel="noopener noreferrer"
              className={`${linkClass} bg-indigo-600 px-4 py-2 text-white shadow-sm hover:bg-indigo-700`}
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              Visit Page<span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
        </div>
      </div>
      {detail.suspect && (
        <div className="mt-3">
          <Alert tone="info">
            Flagged as likely forged: {detail.suspect}. It stays here, and is left out of the readiness model's refits.
          </Alert>
        </div>
      )}
    </header>
  );
}
