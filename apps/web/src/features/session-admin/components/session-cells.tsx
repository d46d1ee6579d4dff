import type { SessionListItem } from '@ri/contracts';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { focusRing } from '../../../lib/focus-ring';
import {
  formatDateTime,
  formatMinutesSeconds,
  formatRelativeTime,
  NO_VALUE,
  toSafeHref,
  truncateText,
} from '../../../lib/format';

/** Spec truncation: session id 20, page title 15, URL 18, browser 10 characters. */
export const TRUNCATE = { sessionId: 20, title: 15, url: 18, browser: 10 } as const;

const linkClass = `inline-flex items-center gap-1 rounded font-medium text-indigo-600 hover:text-indigo-800 hover:underline ${focusRing}`;

export function SessionIdText({ session }: { session: SessionListItem }) {
  return (
    <div>
      <p className="font-mono text-xs text-slate-900" title={session.id}>
        {truncateText(session.id, TRUNCATE.sessionId)}
      </p>
      <time dateTime={session.start_time} title={formatDateTime(session.start_time)} className="text-xs text-slate-500">
        {formatRelativeTime(session.start_time)}
      </time>
    </div>
  );
}

export function PageText({ session }: { session: SessionListItem }) {
  return (
    <div className="min-w-0">
      <p className="text-slate-900" title={session.page_title ?? 'No page title recorded'}>
        {session.page_title ? truncateText(session.page_title, TRUNCATE.title) : NO_VALUE}
      </p>
      <p className="text-xs text-slate-500" title={session.page_url ?? 'No page URL recorded'}>
        {session.page_url ? truncateText(session.page_url, TRUNCATE.url) : NO_VALUE}
      </p>
    </div>
  );
}

export function DeviceText({ session }: { session: SessionListItem }) {
  return (
    <div>
      <p className="text-slate-900">{session.device_type ?? NO_VALUE}</p>
      <p className="text-xs text-slate-500" title={session.browser ?? undefined}>
        {session.browser ? truncateText(session.browser, TRUNCATE.browser) : NO_VALUE}
      </p>
    </div>
  );
}

export const durationText = (session: SessionListItem) => formatMinutesSeconds(session.duration);

export function SessionActions({ session }: { session: SessionListItem }) {
  const href = toSafeHref(session.page_url);
  const shortId = truncateText(session.id, TRUNCATE.sessionId);
  return (
    <div className="flex gap-3">
      <Link to={`/admin/sessions/${encodeURIComponent(session.id)}`} className={linkClass}>
        Details<span className="sr-only"> of session {shortId}</span>
      </Link>
      {href && (
        <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
          Visit<span className="sr-only"> {session.page_url} (opens in a new tab)</span>
          <ExternalLink aria-hidden="true" className="size-3" />
        </a>
      )}
    </div>
  );
}
