import { type Customer, customerName } from '@ri/contracts';
import type { ReactNode } from 'react';
import { ProfileBadge } from '../../../components/domain/profile-badge';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { Modal } from '../../../components/ui/modal';
import { formatPercent, NO_VALUE } from '../../../lib/format';
import { formatMoney, reasonFor, words } from '../lib/customer-format';
import { readinessWord } from '../lib/customer-levels';
import { ChurnChip } from './churn-chip';
import { EngagementChip } from './engagement-chip';
import { Figure, NotKnown } from './figure';

type Props = { customer: Customer; onEngage: () => void; onClose: () => void };

/** Customer Profile: the customer's figures at a glance, Engage Customer, and the way to the full profile. */
export function CustomerProfileDialog({ customer: c, onEngage, onClose }: Props) {
  const fields: { label: string; value: ReactNode }[] = [
    {
      label: 'Readiness',
      value:
        c.readiness_score === null ? (
          <NotKnown reason={reasonFor(c.reasons, 'readiness_score')} />
        ) : (
          `${c.readiness_score.toFixed(1)} (${readinessWord(c.readiness_score)})`
        ),
    },
    { label: 'Engagement', value: <EngagementChip level={c.engagement_level} /> },
    {
      label: 'Churn risk',
      value:
        c.churn_risk === null ? (
          <NotKnown reason={reasonFor(c.reasons, 'churn_risk')} />
        ) : (
          <ChurnChip risk={c.churn_risk} />
        ),
    },
    {
      label: 'Lifetime value',
      value: (
        <Figure
          value={c.lifetime_value}
          format={(v) => formatMoney(v, c.currency)}
          reason={reasonFor(c.reasons, 'lifetime_value')}
        />
      ),
    },
    {
      label: 'Conversion probability',
      value: (
        <Figure
          value={c.conversion_probability}
          format={formatPercent}
          reason={reasonFor(c.reasons, 'conversion_probability')}
        />
      ),
    },
    { label: 'Journey stage', value: words(c.journey_stage) },
    { label: 'Acquisition source', value: c.acquisition_source || NO_VALUE },
    { label: 'Sessions', value: c.total_sessions.toLocaleString() },
  ];
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Customer Profile"
      description={customerName(c)}
      footer={
        <>
          <ButtonLink variant="secondary" to={`/customer-intelligence/${c.id}`}>
            Open full profile
          </ButtonLink>
          <Button onClick={onEngage}>Engage Customer</Button>
        </>
      }
    >
      <div className="space-y-3">
        {c.neuromind_profile && (
          <ProfileBadge profile={c.neuromind_profile} confidence={c.profile_confidence ?? undefined} />
        )}
        <dl className="grid grid-cols-2 gap-3 text-sm">
          {fields.map((f) => (
            <div key={f.label}>
              <dt className="text-xs text-slate-500">{f.label}</dt>
              <dd className="text-slate-900">{f.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </Modal>
  );
}
