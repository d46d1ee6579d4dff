import { Tabs } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { tabListClass, tabTriggerClass } from '../../../components/ui/tab-styles';
import { getErrorMessage } from '../../../lib/api-error';
import { useTrackingScript } from '../hooks/use-tracking-script';
import { GetScriptTab } from './get-script-tab';
import { InstructionsTab } from './instructions-tab';
import type { ScriptAccess } from './script-access';
import { ScriptError } from './script-error';
import { TestVerifyTab } from './test-verify-tab';

type TabId = 'get-script' | 'instructions' | 'test' | (string & {});

/** A tab that another feature adds after these (app/ composes it, since features do not import each other). */
export type ExtraTab = { id: string; label: string; content: ReactNode };

/** Get Script, Instructions and Test & Verify: the tracking script page, also a tab of Integrations. */
export function TrackingScriptPanel({ access, extraTabs = [] }: { access: ScriptAccess; extraTabs?: ExtraTab[] }) {
  const { data, isPending, isError, error, refetch, isFetching } = useTrackingScript();
  const [tab, setTab] = useState<TabId>('get-script');
  // A tab mounts when first opened and then stays (hidden when inactive), so unsaved settings and the
  // last test result survive a switch, and the setup figures load only once someone looks at them.
  const [opened, setOpened] = useState<ReadonlySet<TabId>>(() => new Set(['get-script']));
  const open = (value: string) => {
    const next = value as TabId;
    setTab(next);
    setOpened((current) => new Set(current).add(next));
  };

  if (isPending) return <Spinner label="Loading tracking script..." />;
  if (isError) {
    return (
      <ScriptError
        message={getErrorMessage(error, 'Failed to generate tracking script')}
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  }

  return (
    <Tabs.Root value={tab} onValueChange={open}>
      <Tabs.List aria-label="Tracking script" className={tabListClass}>
        <Tabs.Trigger value="get-script" className={tabTriggerClass}>
          Get Script
        </Tabs.Trigger>
        <Tabs.Trigger value="instructions" className={tabTriggerClass}>
          Instructions
        </Tabs.Trigger>
        <Tabs.Trigger value="test" className={tabTriggerClass}>
          Test &amp; Verify
        </Tabs.Trigger>
        {extraTabs.map((extra) => (
          <Tabs.Trigger key={extra.id} value={extra.id} className={tabTriggerClass}>
            {extra.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="get-script" forceMount hidden={tab !== 'get-script'} className="outline-none">
        {opened.has('get-script') && <GetScriptTab config={data} access={access} />}
      </Tabs.Content>
      <Tabs.Content value="instructions" forceMount hidden={tab !== 'instructions'} className="outline-none">
        {opened.has('instructions') && <InstructionsTab />}
      </Tabs.Content>
      <Tabs.Content value="test" forceMount hidden={tab !== 'test'} className="outline-none">
        {opened.has('test') && <TestVerifyTab key={data?.trackingId ?? 'none'} config={data} />}
      </Tabs.Content>
      {extraTabs.map((extra) => (
        <Tabs.Content key={extra.id} value={extra.id} forceMount hidden={tab !== extra.id} className="outline-none">
          {opened.has(extra.id) && extra.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
