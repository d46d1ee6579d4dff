import type { DashboardGoals } from '@ri/contracts';
import { Target } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import type { Permission } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { barWidth, type GoalCard, gapTone } from '../lib/goal-gap';
import { NotKnown } from './not-known';
import { Section } from './section';

const gapTones = {
  short: 'bg-amber-50 text-amber-800 ring-amber-200',
  met: 'bg-green-50 text-green-800 ring-green-200',
} as const;

function GoalGapCard({ card }: { card: GoalCard }) {
  const titleId = useId();
  const { current, goal, gap, progress, format } = card;
  const tone = gap === null ? null : gapTone(gap);
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={titleId} className="text-sm font-semibold text-slate-900">
          {card.title}
        </h3>
        <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600">{card.unit}</span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        <div>
          <dt className="text-xs text-slate-500">Current</dt>
          <dd className="mt-0.5">
            {current === null ? (
              <NotKnown large reason={card.currentReason} />
            ) : (
              <span className="text-2xl font-semibold text-slate-900 tabular-nums">{format(current)}</span>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Goal</dt>
          <dd className="mt-0.5">
            {goal === null ? (
              <NotKnown large reason={card.goalReason} />
            ) : (
              <span className="text-2xl font-semibold text-slate-500 tabular-nums" title={card.goalSource ?? undefined}>
                {format(goal)}
              </span>
            )}
          </dd>
        </div>
        {gap !== null && tone && (
          <div className="col-span-2 flex items-center gap-2">
            <dt className="text-xs text-slate-500">Gap</dt>
            <dd
              data-tone={tone}
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset tabular-nums ${gapTones[tone]}`}
            >
              {format(gap)}
            </dd>
          </div>
        )}
      </dl>
      {progress !== null && (
        <div
          role="meter"
          aria-label={`${card.title} progress to goal`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(barWidth(progress))}
          aria-valuetext={`${progress.toFixed(1)}% of the goal`}
          className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className={`h-full rounded-full ${tone === 'met' ? 'bg-green-500' : 'bg-amber-400'}`}
            style={{ width: `${barWidth(progress)}%` }}
          />
        </div>
      )}
      <p className="mt-3 text-sm text-slate-700">{card.description}</p>
      {card.actions.length > 0 && (
        <ul aria-label={`${card.title} action items`} className="mt-2 list-disc space-y-1 pl-5 text-xs text-slate-600">
          {card.actions.map((action) => (
            <li key={action}>{action}</li>
          ))}
        </ul>
      )}
    </article>
  );
}

type Props = {
  cards: GoalCard[];
  goals: DashboardGoals;
  days: number;
  permission: Permission;
  onEditGoals: () => void;
};

/** The three goal-gap cards (spec 2.4) with who set the goals, and the way to the goals form for owners and admins. */
export function GoalCards({ cards, goals, days, permission, onEditGoals }: Props) {
  const setBy =
    goals.updated_at && goals.updated_by
      ? `Goals set by ${goals.updated_by} on ${formatDateTime(goals.updated_at)}.`
      : 'No goals set yet.';
  const prorated = days === 30 ? '' : ` The revenue goal is the monthly goal × ${days}/30 for this window.`;
  return (
    <Section
      title="Goals vs Reality"
      hint={`${setBy}${prorated}`}
      actions={
        permission.allowed ? (
          <Button variant="secondary" onClick={onEditGoals}>
            <Target aria-hidden="true" className="size-4" />
            Set goals
          </Button>
        ) : (
          permission.reason && <p className="max-w-xs text-xs text-slate-500">{permission.reason}</p>
        )
      }
    >
      <div className="grid gap-4 md:grid-cols-3">
        {cards.map((card) => (
          <GoalGapCard key={card.key} card={card} />
        ))}
      </div>
    </Section>
  );
}
