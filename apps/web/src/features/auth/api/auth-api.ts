import { API, type CookieSession, cookieSessionSchema, type SignupBody, type User } from '@ri/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { setBusinessId } from '../../../lib/business-id';
import { personKey } from '../../../lib/query-keys';
import { markSignedIn, markSignedOut } from '../../../lib/session';

export const authUserKey = personKey(API.getUser);

/** The signed-in user, or null when there is no session (a 401 that one refresh could not cure). */
export async function getAuthUser(): Promise<User | null> {
  try {
    const user = await callEndpoint(API.getUser, {});
    markSignedIn();
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      markSignedOut();
      // The business choice belonged to the session that ended; the next person starts on their own.
      setBusinessId(null);
      return null;
    }
    throw error;
  }
}

export const authUserQueryOptions = () =>
  queryOptions({ queryKey: authUserKey, queryFn: getAuthUser, staleTime: 5 * 60_000, retry: false });

/** The web app signs in in cookie mode, so the answer carries no tokens (they arrive as httpOnly cookies). */
const asCookieSession = (answer: unknown): CookieSession => cookieSessionSchema.parse(answer);

export async function signInWithPassword(body: { email: string; password: string }): Promise<CookieSession> {
  return asCookieSession(await callEndpoint(API.issueToken, { query: { grant_type: 'password' }, body }));
}

export function signUp(body: SignupBody) {
  return callEndpoint(API.signUp, { body });
}

export function requestPasswordReset(email: string) {
  return callEndpoint(API.recoverPassword, { body: { email } });
}

export function resetPassword(body: { token: string; password: string }) {
  return callEndpoint(API.resetPassword, { body });
}

export async function verifySignup(token: string): Promise<CookieSession> {
  return asCookieSession(await callEndpoint(API.verifySignup, { body: { token, type: 'signup' } }));
}

export async function signOut(): Promise<void> {
  await callEndpoint(API.signOut, { query: { scope: 'local' } });
}

/**
 * Makes a fresh session the current one: drops whatever another session left behind, caches its
 * user so the app opens without another round trip, then flips the session store (which re-renders).
 */
export function applySession(queryClient: QueryClient, session: { expires_at: number; user: User }) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey.join() !== authUserKey.join() });
  queryClient.setQueryData(authUserKey, session.user);
  markSignedIn(session.expires_at);
}

/** After a session ended: forget every cached answer and remember that nobody is signed in. */
export function clearSessionCache(queryClient: QueryClient) {
  queryClient.clear();
  queryClient.setQueryData(authUserKey, null);
}
