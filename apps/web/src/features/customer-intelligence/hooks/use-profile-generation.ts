import type { ProfileGenerationResult, TaskStatusResponse } from '@ri/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-error';
import { useBusinessId } from '../../../lib/business-id';
import { generateNeuromindProfiles, getTaskStatus, profileStaleKeys } from '../api/customer-intelligence-api';

/** Spec section 9: the task is polled every 5 s, the first time 5 s after it started. */
export const TASK_POLL_MS = 5000;
/** Polls that fail in a row (the server unreachable) before the screen gives up and says so. */
const MAX_POLL_FAILURES = 3;

export const GENERATION_FAILED = 'Profile Generation Failed';
export const REFRESH_FAILED = 'Profile Refresh Failed';
export const UNEXPECTED_ERROR = 'An unexpected error occurred';
export const ALREADY_EXIST = 'Neuromind profiles already exist and are up to date.';

/** Where Refresh Segments is: what the alert region shows. */
export type GenerationState =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'running'; taskId: string; message: string; totalContacts: number; task: TaskStatusResponse | null }
  | { kind: 'completed'; result: ProfileGenerationResult | null }
  | { kind: 'already-exist'; message: string }
  | { kind: 'generation-failed'; error: string }
  | { kind: 'refresh-failed'; error: string };

/**
 * Refresh Segments (spec section 4): starts profile generation with force_regenerate=true; with a task id it
 * polls the task every 5 s until it completes (then reloads the screen's data) or fails.
 */
export function useProfileGeneration() {
  const businessId = useBusinessId();
  const queryClient = useQueryClient();
  const [state, setState] = useState<GenerationState>({ kind: 'idle' });
  const taskId = state.kind === 'running' ? state.taskId : null;
  const stateRef = useRef(state);
  stateRef.current = state;

  useEffect(() => {
    if (!taskId) return;
    let cancelled = false;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const task = await getTaskStatus(businessId, taskId);
        if (cancelled) return;
        failures = 0;
        if (task.status === 'completed') {
          setState({
            kind: 'completed',
            result: task.result && 'profiles_generated' in task.result ? task.result : null,
          });
          await Promise.all(
            profileStaleKeys(businessId).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
          );
          return;
        }
        if (task.status === 'failed') {
          setState({ kind: 'generation-failed', error: task.error ?? task.result?.error ?? UNEXPECTED_ERROR });
          return;
        }
        setState((current) => (current.kind === 'running' ? { ...current, task } : current));
      } catch (error) {
        if (cancelled) return;
        if (++failures >= MAX_POLL_FAILURES) {
          setState({ kind: 'refresh-failed', error: getErrorMessage(error, UNEXPECTED_ERROR) });
          return;
        }
      }
      timer = setTimeout(poll, TASK_POLL_MS);
    };
    timer = setTimeout(poll, TASK_POLL_MS);
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
      if (!reply.success) {
        setState({ kind: 'refresh-failed', error: reply.message || UNEXPECTED_ERROR });
      } else if (reply.task_id) {
        setState({
          kind: 'running',
          taskId: reply.task_id,
          message: reply.message,
          totalContacts: reply.total_contacts,
          task: null,
        });
      } else {
        setState({ kind: 'already-exist', message: reply.message || ALREADY_EXIST });
      }
    } catch (error) {
      setState({ kind: 'refresh-failed', error: getErrorMessage(error, UNEXPECTED_ERROR) });
    }
  };

  return {
    state,
    start: () => void start(),
    busy: state.kind === 'starting' || state.kind === 'running',
    dismiss: () => setState({ kind: 'idle' }),
  };
}
