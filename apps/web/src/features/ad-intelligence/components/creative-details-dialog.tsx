import type { Creative } from '@ri/contracts';
import { FieldGrid } from '../../../components/ui/field-grid';
import { Modal } from '../../../components/ui/modal';
import { formatCount, humaniseName } from '../../../lib/format';
import { formatConversions, formatCtr, formatDay, formatDecay, formatMoney } from '../lib/ad-format';
import { AudienceView } from './audience-view';
import { Fatigue } from './campaign-cells';
import { ChartDataTable } from './chart-data-table';
import { creativeTitle, engagementText, TriggerChips } from './creative-grid';
import { DialogSection } from './dialog-section';
import { Figure, reasonFor } from './figures';
import { LineChart } from './line-chart';

/** The daily CTR's accessible summary: from the first measured day to the last. */
function ctrSummary(creative: Creative): string {
  const measured = creative.daily.filter((d) => d.ctr !== null);
  const first = measured[0];
  const last = measured.at(-1);
  if (!first || !last) return 'Daily click-through rate: no day had impressions to measure it.';
  return `Daily click-through rate over ${measured.length} days with impressions, from ${formatCtr(first.ctr!)} on ${formatDay(first.date)} to ${formatCtr(last.ctr!)} on ${formatDay(last.date)}.`;
}

/** Fatigue's inputs side by side: the launch baseline CTR against the recent one, frequency and age. */
function FatigueInputs({ creative }: { creative: Creative }) {
  const r = (field: string) => reasonFor(creative.reasons, field);
  const { fatigue } = creative;
  return (
    <div className="space-y-2">
      <Fatigue score={creative.fatigue_score} reason={r('fatigue_score')} />
      <FieldGrid
        className="text-sm"
        fields={[
          {
            label: 'Baseline CTR',
            value: <Figure value={fatigue.baseline_ctr} format={formatCtr} reason={r('baseline_ctr')} />,
          },
          {
            label: 'Recent CTR',
            value: <Figure value={fatigue.recent_ctr} format={formatCtr} reason={r('recent_ctr')} />,
          },
          {
            label: 'Frequency',
            value: <Figure value={fatigue.frequency} format={(v) => v.toFixed(2)} reason={r('frequency')} />,
          },
          { label: 'Days live', value: formatCount(fatigue.days_live), className: 'tabular-nums' },
          {
            label: 'Message decay',
            value: (
              <Figure
                value={creative.message_decay_rate}
                format={(v) =>
                  `${formatDecay(v)}${creative.message_decay_r2 === null ? '' : ` (R² ${creative.message_decay_r2.toFixed(2)})`}`
                }
                reason={r('message_decay_rate')}
              />
            ),
          },
          {
            label: 'Engagement',
            value: <Figure value={creative.engagement_score} format={engagementText} reason={r('engagement_score')} />,
          },
        ]}
      />
    </div>
  );
}

/**
 * Creative Details: its texts and delivery, the inputs of its fatigue score, its decay, its daily CTR, the
 * words behind each psychological trigger, and the visitors it brought.
 */
export function CreativeDetailsDialog({ creative, onClose }: { creative: Creative; onClose: () => void }) {
  const money = (value: number) => formatMoney(value, creative.currency);
  const ctrDays = creative.daily.map((d) => d.ctr ?? 0);
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={creativeTitle(creative)}
      description={[
        creative.creative_type ?? 'Type not given',
        creative.campaign_name,
        creative.status && humaniseName(creative.status.toLowerCase()),
      ]
        .filter(Boolean)
        .join(' · ')}
    >
      <div className="space-y-4">
        {creative.description && <p className="text-sm text-slate-700">{creative.description}</p>}
        <DialogSection title="Delivery">
          <FieldGrid
            className="text-sm"
            fields={[
              { label: 'Spend', value: money(creative.spend), className: 'tabular-nums' },
              { label: 'Impressions', value: formatCount(creative.impressions), className: 'tabular-nums' },
              { label: 'Clicks', value: formatCount(creative.clicks), className: 'tabular-nums' },
              {
                label: 'CTR',
                value: <Figure value={creative.ctr} format={formatCtr} reason={reasonFor(creative.reasons, 'ctr')} />,
              },
              { label: 'Conversions', value: formatConversions(creative.conversions), className: 'tabular-nums' },
            ]}
          />
        </DialogSection>
        <DialogSection title="Fatigue">
          <FatigueInputs creative={creative} />
        </DialogSection>
        <DialogSection title="Daily CTR">
          {creative.daily.length === 0 ? (
            <p className="text-sm text-slate-600">No delivery in this window.</p>
          ) : (
            <>
              <LineChart
                height="h-24"
                summary={ctrSummary(creative)}
                xLabels={creative.daily.map((d) => formatDay(d.date))}
                formatY={(v) => `${Number(v.toFixed(2))}%`}
                series={[{ name: 'CTR', color: '#4f46e5', values: ctrDays }]}
              />
              <ChartDataTable
                caption="Delivery and CTR by day"
                headers={['Date', 'Impressions', 'Clicks', 'CTR', 'Frequency']}
                rows={creative.daily.map((d) => [
                  formatDay(d.date),
                  formatCount(d.impressions),
                  formatCount(d.clicks),
                  d.ctr === null ? '—' : formatCtr(d.ctr),
                  d.frequency === null ? '—' : d.frequency.toFixed(2),
                ])}
              />
            </>
          )}
        </DialogSection>
        <DialogSection title="Psychological triggers">
          <TriggerChips triggers={creative.psychological_triggers} />
          {creative.trigger_evidence.length > 0 && (
            <ul className="mt-2 space-y-1 text-sm text-slate-700">
              {creative.trigger_evidence.map((e) => (
                <li key={`${e.trigger}:${e.evidence}`}>
                  <span className="font-medium">{e.trigger}:</span> “{e.evidence}”
                </li>
              ))}
            </ul>
          )}
        </DialogSection>
        <DialogSection title="Audience by Neuromind profile and readiness">
          <AudienceView audience={creative.audience} />
        </DialogSection>
      </div>
    </Modal>
  );
}
