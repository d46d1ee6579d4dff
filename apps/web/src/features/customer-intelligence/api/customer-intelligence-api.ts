import { API, type CustomerActionBody, type CustomerListQuery, type SegmentBody } from '@ri/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { businessKey } from '../../../lib/query-keys';

/** Customers change when profiles are rebuilt or actions recorded; a visit a minute later may ask again. */
const CUSTOMER_STALE_MS = 60_000;

/** What the Customer Profiles table asks for: a page, its size and the filters. */
export type CustomerListInput = Partial<
  Pick<CustomerListQuery, 'page' | 'profile_type' | 'segment_id' | 'min_readiness_score' | 'max_churn_risk'>
> & { limit: number };

export const getCustomerProfiles = (businessId: string | null, query: CustomerListInput) =>
  callEndpoint(API.getCustomerProfiles, { businessId, query });

export const getCustomerProfile = (businessId: string | null, id: string) =>
  callEndpoint(API.getCustomerProfile, { businessId, params: { id } });

/** Confirm two records are one person, or undo a merge; the server rebuilds the profiles at once. */
export const linkCustomerRecords = (
  businessId: string | null,
  body: { record_a: string; record_b: string; kind: 'same_person' | 'not_same_person' },
) => callEndpoint(API.linkCustomerRecords, { businessId, body });

export const getCustomerSegments = (businessId: string | null) => callEndpoint(API.getCustomerSegments, { businessId });

export const createCustomerSegment = (businessId: string | null, body: SegmentBody) =>
  callEndpoint(API.createCustomerSegment, { businessId, body });

export const updateCustomerSegment = (businessId: string | null, id: string, body: SegmentBody) =>
  callEndpoint(API.updateCustomerSegment, { businessId, params: { id }, body });

export const deleteCustomerSegment = (businessId: string | null, id: string) =>
  callEndpoint(API.deleteCustomerSegment, { businessId, params: { id } });

export const getCustomerInsights = (businessId: string | null) => callEndpoint(API.getCustomerInsights, { businessId });

export const getEngagementRecommendations = (businessId: string | null, id: string) =>
  callEndpoint(API.getEngagementRecommendations, { businessId, params: { id } });

export const createCustomerAction = (businessId: string | null, id: string, body: CustomerActionBody) =>
  callEndpoint(API.createCustomerAction, { businessId, params: { id }, body });

export const getCustomerActions = (businessId: string | null, id: string) =>
  callEndpoint(API.getCustomerActions, { businessId, params: { id } });

/** Refresh Segments: the spec's call always forces a rebuild. */
export const generateNeuromindProfiles = (businessId: string | null) =>
  callEndpoint(API.generateNeuromindProfiles, { businessId, query: { force_regenerate: 'true' } });

export const getTaskStatus = (businessId: string | null, taskId: string) =>
  callEndpoint(API.getTaskStatus, { businessId, params: { id: taskId } });

export const customerListQueryOptions = (businessId: string | null, query: CustomerListInput) =>
  queryOptions({
    queryKey: businessKey(API.getCustomerProfiles, businessId, query),
    queryFn: () => getCustomerProfiles(businessId, query),
    staleTime: CUSTOMER_STALE_MS,
    // A new page or filter keeps the previous rows on screen, dimmed, until its own arrive.
    placeholderData: keepPreviousData,
  });

export const customerDetailQueryOptions = (businessId: string | null, id: string) =>
  queryOptions({
    queryKey: businessKey(API.getCustomerProfile, businessId, id),
    queryFn: () => getCustomerProfile(businessId, id),
    staleTime: CUSTOMER_STALE_MS,
  });

export const customerSegmentsQueryOptions = (businessId: string | null) =>
  queryOptions({
    queryKey: businessKey(API.getCustomerSegments, businessId),
    queryFn: () => getCustomerSegments(businessId),
    staleTime: CUSTOMER_STALE_MS,
  });

export const customerInsightsQueryOptions = (businessId: string | null) =>
  queryOptions({
    queryKey: businessKey(API.getCustomerInsights, businessId),
    queryFn: () => getCustomerInsights(businessId),
    staleTime: CUSTOMER_STALE_MS,
  });

export const engagementRecommendationsQueryOptions = (businessId: string | null, id: string) =>
  queryOptions({
    queryKey: businessKey(API.getEngagementRecommendations, businessId, id),
    queryFn: () => getEngagementRecommendations(businessId, id),
    staleTime: 0,
  });

export const customerActionsQueryOptions = (businessId: string | null, id: string) =>
  queryOptions({
    queryKey: businessKey(API.getCustomerActions, businessId, id),
    queryFn: () => getCustomerActions(businessId, id),
    staleTime: 0,
  });

/** What a segment change makes stale: the segments and the lists they filter. */
export const segmentStaleKeys = (businessId: string | null) => [
  businessKey(API.getCustomerSegments, businessId),
  businessKey(API.getCustomerProfiles, businessId),
];

/** What a recorded action makes stale: the customer's actions and timeline. */
export const actionStaleKeys = (businessId: string | null) => [
  businessKey(API.getCustomerActions, businessId),
  businessKey(API.getCustomerProfile, businessId),
];

/** What rebuilt profiles make stale: everything the screen reads. */
export const profileStaleKeys = (businessId: string | null) => [
  businessKey(API.getCustomerProfiles, businessId),
  businessKey(API.getCustomerProfile, businessId),
  businessKey(API.getCustomerSegments, businessId),
  businessKey(API.getCustomerInsights, businessId),
  businessKey(API.getEngagementRecommendations, businessId),
];
