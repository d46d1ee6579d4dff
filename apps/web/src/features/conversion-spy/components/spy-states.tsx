import { MousePointerClick } from 'lucide-react';
import { TrackingSetupLink } from '../../../components/domain/tracking-setup-link';
import { EmptyState } from '../../../components/ui/empty-state';

export { DemoModeBanner, isDemoModeMessage } from '../../../components/ui/demo-mode-banner';

import { LoadErrorPanel, type LoadErrorProps } from '../../../components/ui/load-error-panel';

export const LOAD_FAILED = 'Failed to load Digital Body Language™ data';

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
