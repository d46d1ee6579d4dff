import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec: the copy confirmation shows for 2 s. */
export const COPY_CONFIRMATION_MS = 2000;

export type CopyState = 'idle' | 'copied' | 'failed';

/** Copies text to the clipboard and reports 'copied' (or 'failed') for two seconds. */
export function useCopyToClipboard() {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (text: string) => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
    timer.current = setTimeout(() => setState('idle'), COPY_CONFIRMATION_MS);
  }, []);

  return { state, copy };
}
