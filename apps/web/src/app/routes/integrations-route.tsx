import { API } from '@ri/contracts';
import { PageHeader } from '../../components/ui/panel';
import { TabList, TabPanel, Tabs, TabTrigger } from '../../components/ui/tabs';
import { IntegrationsScreen } from '../../features/integrations/components/integrations-screen';
import { INTEGRATION_DENIALS } from '../../features/integrations/lib/integration-denials';
import { TrackingScriptPanel } from '../../features/tracking-script/components/tracking-script-panel';
import { SCRIPT_DENIALS } from '../../features/tracking-script/lib/script-denials';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePermission } from './use-permission';

const TITLE = 'Platform Integrations';

/** /integrations: the platform connections and, on a second tab, the tracking script. */
export function IntegrationsRoute() {
  useDocumentTitle(TITLE);
  const edit = usePermission(API.generateTrackingScript, SCRIPT_DENIALS);
  const permissions = {
    connect: usePermission(API.saveStripeCredentials, INTEGRATION_DENIALS),
    sync: usePermission(API.triggerIntegrationSync, INTEGRATION_DENIALS),
    disconnect: usePermission(API.deleteIntegration, INTEGRATION_DENIALS),
  };

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={TITLE} />
      <Tabs defaultValue="platforms">
        <TabList aria-label="Integrations">
          <TabTrigger value="platforms">Platform Integrations</TabTrigger>
          <TabTrigger value="tracking-script">Tracking Script</TabTrigger>
        </TabList>
        <TabPanel value="platforms">
          <IntegrationsScreen permissions={permissions} />
        </TabPanel>
        <TabPanel value="tracking-script">
          <TrackingScriptPanel edit={edit} />
        </TabPanel>
      </Tabs>
    </div>
  );
}
