/**
 * First elements of query keys that belong to the signed-in person rather than to the business
 * being viewed: they survive a business switch, everything else is dropped.
 */
export const queryRoots = { auth: 'auth', businesses: 'businesses' } as const;

const sessionScoped = new Set<unknown>(Object.values(queryRoots));

export function isSessionScopedQuery(queryKey: readonly unknown[]): boolean {
  return sessionScoped.has(queryKey[0]);
}
