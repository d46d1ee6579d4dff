import {
  RECOMMENDATION_CATEGORIES,
  type Recommendation,
  type RecommendationCategory,
  type RecommendationList,
} from '@ri/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Lightbulb } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { inputClass } from '../../../components/ui/text-field';
import type { Permission } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { useRecommendations } from '../hooks/use-strategy-data';
import { words } from '../lib/strategy-format';
import { RecommendationCard } from './recommendation-card';
import { RecommendationDetailsDialog } from './recommendation-details-dialog';
import { RulesReport } from './rules-report';
import { TabLoadError } from './strategy-states';

type Props = {
  /** The screen's read of all categories: the list until a category is chosen. */
  all: UseQueryResult<RecommendationList>;
  implement: Permission;
  onShowActions: () => void;
};

/** The Strategic Recommendations tab: a category filter, the cards, and what the rules checked. */
export function RecommendationsPanel({ all, implement, onShowActions }: Props) {
  const [category, setCategory] = useState<RecommendationCategory | undefined>(undefined);
  const [details, setDetails] = useState<Recommendation | null>(null);
  const filtered = useRecommendations(category, category !== undefined);
  const query = category ? filtered : all;
  const list = query.data;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="text-sm text-slate-600">
          {list?.last_generated
            ? `Generated ${formatDateTime(list.last_generated)}${list.window ? ` over ${list.window.days} days (${list.window.from} to ${list.window.to})` : ''}. Each card cites the data behind it.`
            : 'Each recommendation comes from a documented rule over your own data and cites its evidence.'}
        </p>
        <div>
          <label htmlFor="strategy-category" className="mb-1 block text-sm font-medium text-slate-700">
            Category
          </label>
          <select
            id="strategy-category"
            className={`${inputClass} w-auto`}
            value={category ?? ''}
            onChange={(e) => setCategory((e.target.value || undefined) as RecommendationCategory | undefined)}
          >
            <option value="">All categories</option>
            {RECOMMENDATION_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {words(c)}
              </option>
            ))}
          </select>
        </div>
      </div>

      {query.isPending && <Spinner label="Loading recommendations..." />}
      {query.isError && <TabLoadError what="recommendations" />}
      {list && list.recommendations.length === 0 && (
        <EmptyState icon={Lightbulb} title={emptyTitle(list.last_generated, category)} compact>
          {list.last_generated === null
            ? 'Choose an analysis window and Generate New Insights: the rules will read your data and say what they find, or what they lack.'
            : category
              ? `No ${words(category).toLowerCase()} recommendation in the last generation. Choose All categories to see the others.`
              : 'The rules ran over your data and none found something worth changing. Below: what each checked, and what more data would let the others run.'}
        </EmptyState>
      )}
      {list && list.recommendations.length > 0 && (
        <div className="space-y-4">
          {list.recommendations.map((rec) => (
            <RecommendationCard
              key={rec.id}
              rec={rec}
              implement={implement}
              onDetails={setDetails}
              onShowActions={onShowActions}
            />
          ))}
        </div>
      )}
      {list && !category && <RulesReport list={list} />}
      {details && <RecommendationDetailsDialog rec={details} onClose={() => setDetails(null)} />}
    </div>
  );
}

function emptyTitle(lastGenerated: string | null, category: RecommendationCategory | undefined) {
  if (lastGenerated === null) return 'No insights generated yet';
  return category ? `No ${words(category).toLowerCase()} recommendations` : 'No recommendation right now';
}
