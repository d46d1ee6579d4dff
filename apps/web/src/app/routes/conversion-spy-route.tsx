import { useCurrentBusiness } from '../../features/business/hooks/use-current-business';
import { ConversionSpyScreen } from '../../features/conversion-spy/components/conversion-spy-screen';
import { getReadinessModelAccess } from '../../features/conversion-spy/components/readiness-model-access';

/** The Conversion Spy Engine, told whether the current business may refit its readiness model. */
export function ConversionSpyRoute() {
  const { business } = useCurrentBusiness();
  return <ConversionSpyScreen modelAccess={getReadinessModelAccess(business)} />;
}
