import type { Recommendation } from '@ri/contracts';
import { Lightbulb } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-error';
import { CARD_RECOMMENDATIONS } from '../api/insights-api';
import { useSavedRecommendations } from '../hooks/use-dashboard';
import { confidenceText, PRIORITY_TONES } from '../lib/recommendation-text';
import { MissingData } from './missing-data';
import { PriorityBadge } from './recommendation-item';
import { Section } from './section';

function Summary({ recommendation: r }: { recommendation: Recommendation }) {
  return (
    <li className={`rounded-lg border border-l-4 border-slate-200 px-3 py-2 ${PRIORITY_TONES[r.priority].edge}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 flex-1 text-sm font-medium text-slate-900">{r.title}</p>
        <PriorityBadge priority={r.priority} />
      </div>
      <p className="mt-0.5 text-xs text-slate-600">
        {r.expected_impact} · {confidenceText(r.confidence)}
      </p>
    </li>
  );
}

const GENERATOR_LOOKS_AT =
  'The generator reads your own data: where each Neuromind profile leaves the funnel, high-readiness visitors who do not buy, campaigns bringing the wrong buyers, tiring ad creatives, valuable customers at risk of churning and pricing-page exits. Each recommendation cites the figures it comes from and a confidence from their sample size.';

type Props = { onGenerate: () => void; onOpen: () => void; generating: boolean };

/**
 * 'AI Strategic Insights' (spec 2.4): the first 3 saved recommendations colour-coded by priority. With none
 * saved there are no placeholder examples: it says what the generator looks at, and what it lacked last time.
 */
export function InsightsCard({ onGenerate, onOpen, generating }: Props) {
  const saved = useSavedRecommendations();
  const list = saved.data;
  const first = list?.recommendations.slice(0, CARD_RECOMMENDATIONS) ?? [];
  const generate = (
    <Button busy={generating} onClick={onGenerate}>
      {generating ? 'Generating...' : 'Generate Strategic Insights'}
    </Button>
  );
  return (
    <Section
      title="AI Strategic Insights"
      hint="Recommendations from rules over your data, highest priority first."
      actions={
        first.length > 0 && (
          <Button variant="secondary" onClick={onOpen}>
            View all ({list?.recommendations.length})
          </Button>
        )
      }
    >
      {saved.isPending && <Spinner label="Loading recommendations..." />}
      {saved.isError && !list && (
        <Alert tone="error">
          <p>Could not load the saved recommendations: {getErrorMessage(saved.error, 'unknown error')}</p>
          <Button variant="link" className="text-xs" onClick={() => void saved.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {first.length > 0 && (
        <ul aria-label="Top recommendations" className="space-y-2">
          {first.map((r) => (
            <Summary key={r.id} recommendation={r} />
          ))}
        </ul>
      )}
      {list && first.length === 0 && (
        <EmptyState compact icon={Lightbulb} title="No strategic insights yet" action={generate}>
          {GENERATOR_LOOKS_AT}
        </EmptyState>
      )}
      {list && first.length === 0 && list.last_generated && (
        <div className="text-slate-600">
          <MissingData list={list} />
        </div>
      )}
    </Section>
  );
}
