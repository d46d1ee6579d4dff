import { useQuery } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import { validateSetupQueryOptions } from '../api/tracking-script-api';

export function useValidateSetup() {
  return useQuery(validateSetupQueryOptions(useBusinessId()));
}
