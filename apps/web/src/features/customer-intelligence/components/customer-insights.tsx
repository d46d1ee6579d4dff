import type { CustomerInsight } from '@ri/contracts';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import type { Permission } from '../../../lib/can';
import { formatCount, formatShare } from '../../../lib/format';
import type { AppliedFilter } from '../hooks/use-customer-filters';
import { useCustomerInsights } from '../hooks/use-customers';
import { InsightActionDialog } from './insight-action-dialog';
import { Section } from './section';

const typeTones: Record<CustomerInsight['type'], string> = {
  opportunity: 'bg-emerald-100 text-emerald-800',
  warning: 'bg-amber-100 text-amber-800',
  trend: 'bg-sky-100 text-sky-800',
};

type Props = {
  totalCustomers: number;
  manage: Permission;
  onFilter: (filter: AppliedFilter) => void;
};

function InsightCard({ insight, onTakeAction }: { insight: CustomerInsight; onTakeAction: () => void }) {
  return (
    <article aria-label={insight.title} className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium capitalize ${typeTones[insight.type]}`}>
          {insight.type}
        </span>
        <h3 className="font-semibold text-slate-900">{insight.title}</h3>
      </div>
      <p className="mt-1 text-sm text-slate-700">{insight.description}</p>
      <p className="mt-2 text-xs text-slate-600 tabular-nums">
        {formatCount(insight.affected_users)} customers affected · {formatShare(insight.confidence)} confidence
      </p>
      <Button variant="secondary" className="mt-3 px-3 py-1" onClick={onTakeAction}>
        Take Action
      </Button>
    </article>
  );
}

/** AI-Powered Customer Insights: findings among the customers, each with the figures behind it and Take Action. */
export function CustomerInsights({ totalCustomers, manage, onFilter }: Props) {
  const insights = useCustomerInsights();
  const [acting, setActing] = useState<CustomerInsight | null>(null);
  return (
    <Section
      title="AI-Powered Customer Insights"
      hint="Opportunities, warnings and trends found in your customers' figures; each cites the numbers behind it."
    >
      {insights.isPending && <Spinner label="Loading insights..." />}
      {insights.isError && (
        <Alert tone="error">
          The insights could not be loaded.{' '}
          <Button variant="link" onClick={() => void insights.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {insights.data && insights.data.insights.length === 0 && (
        <EmptyState icon={Sparkles} title="No insight stands out yet" compact>
          {totalCustomers === 0
            ? 'There are no customers to compare yet. Customers come from Stripe, GoHighLevel and visitors your site identifies.'
            : `Insights compare groups of customers, and the ${formatCount(totalCustomers)} you have show no difference large enough to be more than chance. They appear as more customers and sessions arrive.`}
        </EmptyState>
      )}
      {insights.data && insights.data.insights.length > 0 && (
        <div className="grid gap-3 md:grid-cols-2">
          {insights.data.insights.map((insight) => (
            <InsightCard key={insight.id} insight={insight} onTakeAction={() => setActing(insight)} />
          ))}
        </div>
      )}
      {acting && (
        <InsightActionDialog
          insight={acting}
          manage={manage}
          onFilter={(filter) => {
            setActing(null);
            onFilter(filter);
          }}
          onClose={() => setActing(null)}
        />
      )}
    </Section>
  );
}
