import { PageHeader } from '../../components/ui/panel';
import { TabList, TabPanel, Tabs, TabTrigger } from '../../components/ui/tabs';
import { PlaceholderPanel } from '../../features/placeholder/components/placeholder-panel';
import { PLACEHOLDER_SCREENS } from '../../features/placeholder/lib/screens';
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
      <Tabs defaultValue="platforms">
        <TabList aria-label="Integrations">
          <TabTrigger value="platforms">Platforms</TabTrigger>
          <TabTrigger value="tracking-script">Tracking Script</TabTrigger>
        </TabList>
        <TabPanel value="platforms">
          <PlaceholderPanel about={about} />
        </TabPanel>
        <TabPanel value="tracking-script">
          <TrackingScriptPanel access={access} />
        </TabPanel>
      </Tabs>
    </div>
  );
}
