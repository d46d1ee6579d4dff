import type { Endpoint } from '@ri/contracts';

/** The first element of every query key: whose answer it is. */
const SCOPES = { person: 'person', business: 'business' } as const;

const endpointId = (e: Endpoint) => `${e.method} ${e.path}`;

/**
 * The query key of an endpoint's answers about one business (null: the person's own) and the given inputs.
 * Without inputs it is the prefix of all of them: what a change to that business makes stale.
 */
export const businessKey = (e: Endpoint, businessId: string | null, ...inputs: unknown[]) =>
  [SCOPES.business, businessId ?? 'own', endpointId(e), ...inputs] as const;

/** The prefix of every answer about one business (null: the person's own): what a sync of all its data makes stale. */
export const businessScopeKey = (businessId: string | null) => [SCOPES.business, businessId ?? 'own'] as const;

/** The query key of an endpoint's answers about the signed-in person (their user, their businesses, their mail). */
export const personKey = (e: Endpoint, ...inputs: unknown[]) => [SCOPES.person, endpointId(e), ...inputs] as const;

/** True for answers about the signed-in person: they survive a business switch; business answers do not. */
export const isPersonQuery = (queryKey: readonly unknown[]) => queryKey[0] === SCOPES.person;
