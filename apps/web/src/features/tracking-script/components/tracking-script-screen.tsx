import { PageHeader } from '../../../components/ui/panel';
import type { Permission } from '../../../lib/can';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { type ExtraTab, TrackingScriptPanel } from './tracking-script-panel';

/** /tracking-script: generate, install and verify the snippet that records visitor behaviour. */
export function TrackingScriptScreen({ edit, extraTabs }: { edit: Permission; extraTabs?: ExtraTab[] }) {
  useDocumentTitle('Tracking Script Setup');
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Tracking Script Setup" />
      <TrackingScriptPanel edit={edit} extraTabs={extraTabs} />
    </div>
  );
}
