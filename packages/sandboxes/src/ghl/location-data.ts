import { drawFor } from '../stripe/random.js';
import { GhlCrmRecords, type GhlWorkflow, seedWorkflows } from './crm-records.js';
import { type Attribution, type Person, personFacts, stripeBuyers, touch } from './people.js';
import { ghlId, type LocationSpec, uuidFor } from './spec.js';

// One location's CRM data in GoHighLevel's JSON shapes (GoHighLevel/highlevel-api-docs apps/contacts.json,
// opportunities.json, locations.json): drawn from the seed when the sandbox starts, then kept and changed in memory.

const DAY = 86_400_000;
const CATALOG = [490, 990, 1490, 2490, 4990, 7900];
const iso = (ms: number) => new Date(ms).toISOString();

export type GhlContact = {
  id: string;
  locationId: string;
  contactName: string;
  firstName: string;
  lastName: string;
  firstNameLowerCase: string;
  lastNameLowerCase: string;
  fullNameLowerCase: string;
  email: string;
  emailLowerCase: string;
  phone: string;
  companyName: string | null;
  source: string;
  type: 'lead' | 'customer';
  tags: string[];
  dnd: boolean;
  country: string;
  timezone: string;
  assignedTo: string | null;
  dateAdded: string;
  dateUpdated: string;
  customFields: { id: string; value: string | number }[];
  attributions: Attribution[];
  followers: string[];
};

export type GhlStage = { id: string; name: string; position: number; showInFunnel: boolean; showInPieChart: boolean };
export type GhlPipeline = {
  id: string;
  name: string;
  stages: GhlStage[];
  showInFunnel: boolean;
  showInPieChart: boolean;
  locationId: string;
};

export type GhlOpportunityStatus = 'open' | 'won' | 'lost' | 'abandoned';
export type GhlOpportunity = {
  id: string;
  name: string;
  monetaryValue: number;
  pipelineId: string;
  pipelineStageId: string;
  assignedTo: string | null;
  status: GhlOpportunityStatus;
  source: string;
  lastStatusChangeAt: string;
  lastStageChangeAt: string;
  lastActionDate: string;
  indexVersion: number;
  createdAt: string;
  updatedAt: string;
  contactId: string;
  locationId: string;
  contact: { id: string; name: string; companyName: string | null; email: string; phone: string; tags: string[] };
  notes: unknown[];
  tasks: unknown[];
  calendarEvents: unknown[];
  customFields: { id: string; fieldValue: unknown }[];
  followers: string[];
};

export type GhlCustomFieldDefinition = {
  id: string;
  name: string;
  fieldKey: string;
  placeholder: string;
  dataType: string;
  position: number;
  picklistOptions: string[];
  locationId: string;
  model: 'contact' | 'opportunity';
};

/** What a sync of the location should end with: counts, and opportunity values summed in minor units. */
export type GhlTotals = {
  contacts: number;
  opportunities: number;
  pipelines: number;
  stages: number;
  byStatus: Record<GhlOpportunityStatus, number>;
  /** Σ round(monetaryValue × 100), over all opportunities and per status. */
  value: number;
  valueByStatus: Record<GhlOpportunityStatus, number>;
};

const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

export class GhlLocationData {
  readonly spec: LocationSpec;
  readonly contacts: GhlContact[] = [];
  readonly opportunities: GhlOpportunity[] = [];
  readonly pipelines: GhlPipeline[];
  readonly customFields: GhlCustomFieldDefinition[];
  readonly workflows: GhlWorkflow[];
  /** The tasks and workflow enrolments written to its contacts. */
  readonly records: GhlCrmRecords;
  /** The Stripe customer each buyer contact is (contact id → customer index). */
  readonly stripeCustomerOf = new Map<string, number>();
  #made = 0;
  #madeOpportunities = 0;

  constructor(spec: LocationSpec) {
    this.spec = spec;
    const s = spec.seed;
    const stage = (p: string, i: number, stageName: string): GhlStage => ({
      id: uuidFor(s, `stage-${p}`, i),
      name: stageName,
      position: i,
      showInFunnel: true,
      showInPieChart: true,
    });
    const pipeline = (i: number, pipelineName: string, stages: string[]): GhlPipeline => ({
      id: ghlId(s, 'pipeline', i),
      name: pipelineName,
      stages: stages.map((n, k) => stage(String(i), k, n)),
      showInFunnel: true,
      showInPieChart: true,
      locationId: spec.id,
    });
    this.pipelines = [
      pipeline(0, 'Sales Pipeline', ['New Lead', 'Contacted', 'Site Survey', 'Proposal Sent', 'Closed']),
      pipeline(1, 'Customer Onboarding', ['Kickoff', 'Installation', 'Live']),
    ];
    const field = (i: number, fieldName: string, key: string, dataType: string, options: string[] = []) => ({
      id: ghlId(s, 'custom-field', i),
      name: fieldName,
      fieldKey: `contact.${key}`,
      placeholder: fieldName,
      dataType,
      position: i,
      picklistOptions: options,
      locationId: spec.id,
      model: 'contact' as const,
    });
    this.customFields = [
      field(0, 'Visitor ID', 'visitor_id', 'TEXT'),
      field(1, 'Monthly energy bill', 'monthly_energy_bill', 'MONETORY'),
      field(2, 'Roof type', 'roof_type', 'SINGLE_OPTIONS', ['Pitched', 'Flat', 'Metal']),
    ];
    this.workflows = seedWorkflows(spec);
    this.records = new GhlCrmRecords(s);
    const buyers = stripeBuyers(spec);
    for (let i = 0; i < spec.contacts; i++) this.#addContact(buyers);
    for (let j = 0; j < spec.opportunities; j++) this.#addOpportunity(spec.now);
  }

  #addContact(buyers: ReturnType<typeof stripeBuyers>, at?: number): GhlContact {
    const index = this.#made++;
    const d = drawFor(this.spec.seed, 'ghl-contact', index);
    const p: Person = personFacts(this.spec, index, d, buyers, () => uuidFor(this.spec.seed, 'visitor', index));
    const added = at ?? p.added;
    const updated = Math.min(Math.max(this.spec.now, added), added + d.int(0, 20) * DAY + d.int(0, DAY - 1));
    const fields: GhlContact['customFields'] = [];
    if (p.visitorId) fields.push({ id: this.customFields[0]!.id, value: p.visitorId });
    if (d.chance(0.5)) fields.push({ id: this.customFields[1]!.id, value: d.int(80, 600) });
    if (d.chance(0.4)) fields.push({ id: this.customFields[2]!.id, value: d.pick(['Pitched', 'Flat', 'Metal']) });
    const buyer = p.stripeCustomer !== null;
    const tags = [buyer ? 'customer' : 'lead', ...(p.attribution.utmMedium ? [`${p.source} lead`] : [])];
    const contact: GhlContact = {
      id: ghlId(this.spec.seed, 'contact', index),
      locationId: this.spec.id,
      contactName: name(p).toLowerCase(),
      firstName: p.firstName,
      lastName: p.lastName,
      firstNameLowerCase: p.firstName.toLowerCase(),
      lastNameLowerCase: p.lastName.toLowerCase(),
      fullNameLowerCase: name(p).toLowerCase(),
      email: p.email,
      emailLowerCase: p.email.trim().toLowerCase(),
      phone: `+1555${String(d.int(0, 9_999_999)).padStart(7, '0')}`,
      companyName: d.chance(0.2) ? `${p.lastName} Holdings` : null,
      source: p.source,
      type: buyer ? 'customer' : 'lead',
      tags,
      dnd: d.chance(0.05),
      country: this.spec.country,
      timezone: this.spec.timezone,
      assignedTo: null,
      dateAdded: iso(added),
      dateUpdated: iso(Math.max(added, updated)),
      customFields: fields,
      attributions: p.lastAttribution ? [p.attribution, p.lastAttribution] : [p.attribution],
      followers: [],
    };
    this.contacts.push(contact);
    if (buyer) this.stripeCustomerOf.set(contact.id, p.stripeCustomer!);
    return contact;
  }

  #addOpportunity(now: number, contactIndex?: number): GhlOpportunity {
    const j = this.#madeOpportunities++;
    const d = drawFor(this.spec.seed, 'ghl-opportunity', j);
    const c =
      this.contacts[
        contactIndex ??
          (j < this.spec.buyers
            ? j
            : d.int(Math.min(this.spec.buyers, this.contacts.length - 1), this.contacts.length - 1))
      ]!;
    const buyer = this.stripeCustomerOf.has(c.id);
    const roll = d.float();
    const status: GhlOpportunityStatus = buyer
      ? roll < 0.8
        ? 'won'
        : 'open'
      : roll < 0.5
        ? 'open'
        : roll < 0.75
          ? 'lost'
          : roll < 0.85
            ? 'abandoned'
            : 'won';
    const pipeline = this.pipelines[d.chance(0.85) ? 0 : 1]!;
    const stages = pipeline.stages;
    const stage = status === 'won' ? stages.at(-1)! : stages[d.int(0, stages.length - 2)]!;
    const monetaryValue = d.chance(0.7) ? d.pick(CATALOG) : d.int(20_000, 900_000) / 100;
    const created = Math.min(now - 60_000, Date.parse(c.dateAdded) + d.int(0, 3 * DAY));
    const updated = Math.min(now - 1, created + d.int(0, 15 * DAY));
    const opportunity: GhlOpportunity = {
      id: ghlId(this.spec.seed, 'opportunity', j),
      name: `${c.firstName} ${c.lastName} - ${pipeline.name === 'Sales Pipeline' ? 'Solar install' : 'Onboarding'}`,
      monetaryValue,
      pipelineId: pipeline.id,
      pipelineStageId: stage.id,
      assignedTo: null,
      status,
      source: c.source,
      lastStatusChangeAt: iso(updated),
      lastStageChangeAt: iso(updated),
      lastActionDate: iso(updated),
      indexVersion: 1,
      createdAt: iso(created),
      updatedAt: iso(Math.max(created, updated)),
      contactId: c.id,
      locationId: this.spec.id,
      contact: {
        id: c.id,
        name: c.contactName,
        companyName: c.companyName,
        email: c.emailLowerCase,
        phone: c.phone,
        tags: c.tags,
      },
      notes: [],
      tasks: [],
      calendarEvents: [],
      customFields: [],
      followers: [],
    };
    this.opportunities.push(opportunity);
    return opportunity;
  }

  /** The location as `GET /locations/{id}` answers it (GetLocationByIdSchema; no currency, as documented). */
  location() {
    const s = this.spec;
    return {
      id: s.id,
      companyId: s.companyId,
      name: s.name,
      domain: `${s.id.toLowerCase()}.leadconnector.example`,
      address: '100 Sandbox Way',
      city: 'Springfield',
      state: 'IL',
      country: s.country,
      postalCode: '62701',
      website: 'https://northwind-solar.example',
      timezone: s.timezone,
      firstName: 'Sandbox',
      lastName: 'Owner',
      email: s.email,
      phone: '+15550100000',
      business: {
        name: s.name,
        address: '100 Sandbox Way',
        city: 'Springfield',
        state: 'IL',
        country: s.country,
        postalCode: '62701',
        website: 'https://northwind-solar.example',
        timezone: s.timezone,
      },
      social: {},
      settings: {
        allowDuplicateContact: false,
        allowDuplicateOpportunity: false,
        allowFacebookNameMerge: false,
        disableContactTimezone: false,
      },
    };
  }

  /** New leads arriving now (or at `at`, Unix ms); the sandbox's clock moves on with them. */
  addContacts(count: number, at = Date.now()): GhlContact[] {
    const buyers = stripeBuyers({ ...this.spec, buyers: 0 });
    this.spec.now = Math.max(this.spec.now, at);
    return Array.from({ length: count }, () => {
      const contact = this.#addContact(buyers, at);
      const d = drawFor(this.spec.seed, 'ghl-new-contact', this.contacts.length);
      const t = touch(d, '/quote');
      contact.source = t.source;
      contact.attributions = [t.attribution];
      return contact;
    });
  }

  /** New opportunities for existing contacts (default: the newest contacts), created now. */
  addOpportunities(count: number, at = Date.now()): GhlOpportunity[] {
    this.spec.now = Math.max(this.spec.now, at + 60_000);
    return Array.from({ length: count }, (_, k) => {
      const o = this.#addOpportunity(this.spec.now, Math.max(0, this.contacts.length - 1 - k));
      o.createdAt = iso(at);
      o.updatedAt = iso(at);
      return o;
    });
  }

  /** A contact by id, or undefined. */
  contact(id: string): GhlContact | undefined {
    return this.contacts.find((c) => c.id === id);
  }

  /** Changes a contact as a user of the CRM would; its dateUpdated becomes `at`. */
  updateContact(id: string, patch: Partial<Pick<GhlContact, 'tags' | 'phone' | 'source'>>, at = Date.now()) {
    const contact = this.contact(id);
    if (!contact) throw new Error(`no contact ${id}`);
    Object.assign(contact, patch, { dateUpdated: iso(at) });
    return contact;
  }

  /** Moves an opportunity (status, stage, value); its updatedAt becomes `at`. */
  updateOpportunity(
    id: string,
    patch: Partial<Pick<GhlOpportunity, 'status' | 'pipelineStageId' | 'monetaryValue'>>,
    at = Date.now(),
  ) {
    const o = this.opportunities.find((x) => x.id === id);
    if (!o) throw new Error(`no opportunity ${id}`);
    if (patch.status && patch.status !== o.status) o.lastStatusChangeAt = iso(at);
    if (patch.pipelineStageId && patch.pipelineStageId !== o.pipelineStageId) o.lastStageChangeAt = iso(at);
    Object.assign(o, patch, { updatedAt: iso(at) });
    return o;
  }

  totals(): GhlTotals {
    const zero = (): Record<GhlOpportunityStatus, number> => ({ open: 0, won: 0, lost: 0, abandoned: 0 });
    const byStatus = zero();
    const valueByStatus = zero();
    let value = 0;
    for (const o of this.opportunities) {
      const minor = Math.round(o.monetaryValue * 100);
      byStatus[o.status] += 1;
      valueByStatus[o.status] += minor;
      value += minor;
    }
    return {
      contacts: this.contacts.length,
      opportunities: this.opportunities.length,
      pipelines: this.pipelines.length,
      stages: this.pipelines.reduce((n, p) => n + p.stages.length, 0),
      byStatus,
      value,
      valueByStatus,
    };
  }
}
