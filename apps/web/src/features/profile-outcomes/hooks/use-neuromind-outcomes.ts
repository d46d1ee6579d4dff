import { useQuery } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import { neuromindOutcomesQueryOptions } from '../api/profile-outcomes-api';

export function useNeuromindOutcomes() {
  return useQuery(neuromindOutcomesQueryOptions(useBusinessId()));
}
