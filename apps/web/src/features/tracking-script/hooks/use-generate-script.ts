import type { GenerateScriptBody } from '@ri/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import { generateScript, trackingScriptQueryOptions, validateSetupQueryOptions } from '../api/tracking-script-api';

/** Creates or updates the script; the answer is the new configuration, so it replaces the cached one. */
export function useGenerateScript() {
  const queryClient = useQueryClient();
  const businessId = useBusinessId();
  return useMutation({
    mutationFn: (body: GenerateScriptBody) => generateScript(businessId, body),
    onSuccess: (config) => {
      queryClient.setQueryData(trackingScriptQueryOptions(businessId).queryKey, config);
      void queryClient.invalidateQueries({ queryKey: validateSetupQueryOptions(businessId).queryKey });
    },
  });
}
