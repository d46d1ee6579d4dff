// The GAQL fields the sandbox serves, with their types as GoogleAdsFieldService describes them, and the REST (proto3
// JSON) shape of a row: nested objects with lowerCamelCase keys, int64 values as decimal strings, enums as names,
// `resourceName` on each resource a row selects, unset fields left out.

export type FieldType = 'int64' | 'string' | 'double' | 'bool' | 'enum' | 'date' | 'string_list' | 'message_list';

const f = (type: FieldType, names: string) =>
  Object.fromEntries(names.split(/\s+/).map((n) => [n, type])) as Record<string, FieldType>;

export const GAQL_FIELDS: Record<string, FieldType> = {
  ...f('string', 'customer.resource_name customer.descriptive_name customer.currency_code customer.time_zone'),
  ...f('int64', 'customer.id'),
  ...f('bool', 'customer.manager customer.test_account customer.auto_tagging_enabled'),
  ...f('enum', 'customer.status'),
  ...f(
    'string',
    'customer_client.resource_name customer_client.client_customer customer_client.descriptive_name customer_client.currency_code customer_client.time_zone',
  ),
  ...f('int64', 'customer_client.id customer_client.level'),
  ...f('bool', 'customer_client.manager customer_client.hidden customer_client.test_account'),
  ...f('enum', 'customer_client.status'),
  ...f(
    'string',
    'campaign.resource_name campaign.name campaign.campaign_budget campaign.tracking_url_template campaign.final_url_suffix',
  ),
  ...f('int64', 'campaign.id'),
  ...f(
    'enum',
    'campaign.status campaign.serving_status campaign.advertising_channel_type campaign.bidding_strategy_type',
  ),
  ...f('string', 'campaign_budget.resource_name'),
  ...f('int64', 'campaign_budget.id campaign_budget.amount_micros'),
  ...f('enum', 'campaign_budget.delivery_method'),
  ...f(
    'string',
    'ad_group.resource_name ad_group.name ad_group.campaign ad_group.tracking_url_template ad_group.final_url_suffix',
  ),
  ...f('int64', 'ad_group.id ad_group.cpc_bid_micros'),
  ...f('enum', 'ad_group.status ad_group.type'),
  ...f(
    'string',
    'ad_group_ad.resource_name ad_group_ad.ad_group ad_group_ad.ad.resource_name ad_group_ad.ad.name ad_group_ad.ad.tracking_url_template ad_group_ad.ad.final_url_suffix ad_group_ad.ad.responsive_search_ad.path1',
  ),
  ...f('int64', 'ad_group_ad.ad.id'),
  ...f('enum', 'ad_group_ad.status ad_group_ad.ad.type'),
  ...f('string_list', 'ad_group_ad.ad.final_urls'),
  ...f(
    'message_list',
    'ad_group_ad.ad.responsive_search_ad.headlines ad_group_ad.ad.responsive_search_ad.descriptions',
  ),
  ...f('int64', 'metrics.impressions metrics.clicks metrics.cost_micros'),
  ...f('double', 'metrics.conversions metrics.conversions_value'),
  ...f('date', 'segments.date'),
};

/** For each resource the sandbox serves in FROM, the resources whose fields a query may select with it. */
export const SELECTABLE_WITH: Record<string, { resources: readonly string[]; metrics: boolean }> = {
  customer: { resources: ['customer'], metrics: true },
  customer_client: { resources: ['customer_client', 'customer'], metrics: false },
  campaign: { resources: ['campaign', 'campaign_budget', 'customer'], metrics: true },
  ad_group: { resources: ['ad_group', 'campaign', 'customer'], metrics: true },
  ad_group_ad: { resources: ['ad_group_ad', 'ad_group', 'campaign', 'customer'], metrics: true },
};

/** The resource a field belongs to: `ad_group_ad.ad.id` → ad_group_ad, `metrics.clicks` → metrics. */
export const resourceOf = (field: string) => field.slice(0, field.indexOf('.'));

export const camel = (snake: string) => snake.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());

/** The value at a dotted snake_case path of a row, or undefined. */
export const valueAt = (row: Record<string, unknown>, field: string): unknown => {
  let node: unknown = row;
  for (const part of field.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
};

const toJson = (type: FieldType, value: unknown): unknown => {
  if (type === 'int64') return String(value);
  if (type === 'message_list') {
    return (value as Record<string, unknown>[]).map((m) =>
      Object.fromEntries(Object.entries(m).map(([k, v]) => [camel(k), v])),
    );
  }
  return value;
};

type Compiled = { parts: string[]; path: string[]; type: FieldType; owners: { name: string[]; path: string[] }[] };
const compiled = new Map<string, Compiled>();
const compile = (field: string): Compiled => {
  let found = compiled.get(field);
  if (!found) {
    const parts = field.split('.');
    const owners: Compiled['owners'] = [];
    // Each selected resource (and the ad inside an ad group ad) names itself.
    if (parts[0] !== 'metrics' && parts[0] !== 'segments') {
      for (let depth = 1; depth < parts.length; depth++) {
        const owner = parts.slice(0, depth);
        owners.push({ name: [...owner, 'resource_name'], path: [...owner.map(camel), 'resourceName'] });
      }
    }
    found = { parts, path: parts.map(camel), type: GAQL_FIELDS[field]!, owners };
    compiled.set(field, found);
  }
  return found;
};

const at = (row: Record<string, unknown>, parts: string[]): unknown => {
  let node: unknown = row;
  for (const part of parts) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
};

/** A row as Google Ads REST answers it: only the selected fields, plus the resource names of what it selects. */
export const projectRow = (row: Record<string, unknown>, select: readonly string[]): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  const put = (path: string[], value: unknown) => {
    let node = out;
    for (let i = 0; i < path.length - 1; i++) {
      const part = path[i]!;
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    node[path[path.length - 1]!] = value;
  };
  for (const field of select) {
    const { parts, path, type, owners } = compile(field);
    const value = at(row, parts);
    if (value === undefined || value === null) continue;
    put(path, toJson(type, value));
    for (const owner of owners) {
      const name = at(row, owner.name);
      if (typeof name === 'string') put(owner.path, name);
    }
  }
  return out;
};
