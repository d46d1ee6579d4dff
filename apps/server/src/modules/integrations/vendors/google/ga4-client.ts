import type { Logger } from 'pino';
import { googleClassify } from '../../vendor-classifiers.js';
import { VendorError, vendorRequest } from '../../vendor-http.js';

/** The GA4 Data API version (developers.google.com/analytics/devguides/reporting/data/v1). */
export const GA4_API_VERSION = 'v1beta';
export const GA4_TIMEOUT_MS = 30_000;

/** A report row: its dimension values and metric values, in the order the request named them. */
export type Ga4Row = { dimensions: string[]; metrics: number[] };
export type Ga4Report = { rows: Ga4Row[]; rowCount: number };

export type Ga4ReportRequest = {
  /** `YYYY-MM-DD`, `today`, `yesterday` or `NdaysAgo`, in the property's time zone. */
  dateRanges?: { startDate: string; endDate: string }[];
  dimensions: string[];
  metrics: string[];
  limit?: number;
};

export type Ga4Client = {
  runReport(propertyId: string, request: Ga4ReportRequest): Promise<Ga4Report>;
  /** The last 30 minutes (RunRealtimeReport takes no date range). */
  runRealtimeReport(propertyId: string, request: Omit<Ga4ReportRequest, 'dateRanges'>): Promise<Ga4Report>;
};

type RunReportResponse = {
  rows?: { dimensionValues?: { value?: string }[]; metricValues?: { value?: string }[] }[];
  rowCount?: number;
};

/** A GA4 property id as people write it (`123456789` or `properties/123456789`) as its digits, or undefined. */
export const normalizePropertyId = (text: string): string | undefined => {
  const digits = text.trim().replace(/^properties\//, '');
  return /^\d{1,20}$/.test(digits) ? digits : undefined;
};

/** A GA4 Data API client for one OAuth access token (scope analytics.readonly). It never retries. */
export const createGa4Client = ({
  accessToken,
  baseUrl,
  timeoutMs = GA4_TIMEOUT_MS,
  log,
}: {
  accessToken: string;
  baseUrl: string;
  timeoutMs?: number;
  log?: Pick<Logger, 'debug'>;
}): Ga4Client => {
  const run = async (propertyId: string, method: 'runReport' | 'runRealtimeReport', request: Ga4ReportRequest) => {
    if (!/^\d{1,20}$/.test(propertyId)) {
      throw new VendorError({ vendor: 'ga4', kind: 'invalid', status: undefined, message: 'ga4: not a property id' });
    }
    // Dimensions and metrics are objects with a name (RunReportRequest); the values come back as strings.
    const { data } = await vendorRequest<RunReportResponse>({
      vendor: 'ga4',
      baseUrl,
      path: `${GA4_API_VERSION}/properties/${propertyId}:${method}`,
      method: 'POST',
      body: {
        ...(request.dateRanges ? { dateRanges: request.dateRanges } : {}),
        dimensions: request.dimensions.map((name) => ({ name })),
        metrics: request.metrics.map((name) => ({ name })),
        ...(request.limit ? { limit: request.limit } : {}),
      },
      headers: { authorization: `Bearer ${accessToken}` },
      secretValues: [accessToken],
      timeoutMs,
      classify: googleClassify,
      log,
    });
    const rows = (data?.rows ?? []).map((row) => ({
      dimensions: (row.dimensionValues ?? []).map((v) => v.value ?? ''),
      metrics: (row.metricValues ?? []).map((v) => Number(v.value ?? 0) || 0),
    }));
    return { rows, rowCount: data?.rowCount ?? rows.length };
  };
  return {
    runReport: (propertyId, request) => run(propertyId, 'runReport', request),
    runRealtimeReport: (propertyId, request) => run(propertyId, 'runRealtimeReport', request),
  };
};
