import type { BehavioralInsight } from '@ri/contracts';
import { Info, Lightbulb, TriangleAlert } from 'lucide-react';
import { ProfileBadge } from '../../../components/domain/profile-badge';
import { Button } from '../../../components/ui/button';
import { formatCount, humaniseName } from '../../../lib/format';

const typeStyles: Record<BehavioralInsight['type'], { icon: typeof Info; tone: string; label: string }> = {
  opportunity: { icon: Lightbulb, tone: 'border-emerald-200 bg-emerald-50/60 text-emerald-700', label: 'Opportunity' },
  warning: { icon: TriangleAlert, tone: 'border-amber-200 bg-amber-50/60 text-amber-700', label: 'Warning' },
  info: { icon: Info, tone: 'border-sky-200 bg-sky-50/60 text-sky-700', label: 'Info' },
};

const formatEvidence = (value: number) =>
  Number.isInteger(value) ? formatCount(value) : value.toLocaleString(undefined, { maximumFractionDigits: 3 });

function InsightCard({ insight, onTakeAction }: { insight: BehavioralInsight; onTakeAction: () => void }) {
  const style = typeStyles[insight.type];
  const Icon = style.icon;
  return (
    <article className={`rounded-xl border p-4 ${style.tone}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 gap-3">
          <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div className="min-w-0">
            <h3 className="font-semibold text-slate-900">
              <span className="sr-only">{style.label}: </span>
              {insight.title}
            </h3>
            <p className="mt-1 text-sm text-slate-700">{insight.description}</p>
          </div>
        </div>
        <Button variant="secondary" className="shrink-0 px-3 py-1.5" onClick={onTakeAction}>
          Take Action<span className="sr-only">: {insight.title}</span>
        </Button>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <span className="rounded-full bg-white/70 px-2 py-0.5 font-medium">
          {formatCount(insight.user_count)} users
        </span>
        {insight.profile && <ProfileBadge profile={insight.profile} />}
      </div>
      {insight.evidence.length > 0 && (
        <dl aria-label="Evidence" className="mt-3 grid gap-x-4 gap-y-1 text-xs sm:grid-cols-2">
          {insight.evidence.map((item) => (
            <div key={item.metric} className="flex justify-between gap-3 rounded bg-white/70 px-2 py-1">
              <dt className="text-slate-600">{humaniseName(item.metric)}</dt>
              <dd className="font-medium text-slate-900 tabular-nums">{formatEvidence(item.value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </article>
  );
}

type Props = { insights: BehavioralInsight[]; onTakeAction: (insight: BehavioralInsight) => void };

/** Real-Time Behavioral Insights: each with the figures it rests on and a Take Action button. */
export function InsightsList({ insights, onTakeAction }: Props) {
  return (
    <ul className="space-y-3">
      {insights.map((insight) => (
        <li key={insight.id}>
          <InsightCard insight={insight} onTakeAction={() => onTakeAction(insight)} />
        </li>
      ))}
    </ul>
  );
}
