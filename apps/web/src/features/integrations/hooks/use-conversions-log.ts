import type { ConversionsApiSettingsBody } from '@ri/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import { conversionsLogQueryOptions, updateConversionsSettings } from '../api/conversions-api';
import { integrationsQueryOptions } from '../api/integrations-api';

/** The Conversions API send log of an integration, loaded while `enabled` (the panel is open). */
export function useConversionsLog(integrationId: string, enabled: boolean) {
  const businessId = useBusinessId();
  return useQuery({ ...conversionsLogQueryOptions(businessId, integrationId), enabled });
}

/** Changes the switches; the log (which shows them) and the integration list are then stale. */
export function useConversionsSettings(integrationId: string) {
  const businessId = useBusinessId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConversionsApiSettingsBody) => updateConversionsSettings(businessId, integrationId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: conversionsLogQueryOptions(businessId, integrationId).queryKey }),
        queryClient.invalidateQueries({ queryKey: integrationsQueryOptions(businessId).queryKey }),
      ]),
  });
}
