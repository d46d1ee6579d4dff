import { API } from '@ri/contracts';
import { AdIntelligenceScreen } from '../../features/ad-intelligence/components/ad-intelligence-screen';
import { AD_OPTIMIZATION_DENIALS } from '../../features/ad-intelligence/lib/ad-denials';
import { usePermission } from './use-permission';

/** /ad-intelligence: the screen, told whether the person's role on the business lets them implement optimisations. */
export function AdIntelligenceRoute() {
  const implement = usePermission(API.implementAdOptimization, AD_OPTIMIZATION_DENIALS);
  return <AdIntelligenceScreen implement={implement} />;
}
