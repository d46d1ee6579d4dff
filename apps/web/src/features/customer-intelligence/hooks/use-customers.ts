import { useQuery } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import {
  type CustomerListInput,
  customerActionsQueryOptions,
  customerDetailQueryOptions,
  customerInsightsQueryOptions,
  customerListQueryOptions,
  customerSegmentsQueryOptions,
  engagementRecommendationsQueryOptions,
} from '../api/customer-intelligence-api';

export function useCustomerList(query: CustomerListInput) {
  return useQuery(customerListQueryOptions(useBusinessId(), query));
}

export function useCustomerDetail(id: string) {
  return useQuery(customerDetailQueryOptions(useBusinessId(), id));
}

export function useCustomerSegments() {
  return useQuery(customerSegmentsQueryOptions(useBusinessId()));
}

export function useCustomerInsights() {
  return useQuery(customerInsightsQueryOptions(useBusinessId()));
}

export function useEngagementRecommendations(id: string) {
  return useQuery(engagementRecommendationsQueryOptions(useBusinessId(), id));
}

export function useCustomerActions(id: string) {
  return useQuery(customerActionsQueryOptions(useBusinessId(), id));
}
