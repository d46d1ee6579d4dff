/** One dispatched Server-Sent Event: its type ('message' when the stream names none) and data lines. */
export type ServerSentEvent = { event: string; data: string };

/**
 * Turns a text/event-stream body, fed in arbitrary chunks, into events as the HTML standard parses
 * them: lines end in LF, CR or CRLF; a blank line dispatches; `:` lines are comments (the server's
 * pings); `data` lines join with LF; an event with no data line is dropped.
 */
export function createSseParser(onEvent: (event: ServerSentEvent) => void) {
  let buffer = '';
  let eventType = '';
  let data: string[] = [];
  let hasData = false;

  const dispatch = () => {
    if (hasData) onEvent({ event: eventType || 'message', data: data.join('\n') });
    eventType = '';
    data = [];
    hasData = false;
  };

  const readLine = (line: string) => {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventType = value;
    else if (field === 'data') {
      data.push(value);
      hasData = true;
    }
  };

  return {
    /** Feeds the next decoded chunk; complete lines are read at once, the rest waits for more. */
    push(chunk: string) {
      buffer += chunk;
      for (;;) {
        const end = buffer.search(/\r\n|\r|\n/);
        if (end === -1) return;
        // A CR at the very end may be the first half of a CRLF split across chunks: wait for the next one.
        if (buffer[end] === '\r' && end === buffer.length - 1) return;
        const width = buffer.startsWith('\r\n', end) ? 2 : 1;
        readLine(buffer.slice(0, end));
        buffer = buffer.slice(end + width);
      }
    },
  };
}
