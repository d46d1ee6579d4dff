import { PageHeader } from '../../../components/ui/panel';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { ScriptAccess } from './script-access';
import { type ExtraTab, TrackingScriptPanel } from './tracking-script-panel';

/** /tracking-script: generate, install and verify the snippet that records visitor behaviour. */
export function TrackingScriptScreen({ access, extraTabs }: { access: ScriptAccess; extraTabs?: ExtraTab[] }) {
  useDocumentTitle('Tracking Script Setup');
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Tracking Script Setup" />
      <TrackingScriptPanel access={access} extraTabs={extraTabs} />
    </div>
  );
}
