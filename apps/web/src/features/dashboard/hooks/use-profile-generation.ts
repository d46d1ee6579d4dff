import type { ProfileGenerationResult, TaskStatusResponse } from '@ri/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-error';
import { useBusinessId } from '../../../lib/business-id';
import { dashboardStaleKeys } from '../api/dashboard-api';
import { generateNeuromindProfiles, getTaskStatus } from '../api/profiles-api';

/** Spec section 9: a task is polled every 2 s. */
export const PROFILE_POLL_MS = 2000;
/** Polls that fail in a row (the server unreachable) before the card gives up and says so. */
const MAX_POLL_FAILURES = 3;
export const PROFILES_FAILED = 'Profile generation failed';
const UNEXPECTED = 'An unexpected error occurred';

export type ProfileGeneration =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'running'; taskId: string; message: string; task: TaskStatusResponse | null }
  | { kind: 'completed'; result: ProfileGenerationResult | null }
  | { kind: 'current'; message: string }
  | { kind: 'failed'; error: string };

const isProfileResult = (result: TaskStatusResponse['result']): result is ProfileGenerationResult =>
  result !== null && 'profiles_generated' in result;

/**
 * Generate Neuromind Profiles from the dashboard's empty profile card: starts the build with force_regenerate,
 * polls its task every 2 s with its progress, and reloads the dashboard when it completes.
 */
export function useProfileGeneration() {
  const businessId = useBusinessId();
  const queryClient = useQueryClient();
  const [state, setState] = useState<ProfileGeneration>({ kind: 'idle' });
  const taskId = state.kind === 'running' ? state.taskId : null;
  const stateRef = useRef(state);
  stateRef.current = state;

  useEffect(() => {
    if (!taskId) return;
    let cancelled = false;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout>;
    const reload = () =>
      Promise.all(dashboardStaleKeys(businessId).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    const poll = async () => {
      try {
        const task = await getTaskStatus(businessId, taskId);
        if (cancelled) return;
        failures = 0;
        if (task.status === 'completed') {
          setState({ kind: 'completed', result: isProfileResult(task.result) ? task.result : null });
          await reload();
          return;
        }
        if (task.status === 'failed') {
          setState({ kind: 'failed', error: task.error ?? task.result?.error ?? UNEXPECTED });
          return;
        }
        setState((current) => (current.kind === 'running' ? { ...current, task } : current));
      } catch (error) {
        if (cancelled) return;
        if (++failures >= MAX_POLL_FAILURES) {
          setState({ kind: 'failed', error: getErrorMessage(error, UNEXPECTED) });
          return;
        }
      }
      timer = setTimeout(poll, PROFILE_POLL_MS);
    };
    timer = setTimeout(poll, PROFILE_POLL_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [taskId, businessId, queryClient]);

  const start = async () => {
    if (stateRef.current.kind === 'starting' || stateRef.current.kind === 'running') return;
    setState({ kind: 'starting' });
    try {
      const reply = await generateNeuromindProfiles(businessId);
      if (!reply.success) setState({ kind: 'failed', error: reply.message || UNEXPECTED });
      else if (reply.task_id) setState({ kind: 'running', taskId: reply.task_id, message: reply.message, task: null });
      else {
        setState({ kind: 'current', message: reply.message });
        await Promise.all(
          dashboardStaleKeys(businessId).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        );
      }
    } catch (error) {
      setState({ kind: 'failed', error: getErrorMessage(error, UNEXPECTED) });
    }
  };

  return {
    state,
    busy: state.kind === 'starting' || state.kind === 'running',
    start: () => void start(),
    dismiss: () => setState({ kind: 'idle' }),
  };
}
