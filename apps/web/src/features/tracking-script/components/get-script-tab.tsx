import type { TrackingConfig } from '@ri/contracts';
import { Alert } from '../../../components/ui/alert';
import { Panel } from '../../../components/ui/panel';
import type { ScriptAccess } from './script-access';
import { ScriptForm } from './script-form';
import { SnippetBlock } from './snippet-block';

type Props = { config: TrackingConfig | null; access: ScriptAccess };

/** The snippet when there is one, and the settings that shape it. */
export function GetScriptTab({ config, access }: Props) {
  return (
    <div className="space-y-4">
      {config === null && (
        <Alert tone="info">
          <p className="font-medium">This business has no tracking script yet.</p>
          <p>
            {access.canEdit
              ? 'Choose what to record (the defaults suit most sites) and select Generate Script. You get a tracking ID and a snippet to paste into every page of your website.'
              : access.readOnlyReason}
          </p>
        </Alert>
      )}
      {config !== null && !access.canEdit && <Alert tone="info">{access.readOnlyReason}</Alert>}
      {config && (
        <Panel>
          <h2 className="sr-only">Your snippet</h2>
          <SnippetBlock config={config} />
        </Panel>
      )}
      <Panel>
        <h2 className="mb-4 text-lg font-semibold text-slate-900">Settings</h2>
        <ScriptForm config={config} canEdit={access.canEdit} />
      </Panel>
    </div>
  );
}
