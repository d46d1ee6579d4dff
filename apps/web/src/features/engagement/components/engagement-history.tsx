import { formatDateTime } from '../../../lib/format';
import { useEngagementActions } from '../hooks/use-engagement-actions';
import { actionStatusText } from './action-status';

/** The actions recorded for one session, newest first, each with its status and reason; nothing when none. */
export function EngagementHistory({ sessionId }: { sessionId: string }) {
  const { data } = useEngagementActions({ session_id: sessionId });
  if (!data || data.actions.length === 0) return null;
  return (
    <section>
      <h3 className="text-sm font-semibold text-slate-900">Engagement history</h3>
      <ul className="mt-1 space-y-1 text-sm text-slate-700">
        {data.actions.map((action) => (
          <li key={action.id}>
            {formatDateTime(action.created_at)}: {action.title} · {actionStatusText(action.status)}
            <span className="block text-xs text-slate-500">{action.status_detail}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
