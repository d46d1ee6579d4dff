import type { LiveSession, ScoreContribution } from '@ri/contracts';
import type { ReactNode } from 'react';
import { ProfileBadge } from '../../../components/domain/profile-badge';
import { ReadinessBadge } from '../../../components/domain/readiness-badge';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { formatCount, formatDateTime, formatPercent } from '../../../lib/format';
import { useNeuromindProfile, useReadinessScore } from '../hooks/use-session-details';

const formatWeight = (weight: number) => `${weight >= 0 ? '+' : '−'}${Math.abs(weight).toFixed(2)}`;

/** Each input's signed push on the score, drawn as a bar left (lowered) or right (raised) of centre. */
function ContributionBars({ contributions }: { contributions: ScoreContribution[] }) {
  const max = Math.max(...contributions.map((c) => Math.abs(c.weight)), 0.01);
  return (
    <ul aria-label="Top contributing signals" className="mt-2 space-y-2">
      {contributions.map((c) => {
        const width = `${(Math.abs(c.weight) / max) * 50}%`;
        const raised = c.weight >= 0;
        return (
          <li key={c.feature} className="text-sm">
            <div className="flex justify-between gap-3">
              <span className="min-w-0 text-slate-700">
                {c.label}
                {c.value !== null && <span className="text-slate-500"> ({c.value.toLocaleString()})</span>}
              </span>
              <span className={`shrink-0 font-medium tabular-nums ${raised ? 'text-emerald-700' : 'text-red-700'}`}>
                {formatWeight(c.weight)}
              </span>
            </div>
            <div aria-hidden="true" className="relative mt-1 h-2 rounded-full bg-slate-100">
              <span className="absolute inset-y-0 left-1/2 w-px bg-slate-300" />
              <span
                className={`absolute inset-y-0 rounded-full ${raised ? 'left-1/2 bg-emerald-500' : 'right-1/2 bg-red-400'}`}
                style={{ width }}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The server's reason when the session has no score yet (a 404), which is news, not a failure. */
const notScoredReason = (error: Error | null) =>
  error instanceof ApiError && error.status === 404 ? error.message : null;

function ReadinessSection({ session }: { session: LiveSession }) {
  const { data, isPending, isError, error } = useReadinessScore(session.session_id);
  const notScored = notScoredReason(error);
  const score = data?.readiness_score ?? session.readiness_score;
  const contributions = data?.top_signals ?? session.top_signals;
  return (
    <section>
      <h3 className="text-sm font-semibold text-slate-900">Why this readiness score</h3>
      {score === undefined && !isPending ? (
        <p className="mt-1 text-sm text-slate-500">
          {notScored ?? 'Not scored yet: the session has no scored events so far.'}
        </p>
      ) : (
        <>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            {score !== undefined && <ReadinessBadge score={score} size="md" />}
            {data && (
              <p className="text-sm text-slate-600">
                Conversion probability {formatPercent(data.conversion_probability)} from{' '}
                {formatCount(data.events_scored)} events
              </p>
            )}
          </div>
          {contributions.length > 0 ? (
            <ContributionBars contributions={contributions} />
          ) : (
            <p className="mt-2 text-sm text-slate-500">No contributing signals were reported for this score.</p>
          )}
          <p className="mt-2 text-xs text-slate-500">
            Weights are in log-odds: positive raised the probability, negative lowered it.
            {data &&
              ` Model: ${data.model.label}, fitted ${formatDateTime(data.model.fitted_at)} on ${formatCount(data.model.sessions)} sessions.`}
          </p>
        </>
      )}
      {isError && notScored === null && (
        <p className="mt-1 text-xs text-red-700">The model details could not be loaded.</p>
      )}
    </section>
  );
}

function ProfileSection({ sessionId }: { sessionId: string }) {
  const { data, isPending, isError } = useNeuromindProfile(sessionId);
  if (isPending) return <Spinner label="Loading profile..." />;
  return (
    <section>
      <h3 className="text-sm font-semibold text-slate-900">Why this profile</h3>
      {isError && <p className="mt-1 text-sm text-red-700">The profile could not be loaded.</p>}
      {data === null && <p className="mt-1 text-sm text-slate-500">Not classified yet: too little behaviour so far.</p>}
      {data && (
        <>
          <div className="mt-2">
            {data.neuromind_profile ? (
              <ProfileBadge profile={data.neuromind_profile} confidence={data.confidence} />
            ) : (
              <p className="text-sm text-slate-700">
                <span className="font-medium text-slate-900">Not yet classified:</span> {data.unclassified_reason}.
                Leading so far: {data.probabilities[0]?.profile} ({formatPercent(data.confidence)}).
              </p>
            )}
          </div>
          <ul aria-label="Profile probabilities" className="mt-3 space-y-1.5">
            {data.probabilities.map((p) => (
              <li key={p.profile} className="grid grid-cols-[8rem_1fr_3rem] items-center gap-2 text-xs">
                <span className="text-slate-700">{p.profile}</span>
                <span aria-hidden="true" className="h-2 rounded-full bg-slate-100">
                  <span className="block h-2 rounded-full bg-indigo-500" style={{ width: `${p.probability * 100}%` }} />
                </span>
                <span className="text-right tabular-nums text-slate-900">{formatPercent(p.probability)}</span>
              </li>
            ))}
          </ul>
          {data.evidence.length > 0 && (
            <ul aria-label="Profile evidence" className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
              {data.evidence.map((e) => (
                <li key={`${e.kind}-${e.name}`}>{e.detail}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

type Props = {
  session: LiveSession;
  /** The session's past actions, under the profile; they belong to engagement, which app/ joins in. */
  engagementHistory?: ReactNode;
};

/** The readiness score's top signals with signed weights, the profile's evidence, and past actions. */
export function ScoreTab({ session, engagementHistory }: Props) {
  return (
    <div className="space-y-6">
      <ReadinessSection session={session} />
      <ProfileSection sessionId={session.session_id} />
      {engagementHistory}
    </div>
  );
}
