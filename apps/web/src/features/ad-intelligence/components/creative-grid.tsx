import type { Creative } from '@ri/contracts';
import { Button } from '../../../components/ui/button';
import { formatConversions, formatCtr } from '../lib/ad-format';
import { toUnitScore } from '../lib/ad-levels';
import { Fatigue } from './campaign-cells';
import { Figure, reasonFor } from './figures';

/** A creative's headline, or what names it when it has none. */
export const creativeTitle = (creative: Creative) => creative.headline ?? creative.name ?? `Ad ${creative.id}`;

/** An engagement score as a whole number out of 100 (the spec's rule for scores sent in percent). */
export const engagementText = (score: number) => `${Math.round(toUnitScore(score) * 100)} / 100`;

export function TriggerChips({ triggers }: { triggers: readonly string[] }) {
  if (triggers.length === 0)
    return <p className="text-xs text-slate-500">No psychological trigger found in its text</p>;
  return (
    <ul aria-label="Psychological triggers" className="flex flex-wrap gap-1">
      {triggers.map((trigger) => (
        <li key={trigger} className="rounded-full bg-violet-50 px-2 py-0.5 text-xs font-medium text-violet-800">
          {trigger}
        </li>
      ))}
    </ul>
  );
}

function CreativeCard({ creative, onDetails }: { creative: Creative; onDetails: (creative: Creative) => void }) {
  const title = creativeTitle(creative);
  return (
    <li className="flex flex-col rounded-lg border border-slate-200 p-4">
      <p className="text-xs text-slate-500">
        {creative.creative_type ?? 'Type not given by the platform'}
        {creative.campaign_name && ` · ${creative.campaign_name}`}
      </p>
      <h3 className="mt-1 font-semibold text-slate-900">{title}</h3>
      <p className="mt-1 line-clamp-3 text-sm text-slate-600">
        {creative.description ?? <span className="text-slate-400">No description text</span>}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-xs">
        <div>
          <dt className="text-slate-500">CTR</dt>
          <dd className="text-sm font-medium">
            <Figure value={creative.ctr} format={formatCtr} reason={reasonFor(creative.reasons, 'ctr')} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Conversions</dt>
          <dd className="text-sm font-medium tabular-nums">{formatConversions(creative.conversions)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Fatigue</dt>
          <dd>
            <Fatigue score={creative.fatigue_score} reason={reasonFor(creative.reasons, 'fatigue_score')} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Engagement</dt>
          <dd className="text-sm font-medium">
            <Figure
              value={creative.engagement_score}
              format={engagementText}
              reason={reasonFor(creative.reasons, 'engagement_score')}
            />
          </dd>
        </div>
      </dl>
      <div className="mt-3 flex-1">
        <TriggerChips triggers={creative.psychological_triggers} />
      </div>
      <Button
        variant="secondary"
        className="mt-3 self-start px-3 py-1"
        aria-label={`View Details of ${title}`}
        onClick={() => onDetails(creative)}
      >
        View Details
      </Button>
    </li>
  );
}

/** Creative Performance Analysis: a card per creative with its delivery, fatigue, engagement and triggers. */
export function CreativeGrid({
  creatives,
  onDetails,
}: {
  creatives: readonly Creative[];
  onDetails: (creative: Creative) => void;
}) {
  return (
    <ul aria-label="Creatives" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {creatives.map((creative) => (
        <CreativeCard key={creative.id} creative={creative} onDetails={onDetails} />
      ))}
    </ul>
  );
}
