import {
  type CookieSession,
  cookieSessionSchema,
  messageResponseSchema,
  type SignupBody,
  signupResponseSchema,
  type User,
  userSchema,
} from '@ri/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { setBusinessId } from '../../../lib/business-id';
import { queryRoots } from '../../../lib/query-roots';
import { markSignedIn, markSignedOut } from '../../../lib/session';

export const authUserKey = [queryRoots.auth, 'user'] as const;

/** The signed-in user, or null when there is no session (a 401 that one refresh could not cure). */
export async function getAuthUser(): Promise<User | null> {
  try {
    const user = await apiRequest('/auth/user', { schema: userSchema, auth: 'session' });
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

export function signInWithPassword(body: { email: string; password: string }): Promise<CookieSession> {
  return apiRequest('/auth/token', {
    method: 'POST',
    query: { grant_type: 'password' },
    body,
    schema: cookieSessionSchema,
    auth: 'public',
  });
}

export function signUp(body: SignupBody) {
  return apiRequest('/auth/signup', { method: 'POST', body, schema: signupResponseSchema, auth: 'public' });
}

export function requestPasswordReset(email: string) {
  return apiRequest('/auth/recover', {
    method: 'POST',
    body: { email },
    schema: messageResponseSchema,
    auth: 'public',
  });
}

export function resetPassword(body: { token: string; password: string }) {
  return apiRequest('/auth/reset-password', {
    method: 'POST',
    body,
    schema: messageResponseSchema,
    auth: 'public',
  });
}

export function verifySignup(token: string): Promise<CookieSession> {
  return apiRequest('/auth/verify', {
    method: 'POST',
    body: { token, type: 'signup' },
    schema: cookieSessionSchema,
    auth: 'public',
  });
}

export function signOut(): Promise<undefined> {
  return apiRequest('/auth/logout', { method: 'POST', query: { scope: 'local' }, auth: 'session' });
}

/**
 * Makes a fresh session the current one: drops whatever another session left behind, caches its
 * user so the app opens without another round trip, then flips the session store (which re-renders).
 */
export function applySession(queryClient: QueryClient, session: { expires_at: number; user: User }) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryRoots.auth });
  queryClient.setQueryData(authUserKey, session.user);
  markSignedIn(session.expires_at);
}

/** After a session ended: forget every cached answer and remember that nobody is signed in. */
export function clearSessionCache(queryClient: QueryClient) {
  queryClient.clear();
  queryClient.setQueryData(authUserKey, null);
}
