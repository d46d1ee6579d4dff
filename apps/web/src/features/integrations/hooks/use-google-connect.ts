import type { GoogleCredentialsBody, SaveIntegrationResponse } from '@ri/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-error';
import { useBusinessId } from '../../../lib/business-id';
import { getSession } from '../../../lib/session';
import {
  integrationsQueryOptions,
  saveGoogleCredentials,
  syncProgressQueryOptions,
  testGoogleCredentials,
} from '../api/integrations-api';
import { type ConnectStep, NOT_SIGNED_IN } from './use-stripe-connect';

/** Section 8's fallback for the search ads platform when the server gives no reason. */
export const GOOGLE_CONNECT_FAILED = 'Failed to connect to Google Ads';

/**
 * The Google Ads connect flow: checks the session, asks the server to test the token with Google Ads (and GA4 when a
 * property is given), then saves it; the save reply carries the analytics events test. A failure clears the progress
 * and keeps the server's message.
 */
export function useGoogleConnect() {
  const businessId = useBusinessId();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<ConnectStep>('idle');
  const [error, setError] = useState<string | null>(null);

  const fail = (message: string) => {
    setStep('idle');
    setError(message);
    return null;
  };

  const connect = async (body: GoogleCredentialsBody): Promise<SaveIntegrationResponse | null> => {
    setError(null);
    setStep('authenticating');
    if (getSession().status !== 'signed-in') return fail(NOT_SIGNED_IN);
    try {
      setStep('testing');
      const check = await testGoogleCredentials(businessId, body);
      if (!check.valid) return fail(check.error ?? 'Invalid credentials');
      setStep('saving');
      const saved = await saveGoogleCredentials(businessId, body);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: integrationsQueryOptions(businessId).queryKey }),
        queryClient.invalidateQueries({ queryKey: syncProgressQueryOptions(businessId).queryKey }),
      ]);
      setStep('saved');
      return saved;
    } catch (caught) {
      return fail(getErrorMessage(caught, GOOGLE_CONNECT_FAILED));
    }
  };

  return { step, error, connect };
}
