import type { CustomerSegments, ProfileSegment, SavedSegment } from '@ri/contracts';
import { Layers, Plus, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import type { Permission } from '../../../lib/can';
import { formatCount, formatPercent, NO_VALUE } from '../../../lib/format';
import { useCustomerSegments } from '../hooks/use-customers';
import { formatMoney } from '../lib/customer-format';
import { CreateSegmentDialog } from './create-segment-dialog';
import { SavedSegments } from './saved-segments';
import { Section } from './section';
import { SegmentCountChart } from './segment-count-chart';

function SegmentCard({ segment, currency }: { segment: ProfileSegment; currency: string | null }) {
  return (
    <article aria-label={segment.name} className="rounded-lg border border-slate-200 p-3">
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{segment.name}</h3>
        <span className="text-sm text-slate-600 tabular-nums">{formatCount(segment.user_count)} customers</span>
      </div>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-xs">
        <div>
          <dt className="text-slate-500">Avg readiness</dt>
          <dd className="tabular-nums">{segment.avg_readiness_score?.toFixed(1) ?? NO_VALUE}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Conversion rate</dt>
          <dd className="tabular-nums">
            {segment.conversion_rate === null ? NO_VALUE : formatPercent(segment.conversion_rate)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Avg LTV</dt>
          <dd className="tabular-nums">
            {segment.avg_lifetime_value === null ? NO_VALUE : formatMoney(segment.avg_lifetime_value, currency)}
          </dd>
        </div>
      </dl>
      {segment.characteristics.length > 0 && (
        <ul aria-label="Characteristics" className="mt-2 flex flex-wrap gap-1">
          {segment.characteristics.map((c) => (
            <li key={c} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
              {c}
            </li>
          ))}
        </ul>
      )}
      {segment.recommended_actions.length > 0 && (
        <ul aria-label="Recommended actions" className="mt-2 list-disc pl-4 text-xs text-slate-700">
          {segment.recommended_actions.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
      )}
    </article>
  );
}

function SegmentsBody({ data }: { data: CustomerSegments }) {
  const filled = data.segments.filter((s) => s.user_count > 0);
  if (filled.length === 0) {
    return (
      <EmptyState icon={Layers} title="No profile segments yet" compact>
        Segments group customers by their Neuromind profile, which comes from their tracked sessions. None of your
        customers has a profile yet: link visitors to customers (the tracking script and Stripe Checkout's
        client_reference_id do this), then Refresh Segments.
      </EmptyState>
    );
  }
  return (
    <div className="space-y-4">
      <SegmentCountChart segments={data.segments} />
      <div className="grid gap-3 md:grid-cols-2">
        {filled.map((s) => (
          <SegmentCard key={s.id} segment={s} currency={data.currency} />
        ))}
      </div>
    </div>
  );
}

type Props = {
  manage: Permission;
  refreshing: boolean;
  onRefresh: () => void;
  onShowSegment: (segmentId: string) => void;
};

/** Neuromind Profile Segments: the seven profiles' groups, Refresh Segments, Create Segment and the saved segments. */
export function ProfileSegments({ manage, refreshing, onRefresh, onShowSegment }: Props) {
  const segments = useCustomerSegments();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<SavedSegment | null>(null);
  return (
    <Section
      title="Neuromind Profile Segments"
      hint="Customers grouped by the behavioural profile their sessions show, with what each group is worth."
      actions={
        manage.allowed ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" busy={refreshing} onClick={onRefresh}>
              {!refreshing && <RefreshCw aria-hidden="true" className="size-4" />}
              Refresh Segments
            </Button>
            <Button onClick={() => setCreating(true)} disabled={!segments.data}>
              <Plus aria-hidden="true" className="size-4" />
              Create Segment
            </Button>
          </div>
        ) : (
          <p className="max-w-sm text-xs text-slate-500">{manage.reason}</p>
        )
      }
    >
      {segments.isPending && <Spinner label="Loading segments..." />}
      {segments.isError && (
        <Alert tone="error">
          The segments could not be loaded.{' '}
          <Button variant="link" onClick={() => void segments.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {created && (
        <div className="mb-4">
          <Alert tone="success">
            Segment “{created.name}” saved: {formatCount(created.user_count)} customers match it now.{' '}
            <Button variant="link" onClick={() => onShowSegment(created.id)}>
              Show customers
            </Button>
          </Alert>
        </div>
      )}
      {segments.data && (
        <div className="space-y-6">
          <SegmentsBody data={segments.data} />
          <SavedSegments
            saved={segments.data.saved}
            currency={segments.data.currency}
            manage={manage}
            onShow={onShowSegment}
          />
        </div>
      )}
      {creating && segments.data && (
        <CreateSegmentDialog
          suggestions={segments.data.suggestions}
          onCreated={(segment) => {
            setCreating(false);
            setCreated(segment);
          }}
          onClose={() => setCreating(false)}
        />
      )}
    </Section>
  );
}
