import { MousePointerClick } from 'lucide-react';
import { TrackingSetupLink } from '../../../components/domain/tracking-setup-link';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorPanel, type LoadErrorProps } from '../../../components/ui/load-error-panel';

export function AdminErrorState(props: LoadErrorProps) {
  return <LoadErrorPanel title="Unable to load session data" {...props} />;
}

/** No sessions in the chosen range and status: most often the script is not installed yet. */
export function AdminEmptyState({ windowText, filtered }: { windowText: string; filtered: boolean }) {
  return (
    <EmptyState icon={MousePointerClick} title="No sessions recorded yet" action={<TrackingSetupLink />}>
      {filtered
        ? `No sessions with this status were recorded in ${windowText}. Try another status or a longer time range.`
        : `No visitor sessions were recorded in ${windowText}. Sessions appear here within seconds once the tracking script is on your website and people visit it.`}
    </EmptyState>
  );
}
