// GoHighLevel API v2 objects as the sync reads them (GoHighLevel/highlevel-api-docs, apps/locations.json,
// contacts.json, opportunities.json). Every field is optional in practice: GoHighLevel leaves out what is unset.

/** `GET /locations/{locationId}` → `location` (GetLocationByIdSchema). The documented schema has no currency. */
export type GhlLocation = {
  id: string;
  name?: string | null;
  timezone?: string | null;
  country?: string | null;
  /** Not in the documented schema; read when an answer carries it. */
  currency?: string | null;
  business?: { name?: string | null; timezone?: string | null; currency?: string | null } | null;
};

/** AttributionSource: where a contact came from (first touch, and the latest one). */
export type GhlAttribution = {
  url?: string | null;
  campaign?: string | null;
  utmSource?: string | null;
  utmMedium?: string | null;
  utmContent?: string | null;
  utmTerm?: string | null;
  utmCampaign?: string | null;
  referrer?: string | null;
  campaignId?: string | null;
  fbclid?: string | null;
  gclid?: string | null;
  medium?: string | null;
  mediumId?: string | null;
  /** Some answers flag the entries of `attributions` instead of ordering them. */
  isFirst?: boolean;
  isLast?: boolean;
};

/** A contact of `POST /contacts/search` (ContactsSearchSchema, with GetContactByIdSchema's attribution fields). */
export type GhlContact = {
  id: string;
  locationId?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  contactName?: string | null;
  name?: string | null;
  /** The names as the documented contacts search gives them ("first name without lowercase is not yet available"). */
  firstNameLowerCase?: string | null;
  lastNameLowerCase?: string | null;
  email?: string | null;
  phone?: string | null;
  companyName?: string | null;
  source?: string | null;
  type?: string | null;
  tags?: string[] | null;
  dateAdded?: string | null;
  dateUpdated?: string | null;
  customFields?: { id: string; value?: unknown; field_value?: unknown }[] | null;
  attributions?: GhlAttribution[] | null;
  attributionSource?: GhlAttribution | null;
  lastAttributionSource?: GhlAttribution | null;
  /** The cursor of this contact in the search's order, for the next page's `searchAfter`. */
  searchAfter?: unknown[] | null;
};

/** A pipeline of `GET /opportunities/pipelines` and its stages. */
export type GhlPipeline = {
  id: string;
  name?: string | null;
  stages?: { id: string; name?: string | null; position?: number | null }[] | null;
  dateAdded?: string | null;
  dateUpdated?: string | null;
};

/** An opportunity of `GET /opportunities/search` (SearchOpportunitiesResponseSchema). */
export type GhlOpportunity = {
  id: string;
  name?: string | null;
  /** In the location's currency, in major units (e.g. 1499.5). */
  monetaryValue?: number | null;
  pipelineId?: string | null;
  pipelineStageId?: string | null;
  assignedTo?: string | null;
  status?: string | null;
  source?: string | null;
  lastStatusChangeAt?: string | null;
  lastStageChangeAt?: string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
  contactId?: string | null;
  contact?: { id?: string | null; email?: string | null } | null;
  lostReasonId?: string | null;
};

/** A custom field definition of `GET /locations/{locationId}/customFields`. */
export type GhlCustomField = {
  id: string;
  name?: string | null;
  fieldKey?: string | null;
  dataType?: string | null;
  model?: string | null;
};

/** What the `X-RateLimit-*` headers of the last answer said, and when it came (ms). */
export type GhlRateState = {
  max: number | undefined;
  remaining: number | undefined;
  intervalMs: number | undefined;
  dailyLimit: number | undefined;
  dailyRemaining: number | undefined;
  at: number;
};

/** One page of a listing; `nextCursor` continues it while `hasMore`. */
export type GhlPage<T> = { items: T[]; hasMore: boolean; nextCursor: string | null; total: number | undefined };
