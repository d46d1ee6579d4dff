import { API } from '@ri/contracts';
import { ConversionSpyScreen } from '../../features/conversion-spy/components/conversion-spy-screen';
import { ReadinessModelPanel } from '../../features/readiness-model/components/readiness-model-panel';
import { REFIT_DENIALS } from '../../features/readiness-model/lib/refit-denials';
import { usePermission } from './use-permission';

/**
 * The Conversion Spy Engine: the live sessions screen with the readiness model's panel in its slot,
 * told whether the current business may refit its model.
 */
export function ConversionSpyRoute() {
  const refit = usePermission(API.refitReadinessModel, REFIT_DENIALS);
  return <ConversionSpyScreen readinessModel={<ReadinessModelPanel refit={refit} />} />;
}
