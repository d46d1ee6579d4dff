import type { TestScriptResponse } from '@ri/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-error';
import { useBusinessId } from '../../../lib/business-id';
import { type TestScriptInput, testScript, validateSetupQueryOptions } from '../api/tracking-script-api';

/** Spec: the test button returns to idle 3 s after a result. */
export const TEST_RESET_MS = 3000;

export type TestButtonState = 'idle' | 'testing' | 'success' | 'error';

/** The last outcome stays on screen after the button resets, so the reason for a failure is not lost. */
export type TestOutcome =
  | { passed: true; response: TestScriptResponse }
  | { passed: false; message: string; response: TestScriptResponse | null };

export function useTestScript() {
  const queryClient = useQueryClient();
  const businessId = useBusinessId();
  const [state, setState] = useState<TestButtonState>('idle');
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const mutation = useMutation({
    mutationFn: (input: TestScriptInput) => testScript(businessId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: validateSetupQueryOptions(businessId).queryKey }),
  });

  useEffect(() => {
    if (state !== 'success' && state !== 'error') return;
    const timer = setTimeout(() => setState('idle'), TEST_RESET_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const run = async (input: TestScriptInput) => {
    setState('testing');
    try {
      const response = await mutation.mutateAsync(input);
      const passed = response.test_status === 'success';
      setOutcome(passed ? { passed, response } : { passed, message: response.message, response });
      setState(passed ? 'success' : 'error');
    } catch (error) {
      setOutcome({ passed: false, message: getErrorMessage(error, 'The test could not be run.'), response: null });
      setState('error');
    }
  };

  return { state, outcome, run };
}
