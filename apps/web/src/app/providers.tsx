import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { clearSessionCache } from '../features/auth/api/auth-api';
import { setBusinessId } from '../lib/business-id';
import { onSignedOut } from '../lib/session';

/**
 * Server state for the whole app, and the one place that reacts to a session ending (sign-out or a
 * refused refresh): every cached answer goes, and so does the business choice, which belonged to it.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useEffect(
    () =>
      onSignedOut(() => {
        setBusinessId(null);
        clearSessionCache(queryClient);
      }),
    [queryClient],
  );
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
