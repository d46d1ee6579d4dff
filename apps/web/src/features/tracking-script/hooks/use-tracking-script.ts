import { useQuery } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import { trackingScriptQueryOptions } from '../api/tracking-script-api';

export function useTrackingScript() {
  return useQuery(trackingScriptQueryOptions(useBusinessId()));
}
