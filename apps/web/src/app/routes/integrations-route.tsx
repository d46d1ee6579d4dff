import { API } from '@ri/contracts';
import { PageHeader } from '../../components/ui/panel';
import { TabList, TabPanel, Tabs, TabTrigger } from '../../components/ui/tabs';
import { PlaceholderPanel } from '../../features/placeholder/components/placeholder-panel';
import { PLACEHOLDER_SCREENS } from '../../features/placeholder/lib/screens';
import { TrackingScriptPanel } from '../../features/tracking-script/components/tracking-script-panel';
import { SCRIPT_DENIALS } from '../../features/tracking-script/lib/script-denials';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePermission } from './use-permission';

/** /integrations: platform connections (not built yet) and the tracking script as a second tab. */
export function IntegrationsRoute() {
  const { title, about } = PLACEHOLDER_SCREENS.integrations;
  useDocumentTitle(title);
  const edit = usePermission(API.generateTrackingScript, SCRIPT_DENIALS);

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
          <TrackingScriptPanel edit={edit} />
        </TabPanel>
      </Tabs>
    </div>
  );
}
