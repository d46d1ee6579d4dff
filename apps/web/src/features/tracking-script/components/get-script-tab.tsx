import type { TrackingConfig } from '@ri/contracts';
import { Alert } from '../../../components/ui/alert';
import { Panel } from '../../../components/ui/panel';
import type { Permission } from '../../../lib/can';
import { ScriptForm } from './script-form';
import { SnippetBlock } from './snippet-block';

type Props = { config: TrackingConfig | null; edit: Permission };

/** The snippet when there is one, and the settings that shape it. */
export function GetScriptTab({ config, edit }: Props) {
  return (
    <div className="space-y-4">
      {config === null && (
        <Alert tone="info">
          <p className="font-medium">This business has no tracking script yet.</p>
          <p>
            {edit.allowed
              ? 'Choose what to record (the defaults suit most sites) and select Generate Script. You get a tracking ID and a snippet to paste into every page of your website.'
              : edit.reason}
          </p>
        </Alert>
      )}
      {config !== null && !edit.allowed && <Alert tone="info">{edit.reason}</Alert>}
      {config && (
        <Panel>
          <h2 className="sr-only">Your snippet</h2>
          <SnippetBlock config={config} />
        </Panel>
      )}
      <Panel>
        <h2 className="mb-4 text-lg font-semibold text-slate-900">Settings</h2>
        <ScriptForm config={config} canEdit={edit.allowed} />
      </Panel>
    </div>
  );
}
