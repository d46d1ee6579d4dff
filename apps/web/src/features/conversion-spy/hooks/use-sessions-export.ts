import type { TimeRange } from '@ri/contracts';
import { useMutation } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import { EXPORT_SESSIONS_LIMIT, getLiveSessions } from '../api/conversion-spy-api';
import { downloadSessionsCsv } from '../lib/session-export';

/** Export Insights: reads up to 200 sessions of the time frame afresh and downloads them as CSV. */
export function useSessionsExport(timeFrame: TimeRange) {
  const businessId = useBusinessId();
  return useMutation({
    mutationFn: async () => {
      const { sessions } = await getLiveSessions(businessId, timeFrame, EXPORT_SESSIONS_LIMIT);
      downloadSessionsCsv(sessions, timeFrame);
    },
  });
}
