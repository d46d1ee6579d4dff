import { Tabs } from 'radix-ui';
import { PageHeader } from '../../components/ui/panel';
import { tabListClass, tabTriggerClass } from '../../components/ui/tab-styles';
import { PlaceholderPanel } from '../../features/placeholder/components/placeholder-panel';
import { PLACEHOLDER_SCREENS } from '../../features/placeholder/components/screens';
import { TrackingScriptPanel } from '../../features/tracking-script/components/tracking-script-panel';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useScriptAccess } from './use-script-access';

/** /integrations: platform connections (not built yet) and the tracking script as a second tab. */
export function IntegrationsRoute() {
  const { title, about } = PLACEHOLDER_SCREENS.integrations;
  useDocumentTitle(title);
  const access = useScriptAccess();

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={title} />
      <Tabs.Root defaultValue="platforms">
        <Tabs.List aria-label="Integrations" className={tabListClass}>
          <Tabs.Trigger value="platforms" className={tabTriggerClass}>
            Platforms
          </Tabs.Trigger>
          <Tabs.Trigger value="tracking-script" className={tabTriggerClass}>
            Tracking Script
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="platforms" className="outline-none">
          <PlaceholderPanel about={about} />
        </Tabs.Content>
        <Tabs.Content value="tracking-script" className="outline-none">
          <TrackingScriptPanel access={access} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
