import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markSignedOut } from '../../../lib/session';
import {
  applySession,
  requestPasswordReset,
  resetPassword,
  signInWithPassword,
  signOut,
  signUp,
  verifySignup,
} from '../api/auth-api';

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithPassword,
    onSuccess: (session) => applySession(queryClient, session),
  });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: (answer) => {
      if (answer.session) applySession(queryClient, answer.session);
    },
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

export function useVerifySignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySignup,
    onSuccess: (session) => applySession(queryClient, session),
  });
}

/**
 * Ends the session on the server, then locally even if the server could not be reached: a person
 * who asked to sign out must not stay signed in on this screen. The app clears the cache on the
 * sign-out event.
 */
export function useSignOut() {
  return useMutation({
    mutationFn: () => signOut().catch(() => undefined),
    onSettled: () => markSignedOut(),
  });
}
