import type { Logger } from 'pino';
import { metaGraphUserClassify } from '../../vendor-classifiers.js';
import { VendorError, vendorRequest } from '../../vendor-http.js';
import { META_GRAPH_API_VERSION, META_TIMEOUT_MS } from './meta-client.js';

/** A campaign's, ad set's or ad's status as Graph writes it (ACTIVE, PAUSED, ARCHIVED, DELETED…). */
export type MetaObjectStatus = { name: string | null; status: string; effectiveStatus: string | null };

/** A campaign's or ad set's daily budget in minor units by Meta's currency offset; null when it has none. */
export type MetaBudget = { name: string | null; dailyBudget: number | null; lifetimeBudget: number | null };

/**
 * Changes to a Meta ad account through the Marketing API: `POST /{id}` with the fields to change (Graph's object
 * update), answered `{"success": true}`. Each change is a single call Meta applies whole; it never retries.
 */
export type MetaWriter = {
  /** The permissions the token's user granted (`GET /me/permissions`): ads_management is what writes need. */
  permissions(): Promise<{ adsRead: boolean; adsManagement: boolean }>;
  /** A campaign's or ad set's name and budgets. */
  budget(id: string): Promise<MetaBudget>;
  /** Sets a campaign's or ad set's daily budget (minor units by Meta's currency offset). */
  setDailyBudget(id: string, minor: number): Promise<void>;
  /** An ad's (or ad set's, campaign's) name and status. */
  status(id: string): Promise<MetaObjectStatus>;
  setStatus(id: string, status: 'ACTIVE' | 'PAUSED'): Promise<void>;
};

const NODE_ID = /^\d{1,25}$/;

const nodeId = (id: string): string => {
  if (!NODE_ID.test(id)) {
    throw new VendorError({ vendor: 'meta', kind: 'invalid', status: undefined, message: 'meta: not a Graph node id' });
  }
  return id;
};

const integer = (value: unknown): number | null => {
  const n = typeof value === 'string' || typeof value === 'number' ? Number(value) : Number.NaN;
  return Number.isSafeInteger(n) ? n : null;
};

/** A writer for one user access token; the token travels in the Authorization header, never in a URL. */
export function createMetaWriter({
  accessToken,
  baseUrl,
  timeoutMs = META_TIMEOUT_MS,
  log,
}: {
  accessToken: string;
  baseUrl: string;
  timeoutMs?: number;
  log?: Pick<Logger, 'debug'>;
}): MetaWriter {
  const call = <T>(path: string, method: 'GET' | 'POST', params: Record<string, string | number>) =>
    vendorRequest<T>({
      vendor: 'meta',
      baseUrl,
      path: `${META_GRAPH_API_VERSION}/${path}`,
      method,
      ...(method === 'POST' ? { body: params, encoding: 'form' as const } : { query: params }),
      headers: { authorization: `Bearer ${accessToken}` },
      secretValues: [accessToken],
      timeoutMs,
      classify: metaGraphUserClassify,
      log,
    });

  const update = async (id: string, fields: Record<string, string | number>) => {
    const { data } = await call<{ success?: boolean }>(nodeId(id), 'POST', fields);
    if (data?.success !== true) {
      throw new VendorError({
        vendor: 'meta',
        kind: 'transient',
        status: 200,
        message: `meta answered the update of ${id} without success`,
      });
    }
  };

  return {
    permissions: async () => {
      const { data } = await call<{ data?: { permission?: string; status?: string }[] }>('me/permissions', 'GET', {});
      const granted = new Set(
        (data?.data ?? []).filter((p) => p.status === 'granted').map((p) => String(p.permission)),
      );
      return { adsRead: granted.has('ads_read'), adsManagement: granted.has('ads_management') };
    },
    budget: async (id) => {
      const { data } = await call<Record<string, unknown>>(nodeId(id), 'GET', {
        fields: 'id,name,daily_budget,lifetime_budget',
      });
      return {
        name: typeof data?.name === 'string' ? data.name : null,
        // Graph answers "0" for a budget that is not set on some nodes, and omits it on others.
        dailyBudget: integer(data?.daily_budget) || null,
        lifetimeBudget: integer(data?.lifetime_budget) || null,
      };
    },
    setDailyBudget: (id, minor) => update(id, { daily_budget: Math.round(minor) }),
    status: async (id) => {
      const { data } = await call<Record<string, unknown>>(nodeId(id), 'GET', {
        fields: 'id,name,status,effective_status',
      });
      if (typeof data?.status !== 'string') {
        throw new VendorError({
          vendor: 'meta',
          kind: 'transient',
          status: 200,
          message: `meta read ${id} without a status`,
        });
      }
      return {
        name: typeof data.name === 'string' ? data.name : null,
        status: data.status,
        effectiveStatus: typeof data.effective_status === 'string' ? data.effective_status : null,
      };
    },
    setStatus: (id, status) => update(id, { status }),
  };
}
