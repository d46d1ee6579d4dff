import { HIGH_INTENT_READINESS, type LiveSession } from '@ri/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ProfileBadge } from '../../../components/domain/profile-badge';
import { ReadinessBadge } from '../../../components/domain/readiness-badge';
import { Button } from '../../../components/ui/button';
import { focusRing } from '../../../lib/focus-ring';
import { formatDateTime, truncateText } from '../../../lib/format';
import { formatMinutes, sessionDetailPath, shortSessionId } from '../../../lib/session-format';

export function UserProfileCell({ session }: { session: LiveSession }) {
  return (
    <div className="space-y-1">
      <Link
        to={sessionDetailPath(session.session_id)}
        title={session.session_id}
        className={`rounded font-mono text-xs font-medium text-indigo-600 hover:text-indigo-800 hover:underline ${focusRing}`}
      >
        {shortSessionId(session.session_id)}
        <span className="sr-only"> (open the recorded session)</span>
      </Link>
      <p className="font-mono text-xs text-slate-500" title={`Visitor ${session.visitor_id}`}>
        {truncateText(session.visitor_id, 14)}
      </p>
      <div>
        {session.neuromind_profile ? (
          <ProfileBadge profile={session.neuromind_profile} confidence={session.profile_confidence} />
        ) : (
          <span
            className="text-xs text-slate-500"
            title={
              session.profile_unclassified_reason
                ? `Not classified yet: ${session.profile_unclassified_reason}.`
                : 'The profile is assigned once the session shows enough behaviour.'
            }
          >
            Not classified yet
          </span>
        )}
      </div>
    </div>
  );
}

export function ReadinessCell({ session }: { session: LiveSession }) {
  if (session.readiness_score === undefined) {
    return (
      <span className="text-xs text-slate-500" title="The first score arrives with the session's first scored events.">
        Not scored yet
      </span>
    );
  }
  return <ReadinessBadge score={session.readiness_score} size="sm" />;
}

export function SourceDeviceCell({ session }: { session: LiveSession }) {
  return (
    <div className="text-sm">
      <p className="text-slate-900 capitalize">{session.source}</p>
      <p className="text-xs text-slate-500 capitalize">
        {session.device_type ?? 'Unknown device'}
        {session.browser && ` · ${session.browser}`}
      </p>
    </div>
  );
}

/** Minutes, with a Live marker while the session has no end (spec: absent end_time means active). */
export function DurationCell({ session }: { session: LiveSession }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5 text-sm whitespace-nowrap tabular-nums">
      <span title={`Started ${formatDateTime(session.start_time)}`}>{formatMinutes(session.duration_seconds)}</span>
      {!session.end_time && (
        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-1.5 py-0.5 text-[11px] font-medium text-emerald-700">
          <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-500" />
          Live
        </span>
      )}
    </div>
  );
}

export const isHighIntent = (session: LiveSession) =>
  session.readiness_score !== undefined && session.readiness_score >= HIGH_INTENT_READINESS;

/** What the Actions cell offers a high-intent session besides Details (the Engage button, which app/ joins in). */
export type RenderEngage = (session: LiveSession) => ReactNode;

type ActionsCellProps = { session: LiveSession; onDetails: () => void; renderEngage?: RenderEngage };

export function ActionsCell({ session, onDetails, renderEngage }: ActionsCellProps) {
  return (
    <div className="flex flex-wrap items-start gap-2">
      <Button variant="secondary" className="px-3 py-1.5" onClick={onDetails}>
        Details<span className="sr-only"> of session {shortSessionId(session.session_id)}</span>
      </Button>
      {isHighIntent(session) && renderEngage?.(session)}
    </div>
  );
}
