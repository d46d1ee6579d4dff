import type { IntelligenceTimeFrame } from '@ri/contracts';
import { useMutation } from '@tanstack/react-query';
import { EXPORT_SESSIONS_LIMIT, getLiveSessions } from '../api/conversion-spy-api';
import { downloadSessionsCsv } from '../components/session-export';

/** Export Insights: reads up to 200 sessions of the time frame afresh and downloads them as CSV. */
export function useSessionsExport(timeFrame: IntelligenceTimeFrame) {
  return useMutation({
    mutationFn: async () => {
      const { sessions } = await getLiveSessions(timeFrame, EXPORT_SESSIONS_LIMIT);
      downloadSessionsCsv(sessions, timeFrame);
    },
  });
}
