import type { CustomerActionBody, SegmentBody } from '@ri/contracts';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import {
  actionStaleKeys,
  createCustomerAction,
  createCustomerSegment,
  deleteCustomerSegment,
  linkCustomerRecords,
  profileStaleKeys,
  segmentStaleKeys,
  updateCustomerSegment,
} from '../api/customer-intelligence-api';

function useInvalidate(keys: (businessId: string | null) => readonly QueryKey[]) {
  const queryClient = useQueryClient();
  const businessId = useBusinessId();
  return () => Promise.all(keys(businessId).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Create Segment: saves the rules; the segments and lists reload. */
export function useCreateSegment() {
  const businessId = useBusinessId();
  const invalidate = useInvalidate(segmentStaleKeys);
  return useMutation({
    mutationFn: (body: SegmentBody) => createCustomerSegment(businessId, body),
    onSuccess: invalidate,
  });
}

export function useUpdateSegment() {
  const businessId = useBusinessId();
  const invalidate = useInvalidate(segmentStaleKeys);
  return useMutation({
    mutationFn: (input: { id: string; body: SegmentBody }) => updateCustomerSegment(businessId, input.id, input.body),
    onSuccess: invalidate,
  });
}

export function useDeleteSegment() {
  const businessId = useBusinessId();
  const invalidate = useInvalidate(segmentStaleKeys);
  return useMutation({
    mutationFn: (id: string) => deleteCustomerSegment(businessId, id),
    onSuccess: invalidate,
  });
}

/** Implement Action: the server tags, tasks or enrols the customer in the CRM, or records an owner task. */
export function useCreateCustomerAction(customerId: string) {
  const businessId = useBusinessId();
  const invalidate = useInvalidate(actionStaleKeys);
  return useMutation({
    mutationFn: (body: CustomerActionBody) => createCustomerAction(businessId, customerId, body),
    onSuccess: invalidate,
  });
}

/** Not the same person: undoes a merge; every customer figure may change, so the screen's reads reload. */
export function useUnmergeRecords() {
  const businessId = useBusinessId();
  const invalidate = useInvalidate(profileStaleKeys);
  return useMutation({
    mutationFn: (pair: { a: string; b: string }) =>
      linkCustomerRecords(businessId, { record_a: pair.a, record_b: pair.b, kind: 'not_same_person' }),
    onSuccess: invalidate,
  });
}
