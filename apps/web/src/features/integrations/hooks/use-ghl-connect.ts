import type { GoHighLevelCredentialsBody, SaveIntegrationResponse } from '@ri/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, getErrorMessage } from '../../../lib/api-error';
import { useBusinessId } from '../../../lib/business-id';
import { getSession } from '../../../lib/session';
import {
  integrationsQueryOptions,
  saveGoHighLevelCredentials,
  syncProgressQueryOptions,
  testGoHighLevelCredentials,
} from '../api/integrations-api';
import { type ConnectStep, NOT_SIGNED_IN } from './use-stripe-connect';

/** Section 8's wording for a CRM failure that carries no message of its own. */
export const GHL_UNEXPECTED = 'An unexpected error occurred';

type Field = 'apiKey' | 'locationId';

/**
 * The GoHighLevel connect flow: checks the session, asks the server to test the key and location with
 * GoHighLevel, then saves them. A refusal clears the progress and keeps the server's message, and the field it
 * names (a key GoHighLevel refused, a location the key cannot open) so the form can show it there.
 */
export function useGhlConnect() {
  const businessId = useBusinessId();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<ConnectStep>('idle');
  const [error, setError] = useState<{ message: string; field: Field | null } | null>(null);

  const fail = (message: string, field: Field | null = null) => {
    setStep('idle');
    setError({ message, field });
    return null;
  };

  const connect = async (body: GoHighLevelCredentialsBody): Promise<SaveIntegrationResponse | null> => {
    setError(null);
    setStep('authenticating');
    if (getSession().status !== 'signed-in') return fail(NOT_SIGNED_IN);
    try {
      setStep('testing');
      const check = await testGoHighLevelCredentials(businessId, body);
      if (!check.valid) return fail(check.error ?? GHL_UNEXPECTED);
      setStep('saving');
      const saved = await saveGoHighLevelCredentials(businessId, body);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: integrationsQueryOptions(businessId).queryKey }),
        queryClient.invalidateQueries({ queryKey: syncProgressQueryOptions(businessId).queryKey }),
      ]);
      setStep('saved');
      return saved;
    } catch (caught) {
      const field = caught instanceof ApiError && (caught.field === 'apiKey' || caught.field === 'locationId');
      return fail(getErrorMessage(caught, GHL_UNEXPECTED), field ? (caught.field as Field) : null);
    }
  };

  return { step, error, connect, clearError: () => setError(null) };
}
