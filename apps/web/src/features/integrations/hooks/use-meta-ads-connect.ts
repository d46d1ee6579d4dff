import type { FacebookAdsCredentialsBody, SaveIntegrationResponse } from '@ri/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-error';
import { useBusinessId } from '../../../lib/business-id';
import { getSession } from '../../../lib/session';
import {
  integrationsQueryOptions,
  saveFacebookCredentials,
  syncProgressQueryOptions,
  testFacebookCredentials,
} from '../api/integrations-api';
import { type ConnectStep, NOT_SIGNED_IN } from './use-stripe-connect';

/**
 * The Meta Ads connect flow (section 4): checks the session, asks the server to test the token with Meta, then
 * saves it. Limited ad access only logs a warning, as the spec has it; the save then says why the token cannot be
 * used. A failure clears the progress and keeps the server's message ('Invalid credentials: …', 'Failed to connect
 * to Facebook: …').
 */
export function useMetaAdsConnect() {
  const businessId = useBusinessId();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<ConnectStep>('idle');
  const [error, setError] = useState<string | null>(null);

  const fail = (message: string) => {
    setStep('idle');
    setError(message);
    return null;
  };

  const connect = async (body: FacebookAdsCredentialsBody): Promise<SaveIntegrationResponse | null> => {
    setError(null);
    setStep('authenticating');
    if (getSession().status !== 'signed-in') return fail(NOT_SIGNED_IN);
    try {
      setStep('testing');
      const check = await testFacebookCredentials(businessId, body);
      if (!check.valid) return fail(check.error ?? 'Invalid credentials');
      if (check.userInfo && !check.userInfo.has_ad_access) {
        console.warn('Meta Ads: the token has limited ad access', check.userInfo.ad_access_error);
      }
      setStep('saving');
      const saved = await saveFacebookCredentials(businessId, body);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: integrationsQueryOptions(businessId).queryKey }),
        queryClient.invalidateQueries({ queryKey: syncProgressQueryOptions(businessId).queryKey }),
      ]);
      setStep('saved');
      return saved;
    } catch (caught) {
      return fail(getErrorMessage(caught, 'Failed to connect to Facebook'));
    }
  };

  return { step, error, connect };
}
