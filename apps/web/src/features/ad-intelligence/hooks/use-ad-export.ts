import { useMutation } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import { type AdFilters, getCampaignPerformance } from '../api/ad-intelligence-api';
import { downloadCampaignsCsv } from '../lib/ad-export';

/** Export Report: reads the filter's campaigns afresh (up to the spec's 50) and downloads them as CSV. */
export function useAdExport(filters: AdFilters) {
  const businessId = useBusinessId();
  return useMutation({
    mutationFn: async () => {
      const { campaigns } = await getCampaignPerformance(businessId, filters);
      downloadCampaignsCsv(campaigns, filters.platform, filters.days);
    },
  });
}
