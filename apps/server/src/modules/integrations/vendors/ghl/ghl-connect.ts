import type { CredentialsCheck, GoHighLevelCredentialsBody, VendorAccount } from '@ri/contracts';
import { VendorError } from '../../vendor-http.js';
import { classifyGhlError, createGhlClient, type GhlClient, isGhlLocationId } from './ghl-client.js';
import { isVisitorIdField } from './ghl-phases.js';

/** Why a GoHighLevel key and location cannot be used, and which field the owner should fix; or the vendor is away. */
export type GhlRefusal = { field: 'apiKey' | 'locationId'; error: string } | { unreachable: true; error: string };
export type GhlCheck = { ok: true; check: CredentialsCheck } | ({ ok: false } & GhlRefusal);

const KEY_HELP =
  'Use a Private Integration token of the location (Settings → Private Integrations in GoHighLevel) or a location OAuth token.';
const LOCATION_HELP = "Copy the Location ID from the location's Settings → Business Profile in GoHighLevel.";

const SCOPES = {
  contacts: 'contacts.readonly',
  opportunities: 'opportunities.readonly',
  location: 'locations.readonly',
  customFields: 'locations/customFields.readonly',
} as const;

const NEXT_STEPS = (hasVisitorField: boolean): CredentialsCheck['next_steps'] => ({
  immediate: ['Run the first sync from the GoHighLevel card to import pipelines, contacts and opportunities.'],
  recommended: [
    hasVisitorField
      ? 'Keep filling the "Visitor ID" contact field from your forms: each lead then links to the visits that led to it.'
      : 'Add a contact custom field "Visitor ID" (key contact.visitor_id) to your GoHighLevel forms as a hidden field filled with localStorage.getItem("ri_vid") (the visitor id our tracking script keeps), so each lead links to the visits that led to it.',
  ],
  advanced: ['Use the same e-mail addresses in GoHighLevel and Stripe: contacts and payments are matched by e-mail.'],
});

type Outcome<T> = { value: T } | { failure: ReturnType<typeof classifyGhlError> & { notFound: boolean } };
async function attempt<T>(read: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { value: await read() };
  } catch (error) {
    const notFound = error instanceof VendorError && error.kind === 'not_found';
    return { failure: { ...classifyGhlError(error), notFound } };
  }
}

/**
 * What a failed read says about the credentials: the key refused (apiKey), the location unknown to it (locationId),
 * GoHighLevel away (unreachable); undefined for a missing scope, which only limits what is synced.
 */
function refusalOf(
  f: Extract<Outcome<unknown>, { failure: unknown }>['failure'],
  locationId: string,
): GhlRefusal | undefined {
  if (f.kind === 'permission' && f.vendorCode === 'scope') return undefined;
  if (f.kind === 'auth')
    return { field: 'apiKey', error: `GoHighLevel did not accept this API key (${f.message}). ${KEY_HELP}` };
  if (f.kind === 'rate_limited' || f.kind === 'transient')
    return { unreachable: true, error: `Failed to connect to GoHighLevel: ${f.message}` };
  // 403 "does not have access to this location", 404, and 400/422 on the location's own address.
  return {
    field: 'locationId',
    error: `This API key has no access to a GoHighLevel location "${locationId}" (${f.message}). ${LOCATION_HELP}`,
  };
}

/**
 * Checks a GoHighLevel key and location with GoHighLevel: the location (name, time zone), then a one-row read of
 * contacts, pipelines, opportunities and the contact custom fields, to learn what the key may read. Never throws for
 * GoHighLevel's answer: an unusable key or location comes back as a refusal naming the field to fix.
 */
export async function checkGhlCredentials(
  body: GoHighLevelCredentialsBody,
  baseUrl: string,
  client: GhlClient = createGhlClient({ apiKey: body.apiKey, locationId: body.locationId, baseUrl }),
): Promise<GhlCheck> {
  const { locationId } = body;
  if (!isGhlLocationId(locationId)) {
    return {
      ok: false,
      field: 'locationId',
      error: `A GoHighLevel Location ID is letters and digits. ${LOCATION_HELP}`,
    };
  }
  const capabilities: string[] = [];
  const limitations: string[] = [];
  const denied = (what: string, scope: string) =>
    limitations.push(`Cannot read ${what}: the key lacks the ${scope} scope.`);

  const location = await attempt(() => client.location());
  let account: VendorAccount = { id: locationId, name: null, currency: null, time_zone: null };
  if ('failure' in location) {
    const refusal = refusalOf(location.failure, locationId);
    if (refusal) return { ok: false, ...refusal };
    denied("the location's name and time zone", SCOPES.location);
  } else {
    const l = location.value;
    const currency = l.currency ?? l.business?.currency ?? null;
    account = {
      id: l.id || locationId,
      name: l.name ?? l.business?.name ?? null,
      currency: currency ? currency.toLowerCase() : null,
      time_zone: l.timezone ?? l.business?.timezone ?? null,
    };
    capabilities.push('Read the location');
  }

  const reads: { what: string; capability: string; scope: string; read: () => Promise<unknown> }[] = [
    {
      what: 'contacts',
      capability: 'Read contacts: leads, their sources and attribution',
      scope: SCOPES.contacts,
      read: () => client.contactsPage({ pageLimit: 1 }),
    },
    {
      what: 'pipelines',
      capability: 'Read pipelines and their stages',
      scope: SCOPES.opportunities,
      read: () => client.pipelines(),
    },
    {
      what: 'opportunities',
      capability: 'Read opportunities: values, stages, won and lost',
      scope: SCOPES.opportunities,
      read: () => client.opportunitiesPage({ limit: 1 }),
    },
  ];
  const readable = new Set<string>();
  for (const r of reads) {
    const outcome = await attempt(r.read);
    if ('value' in outcome) {
      readable.add(r.what);
      capabilities.push(r.capability);
      continue;
    }
    const refusal = refusalOf(outcome.failure, locationId);
    if (refusal) return { ok: false, ...refusal };
    denied(r.what, r.scope);
  }
  if (!readable.has('contacts') && !readable.has('opportunities')) {
    return {
      ok: false,
      field: 'apiKey',
      error: `This API key can read neither contacts nor opportunities of the location: give it the ${SCOPES.contacts} and ${SCOPES.opportunities} scopes.`,
    };
  }

  let hasVisitorField = false;
  const fields = await attempt(() => client.contactCustomFields());
  if ('value' in fields) {
    const field = fields.value.find(isVisitorIdField);
    hasVisitorField = field !== undefined;
    if (field)
      capabilities.push(`Link contacts to their visits through the custom field "${field.name ?? field.fieldKey}"`);
  } else if (fields.failure.kind === 'permission' || fields.failure.kind === 'invalid') {
    limitations.push(
      `Cannot read the contact custom fields (${SCOPES.customFields}): a visitor id kept in one is not linked to visits.`,
    );
  } else {
    const refusal = refusalOf(fields.failure, locationId);
    if (refusal && 'unreachable' in refusal) return { ok: false, ...refusal };
  }
  if (readable.has('opportunities') && account.currency === null) {
    limitations.push(
      "GoHighLevel does not state the location's currency: opportunity values are stored as entered, without a currency.",
    );
  }

  return {
    ok: true,
    check: {
      valid: true,
      error: null,
      account_type: 'crm',
      account_info: null,
      vendor_account: account,
      permission_level: limitations.some((l) => l.startsWith('Cannot')) ? 'limited' : 'full',
      capabilities,
      limitations,
      next_steps: NEXT_STEPS(hasVisitorField),
    },
  };
}
