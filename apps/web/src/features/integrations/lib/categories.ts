import type { IntegrationCategory, Platform, ProvidersResponse } from '@ri/contracts';

export type CategoryFilter = 'all' | IntegrationCategory;

/** The filter chips of section 2.3, in their order. */
export const CATEGORY_FILTERS: { id: CategoryFilter; label: string }[] = [
  { id: 'all', label: 'All Integrations' },
  { id: 'ad_intelligence', label: 'Ad Intelligence' },
  { id: 'customer_intelligence', label: 'Customer Intelligence' },
  { id: 'behavior_intelligence', label: 'Behavior Intelligence' },
];

export const NO_PROVIDERS_TEXT = 'No integration platforms are currently available from the backend.';

/** The empty state's message: the spec's sentence for no platforms at all, else one naming the category. */
export function emptyCategoryText(filter: CategoryFilter): string {
  if (filter === 'all') return NO_PROVIDERS_TEXT;
  const label = CATEGORY_FILTERS.find((c) => c.id === filter)?.label ?? filter;
  return `No ${label} platforms are currently available from the backend.`;
}

/** A platform with the category it was delivered under (the spec adds it on the client). */
export type CategorisedPlatform = Platform & { category: IntegrationCategory };

/** The providers map flattened into one list, each platform tagged with its category. */
export function flattenProviders(providers: Partial<ProvidersResponse['providers']>): CategorisedPlatform[] {
  return Object.entries(providers).flatMap(([category, list]) =>
    list.map((platform) => ({ ...platform, category: category as IntegrationCategory })),
  );
}

export const inCategory = (category: IntegrationCategory, filter: CategoryFilter) =>
  filter === 'all' || category === filter;
