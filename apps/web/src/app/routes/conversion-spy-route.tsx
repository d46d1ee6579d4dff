import { API } from '@ri/contracts';
import { ConversionSpyScreen } from '../../features/conversion-spy/components/conversion-spy-screen';
import { REFIT_DENIALS } from '../../features/conversion-spy/lib/refit-denials';
import { usePermission } from './use-permission';

/** The Conversion Spy Engine, told whether the current business may refit its readiness model. */
export function ConversionSpyRoute() {
  return <ConversionSpyScreen refit={usePermission(API.refitReadinessModel, REFIT_DENIALS)} />;
}
