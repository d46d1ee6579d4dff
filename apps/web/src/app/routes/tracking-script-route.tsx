import { useCurrentBusiness } from '../../features/business/hooks/use-current-business';
import { getPageTypesAccess } from '../../features/page-types/components/page-types-access';
import { PageTypesSection } from '../../features/page-types/components/page-types-section';
import { TrackingScriptScreen } from '../../features/tracking-script/components/tracking-script-screen';
import { useScriptAccess } from './use-script-access';

export function TrackingScriptRoute() {
  const { business } = useCurrentBusiness();
  const pageTypes = {
    id: 'page-types',
    label: 'Page Types',
    content: <PageTypesSection access={getPageTypesAccess(business)} />,
  };
  return <TrackingScriptScreen access={useScriptAccess()} extraTabs={[pageTypes]} />;
}
