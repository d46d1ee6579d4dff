import { ATTRIBUTION_DEFAULT_LOOKBACK, ATTRIBUTION_MODEL_LABELS } from '@ri/contracts';
import { GitCompare } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-error';
import { formatCount } from '../../../lib/format';
import type { AdFilters, AttributionLookback } from '../api/ad-intelligence-api';
import { useAttributionMapping } from '../hooks/use-ad-intelligence';
import { formatConversions } from '../lib/ad-format';
import { platformLabel } from '../lib/ad-platforms';
import { ChartDataTable } from './chart-data-table';
import { ModelComparisonChart } from './model-comparison-chart';
import { Section } from './section';

const LOOKBACK_OPTIONS = [
  { value: '7', label: '7 days' },
  { value: '28', label: '28 days' },
  { value: '90', label: '90 days' },
] as const;

/** What each of the seven attribution models credits each campaign and channel, over a chosen lookback. */
export function ModelComparison({ filters, windowText }: { filters: AdFilters; windowText: string }) {
  const [lookback, setLookback] = useState<AttributionLookback>(ATTRIBUTION_DEFAULT_LOOKBACK as AttributionLookback);
  const mapping = useAttributionMapping(filters, lookback);
  const data = mapping.data;
  const reasons = data ? Object.values(data.reasons) : [];

  return (
    <Section
      title="Attribution Model Comparison"
      hint="Conversions each model credits to each campaign and channel. Where the models agree, the credit is solid; where they disagree, the data-driven models (Markov, Shapley) weigh the paths visitors really took."
      actions={
        <SegmentedControl
          label="Lookback window"
          options={LOOKBACK_OPTIONS}
          value={String(lookback) as (typeof LOOKBACK_OPTIONS)[number]['value']}
          onChange={(value) => setLookback(Number(value) as AttributionLookback)}
        />
      }
    >
      {mapping.isPending && <Spinner label="Loading attribution..." />}
      {mapping.isError && !data && (
        <Alert tone="error">{getErrorMessage(mapping.error, 'Failed to load the attribution models')}</Alert>
      )}
      {data && (
        <div
          aria-busy={mapping.isPlaceholderData || undefined}
          className={mapping.isPlaceholderData ? 'opacity-60' : ''}
        >
          <p className="mb-3 text-xs text-slate-600">
            {formatCount(data.paths.converting)} converting paths of {formatCount(data.paths.total)} in {windowText},
            looking back {data.lookback_days} days; time decay halves every {data.half_life_days} days.
            {data.paths.unattributable_conversions > 0 &&
              ` ${formatCount(data.paths.unattributable_conversions)} conversions had no touch we could see in the lookback, so no model credits them.`}
          </p>
          {reasons.map((reason) => (
            <p key={reason} className="mb-2 text-xs text-amber-800">
              {reason}
            </p>
          ))}
          {data.rows.length === 0 ? (
            <EmptyState icon={GitCompare} title="Nothing to attribute yet" compact>
              No tracked conversion in {windowText} had a touch within {data.lookback_days} days before it. Credits
              appear once tracked visitors who arrived from a campaign or channel convert.
            </EmptyState>
          ) : (
            <>
              <ModelComparisonChart rows={data.rows} models={data.models} />
              <ChartDataTable
                caption="Conversions credited by each attribution model"
                headers={['Campaign or channel', 'Touches', ...data.models.map((m) => ATTRIBUTION_MODEL_LABELS[m])]}
                rows={data.rows.map((row) => [
                  `${row.name} (${platformLabel(row.platform)})`,
                  formatCount(row.touches),
                  ...data.models.map((m) => formatConversions(row.credits[m]?.conversions ?? 0)),
                ])}
              />
            </>
          )}
        </div>
      )}
    </Section>
  );
}
