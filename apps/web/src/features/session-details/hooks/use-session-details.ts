import { useQuery } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import {
  neuromindProfileQueryOptions,
  readinessScoreQueryOptions,
  sessionJourneyQueryOptions,
} from '../api/session-details-api';

/** The Details modal's reads: the recorded journey, and why the session scored and profiled as it did. */
export function useSessionJourney(sessionId: string) {
  return useQuery(sessionJourneyQueryOptions(useBusinessId(), sessionId));
}

export function useReadinessScore(sessionId: string) {
  return useQuery(readinessScoreQueryOptions(useBusinessId(), sessionId));
}

export function useNeuromindProfile(sessionId: string) {
  return useQuery(neuromindProfileQueryOptions(useBusinessId(), sessionId));
}
