import type { SaveIntegrationResponse, StripeCredentialsBody } from '@ri/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-error';
import { useBusinessId } from '../../../lib/business-id';
import { getSession } from '../../../lib/session';
import {
  integrationsQueryOptions,
  saveStripeCredentials,
  syncProgressQueryOptions,
  testStripeCredentials,
} from '../api/integrations-api';

export type ConnectStep = 'idle' | 'authenticating' | 'testing' | 'saving' | 'saved';

/** The progress text of the connect form (section 4), none while idle. */
export const CONNECT_STEP_TEXT: Record<ConnectStep, string | null> = {
  idle: null,
  authenticating: 'Authenticating…',
  testing: 'Testing credentials…',
  saving: 'Saving…',
  saved: 'Integration saved successfully!',
};

export const NOT_SIGNED_IN = 'Please log in to create integrations. No valid authentication found.';

/**
 * The Stripe connect flow: checks the session, asks the server to test the key with Stripe, then saves it.
 * A failure clears the progress and keeps the server's message (e.g. 'Invalid Stripe credentials: …').
 */
export function useStripeConnect() {
  const businessId = useBusinessId();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<ConnectStep>('idle');
  const [error, setError] = useState<string | null>(null);

  const fail = (message: string) => {
    setStep('idle');
    setError(message);
    return null;
  };

  const connect = async (body: StripeCredentialsBody): Promise<SaveIntegrationResponse | null> => {
    setError(null);
    setStep('authenticating');
    if (getSession().status !== 'signed-in') return fail(NOT_SIGNED_IN);
    try {
      setStep('testing');
      const check = await testStripeCredentials(businessId, body);
      if (!check.valid) return fail(check.error ?? 'Invalid Stripe credentials');
      setStep('saving');
      const saved = await saveStripeCredentials(businessId, body);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: integrationsQueryOptions(businessId).queryKey }),
        queryClient.invalidateQueries({ queryKey: syncProgressQueryOptions(businessId).queryKey }),
      ]);
      setStep('saved');
      return saved;
    } catch (caught) {
      return fail(getErrorMessage(caught, 'Failed to save integration'));
    }
  };

  return { step, error, connect };
}
