import { describe, expect, it } from 'vitest';
import { createSseParser, type ServerSentEvent } from './sse-parser';

function parse(chunks: string[]): ServerSentEvent[] {
  const events: ServerSentEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  return events;
}

describe('createSseParser', () => {
  it('reads named events and skips ping comments', () => {
    expect(parse([': ping\n\nevent: session\ndata: {"a":1}\n\n: ping\n\n'])).toEqual([
      { event: 'session', data: '{"a":1}' },
    ]);
  });

  it('joins data lines and names unnamed events message', () => {
    expect(parse(['data: one\ndata:two\n\n'])).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });

  it('reassembles events split anywhere across chunks, CRLF included', () => {
    const text = 'event: session\r\ndata: {"b":2}\r\n\r\nevent: session\rdata: x\r\r\n';
    const oneByOne = parse([...text]);
    expect(oneByOne).toEqual([
      { event: 'session', data: '{"b":2}' },
      { event: 'session', data: 'x' },
    ]);
    expect(parse([text])).toEqual(oneByOne);
  });

  it('waits for the blank line before dispatching', () => {
    expect(parse(['event: session\ndata: half'])).toEqual([]);
  });
});
