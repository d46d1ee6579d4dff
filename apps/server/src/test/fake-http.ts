import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

export type FakeServer = {
  /** `http://127.0.0.1:<port>` */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
};

/**
 * A local HTTP server standing in for a vendor's API (no vendor is reachable from here): `handle` answers each
 * request after its body is read, and may never answer. Every request is recorded; close() drops open connections.
 */
export async function startFakeServer(
  handle: (request: RecordedRequest, response: ServerResponse) => void,
): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      handle(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers with a JSON body, a status and headers. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}
