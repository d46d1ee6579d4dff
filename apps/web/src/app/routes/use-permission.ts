import type { Endpoint } from '@ri/contracts';
import { useCurrentBusiness } from '../../features/business/hooks/use-current-business';
import { can, type DenialTexts, type Permission, toPermission } from '../../lib/can';

/** Whether the person may call `endpoint` on the current business, in the words of the screen that asks. */
export function usePermission(endpoint: Endpoint, texts: DenialTexts): Permission {
  const { business } = useCurrentBusiness();
  return toPermission(can(business, endpoint), texts);
}
