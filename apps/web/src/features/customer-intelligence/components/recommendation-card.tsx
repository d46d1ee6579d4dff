import type { CustomerAction, EngagementRecommendation, EngagementRecommendations } from '@ri/contracts';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/text-field';
import type { Permission } from '../../../lib/can';
import { useCreateCustomerAction } from '../hooks/use-customer-mutations';
import { words } from '../lib/customer-format';
import { ActionStatus, CHANNEL_LABELS } from './action-status';

export const IMPLEMENT_FAILED = 'Failed to implement engagement action. Please try again.';

type Channel = CustomerAction['channel'];
type Delivery = EngagementRecommendations['delivery'];

/** The channels an action can take for this customer: the CRM's when they have a contact there, else an owner task. */
export function channelsFor(delivery: Delivery): Channel[] {
  if (!delivery.crm_contact) return ['owner_task'];
  return delivery.workflows.length > 0 ? ['crm_tag', 'crm_task', 'crm_workflow'] : ['crm_tag', 'crm_task'];
}

type Props = {
  customerId: string;
  recommendation: EngagementRecommendation;
  delivery: Delivery;
  implement: Permission;
};

/** One recommendation: why it is offered, its steps, and Implement Action through the chosen channel. */
export function RecommendationCard({ customerId, recommendation: rec, delivery, implement }: Props) {
  const channels = channelsFor(delivery);
  const [channel, setChannel] = useState<Channel>(channels[0]!);
  const [workflowId, setWorkflowId] = useState(delivery.workflows[0]?.id ?? '');
  const action = useCreateCustomerAction(customerId);
  const channelId = useId();
  const workflowSelectId = useId();
  const run = () =>
    action.mutate({
      type: rec.type,
      title: rec.title,
      channel,
      ...(channel === 'crm_workflow' ? { workflow_id: workflowId } : {}),
      ...(channel === 'crm_tag' ? { tag: rec.type } : {}),
      implementation_steps: rec.implementation_steps,
    });
  return (
    <article aria-label={rec.title} className="space-y-2 rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-medium text-indigo-800">
          {words(rec.type)}
        </span>
        <h3 className="font-semibold text-slate-900">{rec.title}</h3>
      </div>
      <p className="text-sm text-slate-700">{rec.description}</p>
      <p className="text-sm text-slate-600">
        <span className="font-medium text-slate-800">Why: </span>
        {rec.because}
      </p>
      <p className="text-sm text-slate-600">
        <span className="font-medium text-slate-800">Expected impact: </span>
        {rec.expected_impact}
      </p>
      {rec.implementation_steps.length > 0 && (
        <ol aria-label="Implementation steps" className="list-decimal pl-5 text-sm text-slate-700">
          {rec.implementation_steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      )}
      {action.data ? (
        <ActionStatus action={action.data} />
      ) : implement.allowed ? (
        <div className="flex flex-wrap items-end gap-2">
          {channels.length > 1 ? (
            <div>
              <label htmlFor={channelId} className="mb-1 block text-xs font-medium text-slate-600">
                Deliver by
              </label>
              <select
                id={channelId}
                value={channel}
                onChange={(event) => setChannel(event.target.value as Channel)}
                className={inputClass}
              >
                {channels.map((c) => (
                  <option key={c} value={c}>
                    {CHANNEL_LABELS[c]}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <p className="text-xs text-slate-600">Delivered as: {CHANNEL_LABELS[channel]}</p>
          )}
          {channel === 'crm_workflow' && (
            <div>
              <label htmlFor={workflowSelectId} className="mb-1 block text-xs font-medium text-slate-600">
                Workflow
              </label>
              <select
                id={workflowSelectId}
                value={workflowId}
                onChange={(event) => setWorkflowId(event.target.value)}
                className={inputClass}
              >
                {delivery.workflows.map((w) => (
                  <option key={w.id} value={w.id}>
                    {w.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <Button busy={action.isPending} onClick={run}>
            Implement Action
          </Button>
        </div>
      ) : (
        <p className="text-xs text-slate-500">{implement.reason}</p>
      )}
      {action.isError && <Alert tone="error">{IMPLEMENT_FAILED}</Alert>}
    </article>
  );
}
