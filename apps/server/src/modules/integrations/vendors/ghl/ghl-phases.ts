import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Executor } from '../../../../db/client.js';
import {
  type GhlAttributionRow,
  ghlContacts,
  ghlOpportunities,
  ghlPipelineStages,
  ghlPipelines,
  integrations,
} from '../../../../db/schema.js';
import type { SyncContext, SyncPhase, VendorSync } from '../../sync/sync-phase.js';
import { classifyGhlError, createGhlClient, type GhlClient } from './ghl-client.js';
import type { GhlAttribution, GhlContact, GhlCustomField, GhlOpportunity, GhlPipeline } from './ghl-types.js';

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
/**
 * A name the contacts search gives only in lower case (`firstNameLowerCase`), with each word's first letter raised:
 * "mary-jane o'neil" → "Mary-Jane O'neil". Used only when the search has no `firstName`/`lastName`.
 */
export const capitalised = (v: string | null) =>
  v === null ? null : v.replace(/(^|[\s-])(\p{Ll})/gu, (_, sep, ch) => sep + ch.toUpperCase());
const when = (v: unknown): Date | null => {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** Currencies without minor units (ISO 4217 exponent 0): their values are stored as they are. */
const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'isk',
  'jpy',
  'kmf',
  'krw',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);

/** GoHighLevel's monetaryValue (major units, e.g. 1499.5) in minor units; two decimals when the currency is unknown. */
export const toMinorUnits = (value: unknown, currency: string | null): number => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : 0;
  if (!Number.isFinite(n)) return 0;
  return Math.round(n * (currency && ZERO_DECIMAL.has(currency.toLowerCase()) ? 1 : 100));
};

/** A mail address as it joins other tables: trimmed, lower case; null when blank. */
export const normaliseEmail = (email: unknown): string | null => str(email)?.toLowerCase() ?? null;

/** Custom fields that hold our tracking script's visitor id: key `contact.visitor_id`, or named "Visitor ID". */
export const isVisitorIdField = (f: GhlCustomField) =>
  /^contact\.visitor_?id$/i.test(f.fieldKey ?? '') || /^visitor[\s_-]?id$/i.test((f.name ?? '').trim());

const attributionRow = (a: GhlAttribution | null | undefined): GhlAttributionRow | null =>
  a
    ? {
        url: str(a.url),
        source: str(a.utmSource),
        medium: str(a.utmMedium),
        campaign: str(a.campaign) ?? str(a.utmCampaign),
        content: str(a.utmContent),
        referrer: str(a.referrer),
        fbclid: str(a.fbclid),
        gclid: str(a.gclid),
      }
    : null;

/** First and latest touch: the contact's own fields, else the flagged or first and last of `attributions`. */
export function touchesOf(c: GhlContact): { first: GhlAttribution | null; last: GhlAttribution | null } {
  const list = Array.isArray(c.attributions) ? c.attributions.filter((a) => a && typeof a === 'object') : [];
  const first = c.attributionSource ?? list.find((a) => a.isFirst) ?? list[0] ?? null;
  const last = c.lastAttributionSource ?? list.find((a) => a.isLast) ?? (list.length > 1 ? list.at(-1)! : null);
  return { first, last };
}

/** Upserts rows by (business, vendor id), updating every column but the keys and the vendor's creation time. */
// biome-ignore lint/suspicious/noExplicitAny: each phase's table differs; the rows are built for it.
async function upsert(tx: Executor, table: any, rows: Record<string, unknown>[]): Promise<number> {
  if (rows.length === 0) return 0;
  const columns = getTableColumns(table);
  const { businessId: _b, vendorId: _v, integrationId: _i, createdAt: _c, ...update } = rows[0]!;
  const set = Object.fromEntries(Object.keys(update).map((k) => [k, sql.raw(`excluded."${columns[k]!.name}"`)]));
  await tx
    .insert(table)
    .values(rows)
    .onConflictDoUpdate({ target: [table.businessId, table.vendorId], set });
  return rows.length;
}

const base = (ctx: SyncContext, id: string, created: Date | null) => ({
  businessId: ctx.businessId,
  integrationId: ctx.integrationId,
  vendorId: id,
  createdAt: created ?? new Date(),
  syncedAt: new Date(),
});

/** Pipelines and their stages, read whole each run (a handful of rows). */
const pipelinesPhase: SyncPhase<GhlClient> = {
  name: 'pipelines',
  incremental: false,
  async fetch(client) {
    return { items: await client.pipelines(), nextCursor: null, hasMore: false };
  },
  async store(tx, ctx, items) {
    const pipelines = items as GhlPipeline[];
    const stored = await upsert(
      tx,
      ghlPipelines,
      pipelines.map((p) => ({
        ...base(ctx, p.id, when(p.dateAdded)),
        name: str(p.name),
        stageCount: Array.isArray(p.stages) ? p.stages.length : 0,
      })),
    );
    const stages = pipelines.flatMap((p) =>
      (Array.isArray(p.stages) ? p.stages : [])
        .filter((s) => s && typeof s.id === 'string')
        .map((s, i) => ({
          ...base(ctx, s.id, when(p.dateAdded)),
          pipelineId: p.id,
          name: str(s.name),
          position: typeof s.position === 'number' ? s.position : i,
        })),
    );
    return stored + (await upsert(tx, ghlPipelineStages, stages));
  },
};

/** The id of the location's visitor-id custom field, once per client (a slice); null when none or unreadable. */
const visitorFields = new WeakMap<GhlClient, Promise<string | null>>();
function visitorFieldOf(client: GhlClient): Promise<string | null> {
  let found = visitorFields.get(client);
  if (!found) {
    found = client.contactCustomFields().then(
      (fields) => fields.find(isVisitorIdField)?.id ?? null,
      (error: unknown) => {
        // Without the custom-fields scope the contacts still sync; only the visitor link is missing.
        const failure = classifyGhlError(error);
        if (failure.kind === 'permission' || failure.kind === 'invalid') return null;
        visitorFields.delete(client);
        throw error;
      },
    );
    visitorFields.set(client, found);
  }
  return found;
}

type ContactItem = { contact: GhlContact; visitorFieldId: string | null };

/** Contacts, incremental by GoHighLevel's dateUpdated (a change to a lead re-reads it). */
const contactsPhase: SyncPhase<GhlClient> = {
  name: 'contacts',
  incremental: true,
  async fetch(client, cursor, since) {
    const visitorFieldId = await visitorFieldOf(client);
    const page = await client.contactsPage({ cursor, updatedSince: since });
    return {
      items: page.items.map((contact): ContactItem => ({ contact, visitorFieldId })),
      nextCursor: page.nextCursor,
      hasMore: page.hasMore,
    };
  },
  async store(tx, ctx, items) {
    const rows = (items as ContactItem[]).map(({ contact: c, visitorFieldId }) => {
      const fields = Array.isArray(c.customFields) ? c.customFields.filter((f) => f && typeof f.id === 'string') : [];
      const custom = Object.fromEntries(fields.map((f) => [f.id, f.value ?? f.field_value ?? null]));
      const visitor = visitorFieldId ? custom[visitorFieldId] : undefined;
      const { first, last } = touchesOf(c);
      const firstTouch = attributionRow(first);
      const firstName = str(c.firstName) ?? capitalised(str(c.firstNameLowerCase));
      const lastName = str(c.lastName) ?? capitalised(str(c.lastNameLowerCase));
      const fullName = [firstName, lastName].filter(Boolean).join(' ');
      return {
        ...base(ctx, c.id, when(c.dateAdded)),
        email: normaliseEmail(c.email),
        name: fullName || str(c.contactName) || str(c.name),
        firstName,
        lastName,
        phone: str(c.phone),
        source: str(c.source),
        type: str(c.type),
        tags: Array.isArray(c.tags) ? c.tags.filter((t) => typeof t === 'string') : [],
        utmSource: firstTouch?.source ?? null,
        utmMedium: firstTouch?.medium ?? null,
        utmCampaign: firstTouch?.campaign ?? null,
        utmContent: firstTouch?.content ?? null,
        attribution: firstTouch,
        lastAttribution: attributionRow(last),
        visitorId: typeof visitor === 'string' || typeof visitor === 'number' ? str(String(visitor)) : null,
        customFields: custom,
        updatedAt: when(c.dateUpdated),
      };
    });
    return upsert(tx, ghlContacts, rows);
  },
};

/** Opportunities, read whole each run: the listing has no filter on updates, and stages and statuses change. */
const opportunitiesPhase: SyncPhase<GhlClient> = {
  name: 'opportunities',
  incremental: false,
  async fetch(client, cursor) {
    const page = await client.opportunitiesPage({ cursor });
    return { items: page.items, nextCursor: page.nextCursor, hasMore: page.hasMore };
  },
  async store(tx, ctx, items) {
    if (items.length === 0) return 0;
    // The location's currency as the connect check found it (GoHighLevel's documented location has none).
    const [integration] = await tx
      .select({ account: integrations.vendorAccount })
      .from(integrations)
      .where(eq(integrations.id, ctx.integrationId));
    const currency = integration?.account?.currency?.toLowerCase() ?? null;
    const rows = (items as GhlOpportunity[]).map((o) => ({
      ...base(ctx, o.id, when(o.createdAt)),
      name: str(o.name),
      pipelineId: str(o.pipelineId),
      stageId: str(o.pipelineStageId),
      status: str(o.status)?.toLowerCase() ?? 'open',
      monetaryValue: toMinorUnits(o.monetaryValue, currency),
      currency,
      contactId: str(o.contactId) ?? str(o.contact?.id),
      source: str(o.source),
      assignedTo: str(o.assignedTo),
      lastStatusChangeAt: when(o.lastStatusChangeAt),
      updatedAt: when(o.updatedAt),
    }));
    return upsert(tx, ghlOpportunities, rows);
  },
};

export const GHL_PHASES: SyncPhase<GhlClient>[] = [pipelinesPhase, contactsPhase, opportunitiesPhase];

/**
 * GoHighLevel's sync: pipelines, contacts (changes since the last run, less a day: the search index lags a few
 * seconds and clocks drift), then every opportunity. Its client from the stored key and location.
 */
export const GHL_SYNC: VendorSync<GhlClient> = {
  vendorName: 'GoHighLevel',
  phases: GHL_PHASES,
  client: (credentials, baseUrl) =>
    // A sign-in's renewed token is `accessToken`; a pasted key (and a sign-in's first token) is `apiKey`.
    createGhlClient({
      apiKey: credentials.accessToken || credentials.apiKey!,
      locationId: credentials.locationId!,
      baseUrl,
    }),
  classify: (error) => {
    const { kind, message, retryAfterMs } = classifyGhlError(error);
    return { kind, message, retryAfterMs };
  },
  trailingWindowMs: 86_400_000,
};
