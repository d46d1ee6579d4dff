import { FlaskConical, MousePointerClick } from 'lucide-react';
import { TrackingSetupLink } from '../../../components/domain/tracking-setup-link';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorPanel, type LoadErrorProps } from '../../../components/ui/load-error-panel';

export const LOAD_FAILED = 'Failed to load Digital Body Language™ data';

/** Spec: a load error whose text mentions Demo Mode is a notice about the workspace, not a failure. */
export const isDemoModeMessage = (message: string) => message.includes('Demo Mode');

export function DemoModeBanner({ message }: { message: string }) {
  return (
    <div
      role="status"
      className="flex gap-3 rounded-xl border border-violet-200 bg-violet-50 px-4 py-3 text-sm text-violet-900"
    >
      <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">Demo Mode</p>
        <p className="mt-0.5">{message}</p>
      </div>
    </div>
  );
}

export function SpyErrorState(props: LoadErrorProps) {
  return <LoadErrorPanel title="Unable to load live sessions" {...props} />;
}

/** No sessions in the window: most often the tracking script is not on the website yet. */
export function SpyEmptyState({ windowText }: { windowText: string }) {
  return (
    <EmptyState icon={MousePointerClick} title="No visitor sessions yet" action={<TrackingSetupLink />}>
      No sessions were recorded in {windowText}. Sessions appear here, scored as visitors act, within seconds of someone
      visiting a page that carries the tracking script. Try a longer time frame, or check the script.
    </EmptyState>
  );
}
