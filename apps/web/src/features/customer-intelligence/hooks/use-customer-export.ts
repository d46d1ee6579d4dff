import { CUSTOMER_MAX_PAGE_SIZE, type Customer } from '@ri/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useBusinessId } from '../../../lib/business-id';
import { type CustomerListInput, getCustomerProfiles } from '../api/customer-intelligence-api';
import { downloadCustomersCsv } from '../lib/customer-export';
import type { ProfileFilter } from './use-customer-filters';

export type ExportProgress = { done: number; total: number };

/**
 * Export Analysis: reads the whole filtered list afresh, 200 customers a request, and downloads it as CSV;
 * `progress` says how many have been read so far.
 */
export function useCustomerExport(query: CustomerListInput, profile: ProfileFilter) {
  const businessId = useBusinessId();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const mutation = useMutation({
    mutationFn: async () => {
      const customers: Customer[] = [];
      let page = 1;
      setProgress({ done: 0, total: 0 });
      try {
        for (;;) {
          const reply = await getCustomerProfiles(businessId, { ...query, page, limit: CUSTOMER_MAX_PAGE_SIZE });
          customers.push(...reply.customers);
          setProgress({ done: customers.length, total: reply.total });
          if (!reply.pagination.has_next || reply.customers.length === 0) break;
          page += 1;
        }
        downloadCustomersCsv(customers, profile);
      } finally {
        setProgress(null);
      }
    },
  });
  return { ...mutation, progress };
}
