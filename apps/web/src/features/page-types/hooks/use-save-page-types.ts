import type { PutPageTypeRulesBody } from '@ri/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import { pageTypesQueryOptions, putPageTypes } from '../api/page-types-api';

/** Saves the rule set; the answer is the new rules and pages, so it replaces the cached read. */
export function useSavePageTypes() {
  const queryClient = useQueryClient();
  const businessId = useBusinessId();
  return useMutation({
    mutationFn: (body: PutPageTypeRulesBody) => putPageTypes(businessId, body),
    onSuccess: (data) => queryClient.setQueryData(pageTypesQueryOptions(businessId).queryKey, data),
  });
}
