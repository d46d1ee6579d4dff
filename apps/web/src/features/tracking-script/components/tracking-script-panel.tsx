import { type ReactNode, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { TabList, TabPanel, Tabs, TabTrigger } from '../../../components/ui/tabs';
import { getErrorMessage } from '../../../lib/api-error';
import type { Permission } from '../../../lib/can';
import { useTrackingScript } from '../hooks/use-tracking-script';
import { GetScriptTab } from './get-script-tab';
import { InstructionsTab } from './instructions-tab';
import { ScriptError } from './script-error';
import { TestVerifyTab } from './test-verify-tab';

type TabId = 'get-script' | 'instructions' | 'test' | (string & {});

/** A tab that another feature adds after these (app/ composes it, since features do not import each other). */
export type ExtraTab = { id: string; label: string; content: ReactNode };

/** Get Script, Instructions and Test & Verify: the tracking script page, also a tab of Integrations. */
export function TrackingScriptPanel({ edit, extraTabs = [] }: { edit: Permission; extraTabs?: ExtraTab[] }) {
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
    <Tabs value={tab} onValueChange={open}>
      <TabList aria-label="Tracking script">
        <TabTrigger value="get-script">Get Script</TabTrigger>
        <TabTrigger value="instructions">Instructions</TabTrigger>
        <TabTrigger value="test">Test &amp; Verify</TabTrigger>
        {extraTabs.map((extra) => (
          <TabTrigger key={extra.id} value={extra.id}>
            {extra.label}
          </TabTrigger>
        ))}
      </TabList>
      <TabPanel value="get-script" forceMount hidden={tab !== 'get-script'}>
        {opened.has('get-script') && <GetScriptTab config={data} edit={edit} />}
      </TabPanel>
      <TabPanel value="instructions" forceMount hidden={tab !== 'instructions'}>
        {opened.has('instructions') && <InstructionsTab />}
      </TabPanel>
      <TabPanel value="test" forceMount hidden={tab !== 'test'}>
        {opened.has('test') && <TestVerifyTab key={data?.trackingId ?? 'none'} config={data} />}
      </TabPanel>
      {extraTabs.map((extra) => (
        <TabPanel key={extra.id} value={extra.id} forceMount hidden={tab !== extra.id}>
          {opened.has(extra.id) && extra.content}
        </TabPanel>
      ))}
    </Tabs>
  );
}
