import { useQuery } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import { pageTypesQueryOptions } from '../api/page-types-api';

export function usePageTypes() {
  return useQuery(pageTypesQueryOptions(useBusinessId()));
}
