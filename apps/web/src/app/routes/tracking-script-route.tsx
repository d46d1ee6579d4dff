import { API } from '@ri/contracts';
import { PageTypesSection } from '../../features/page-types/components/page-types-section';
import { PAGE_TYPES_DENIALS } from '../../features/page-types/lib/page-types-denials';
import { TrackingScriptScreen } from '../../features/tracking-script/components/tracking-script-screen';
import { SCRIPT_DENIALS } from '../../features/tracking-script/lib/script-denials';
import { usePermission } from './use-permission';

/** The Tracking Script screen, with the Page Types tab, each told what the person may change. */
export function TrackingScriptRoute() {
  const pageTypes = {
    id: 'page-types',
    label: 'Page Types',
    content: <PageTypesSection edit={usePermission(API.putPageTypes, PAGE_TYPES_DENIALS)} />,
  };
  return (
    <TrackingScriptScreen edit={usePermission(API.generateTrackingScript, SCRIPT_DENIALS)} extraTabs={[pageTypes]} />
  );
}
