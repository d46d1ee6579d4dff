import type { FacebookConversionsCredentialsBody, SaveIntegrationResponse } from '@ri/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-error';
import { useBusinessId } from '../../../lib/business-id';
import { getSession } from '../../../lib/session';
import { saveConversionsCredentials, testConversionsCredentials } from '../api/conversions-api';
import { integrationsQueryOptions, syncProgressQueryOptions } from '../api/integrations-api';
import { type ConnectStep, NOT_SIGNED_IN } from './use-stripe-connect';

/**
 * The Conversions API connect flow (section 4): checks the session, asks the server to check the token and pixel
 * with Meta, then saves. A failure clears the progress and keeps the server's message.
 */
export function useConversionsConnect() {
  const businessId = useBusinessId();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<ConnectStep>('idle');
  const [error, setError] = useState<string | null>(null);

  const fail = (message: string) => {
    setStep('idle');
    setError(message);
    return null;
  };

  const connect = async (body: FacebookConversionsCredentialsBody): Promise<SaveIntegrationResponse | null> => {
    setError(null);
    setStep('authenticating');
    if (getSession().status !== 'signed-in') return fail(NOT_SIGNED_IN);
    try {
      setStep('testing');
      const check = await testConversionsCredentials(businessId, body);
      if (!check.valid) return fail(check.error ?? 'Invalid credentials');
      setStep('saving');
      const saved = await saveConversionsCredentials(businessId, body);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: integrationsQueryOptions(businessId).queryKey }),
        queryClient.invalidateQueries({ queryKey: syncProgressQueryOptions(businessId).queryKey }),
      ]);
      setStep('saved');
      return saved;
    } catch (caught) {
      return fail(getErrorMessage(caught, 'Failed to connect to Meta'));
    }
  };

  return { step, error, connect };
}
