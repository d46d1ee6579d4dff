import { API, CSV_MEDIA_TYPE, EXPORT_TOTAL_HEADER } from '@ri/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { openStream } from '../../../lib/api-client';
import { useBusinessId } from '../../../lib/business-id';
import { downloadBlob } from '../../../lib/download';
import type { CustomerListInput } from '../api/customer-intelligence-api';
import { csvRecordCounter, localExportFileName } from '../lib/customer-export';
import type { ProfileFilter } from './use-customer-filters';

export type ExportProgress = { done: number; total: number };

/**
 * Export Analysis: the server writes every customer the table's filters match as CSV (12 columns) in one
 * streamed answer; `progress` counts the customers received against the total it announced. The file is saved
 * only once the answer has ended: a connection cut midway fails the export instead of saving part of it.
 */
export function useCustomerExport(query: CustomerListInput, profile: ProfileFilter) {
  const businessId = useBusinessId();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const mutation = useMutation({
    mutationFn: async () => {
      const { page: _page, limit: _limit, ...filters } = query;
      setProgress({ done: 0, total: 0 });
      try {
        const response = await openStream(API.exportCustomerProfiles, { businessId, query: filters });
        const total = Number(response.headers.get(EXPORT_TOTAL_HEADER) ?? 0);
        const reader = response.body!.getReader();
        const count = csvRecordCounter();
        const chunks: Uint8Array[] = [];
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          chunks.push(value);
          // The first record is the header.
          setProgress({ done: Math.max(0, count(value) - 1), total });
        }
        downloadBlob(
          localExportFileName(profile),
          new Blob(chunks as BlobPart[], { type: `${CSV_MEDIA_TYPE};charset=utf-8` }),
        );
      } finally {
        setProgress(null);
      }
    },
  });
  return { ...mutation, progress };
}
