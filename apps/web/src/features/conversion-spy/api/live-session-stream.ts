import { API, type LiveSessionEvent } from '@ri/contracts';
import { openStream } from '../../../lib/api-client';
import { createSseParser } from './sse-parser';

type Handlers = {
  /** The stream is open: events will follow. */
  onOpen: () => void;
  onSession: (event: LiveSessionEvent) => void;
};

/**
 * Reads the live sessions stream until the server ends it or `signal` aborts. Resolves when the
 * stream ends; rejects when it cannot be opened or breaks off. Events that do not match the contract
 * are skipped, so one odd message never closes the connection.
 */
export async function readLiveSessionStream(
  businessId: string | null,
  signal: AbortSignal,
  { onOpen, onSession }: Handlers,
): Promise<void> {
  const response = await openStream(API.streamLiveSessions, { businessId, signal });
  if (!response.body) throw new Error('The live stream answered without a body');
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const cancel = () => void reader.cancel().catch(() => {});
  signal.addEventListener('abort', cancel);
  const parser = createSseParser(({ event, data }) => {
    if (event !== 'session') return;
    try {
      const parsed = API.streamLiveSessions.response.safeParse(JSON.parse(data));
      if (parsed.success) onSession(parsed.data);
    } catch {
      // Not JSON: skip it like any other malformed event.
    }
  });
  onOpen();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal.aborted) return;
      parser.push(decoder.decode(value, { stream: true }));
    }
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}
