import { useSyncExternalStore } from 'react';

/**
 * What the browser knows about its session. In cookie mode the tokens live in httpOnly cookies that
 * scripts cannot read, so this store only records whether a session exists and when its access
 * token expires (a timestamp, not a secret; kept across reloads so auto-refresh works at once).
 */
export type SessionStatus = 'unknown' | 'signed-in' | 'signed-out';
export type SessionState = { status: SessionStatus; expiresAt: number | null };

const EXPIRY_KEY = 'ri.session_expires_at';

function readStoredExpiry(): number | null {
  try {
    const value = Number(localStorage.getItem(EXPIRY_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function writeStoredExpiry(expiresAt: number | null) {
  try {
    if (expiresAt === null) localStorage.removeItem(EXPIRY_KEY);
    else localStorage.setItem(EXPIRY_KEY, String(expiresAt));
  } catch {
    // Storage can be unavailable (private mode); the session still works, only without proactive refresh.
  }
}

let state: SessionState = { status: 'unknown', expiresAt: readStoredExpiry() };
const listeners = new Set<() => void>();
const signOutListeners = new Set<() => void>();

function setState(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

export function getSession(): SessionState {
  return state;
}

/** Records a live session; `expiresAt` (unix seconds) when the server told us, else the stored one. */
export function markSignedIn(expiresAt?: number) {
  const next = expiresAt ?? state.expiresAt ?? readStoredExpiry();
  if (expiresAt !== undefined) writeStoredExpiry(expiresAt);
  if (state.status === 'signed-in' && state.expiresAt === next) return;
  setState({ status: 'signed-in', expiresAt: next });
}

/** Records that there is no session; listeners clear cached data only when a session really ended. */
export function markSignedOut() {
  const wasSignedIn = state.status === 'signed-in';
  writeStoredExpiry(null);
  if (state.status !== 'signed-out' || state.expiresAt !== null) setState({ status: 'signed-out', expiresAt: null });
  if (wasSignedIn) for (const listener of signOutListeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs `listener` each time a signed-in session ends (sign-out, or a refresh the server refused). */
export function onSignedOut(listener: () => void): () => void {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** Test helper: forget everything, as on a fresh page load with empty storage. */
export function resetSessionForTests() {
  writeStoredExpiry(null);
  state = { status: 'unknown', expiresAt: null };
}
