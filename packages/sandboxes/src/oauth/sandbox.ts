import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleOAuthRequest } from './handler.js';
import { type OAuthFailure, type OAuthSandboxClient, type OAuthSandboxOptions, OAuthSandboxState } from './state.js';

export type OAuthSandbox = {
  url: string;
  host: string;
  port: number;
  /** The apps it knows: give their ids and secrets to the server (GOOGLE_OAUTH_CLIENT_ID, META_APP_ID, …). */
  clients: OAuthSandboxState['clients'];
  state: OAuthSandboxState;
  /** Fails the next matching requests; returns a function that cancels what is left. */
  inject(failure: OAuthFailure): () => void;
  /** The server's variables that point every sign-in (pages and token endpoints) at this sandbox. */
  env(): Record<string, string>;
  close(): Promise<void>;
};

/**
 * Starts the vendors' sign-in stand-in on 127.0.0.1: Google's, Meta's and GoHighLevel's authorization pages (they
 * approve at once, after checking the app and its redirect address) and token endpoints (codes once, PKCE for
 * Google, refresh grants, Meta's long-lived token exchange, GoHighLevel's location tokens).
 */
export const startOAuthSandbox = async (options: OAuthSandboxOptions = {}): Promise<OAuthSandbox> => {
  const state = new OAuthSandboxState(options);
  const server = createServer((req, res) => {
    handleOAuthRequest(state, req, res)
      .then((handled) => {
        if (handled) return;
        res.writeHead(404, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({ error: 'not_found', error_description: `No OAuth route for ${req.method} ${req.url}` }),
        );
      })
      .catch(() => {
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: 'internal_failure' }));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = '127.0.0.1';
  const url = `http://${host}:${port}`;
  const pair = (client: OAuthSandboxClient) => [client.clientId, client.clientSecret] as const;
  return {
    url,
    host,
    port,
    clients: state.clients,
    state,
    inject: (failure) => state.failures.add(failure),
    env: () => {
      const [googleId, googleSecret] = pair(state.clients.google);
      const [metaId, metaSecret] = pair(state.clients.facebook);
      const [ghlId, ghlSecret] = pair(state.clients.gohighlevel);
      return {
        GOOGLE_OAUTH_CLIENT_ID: googleId,
        GOOGLE_OAUTH_CLIENT_SECRET: googleSecret,
        META_APP_ID: metaId,
        META_APP_SECRET: metaSecret,
        GHL_CLIENT_ID: ghlId,
        GHL_CLIENT_SECRET: ghlSecret,
        GOOGLE_OAUTH_URL: url,
        GOOGLE_OAUTH_TOKEN_URL: url,
        META_OAUTH_URL: url,
        GHL_OAUTH_URL: url,
        // Meta's code exchange is on the Graph API's host and GoHighLevel's token endpoint on its API host.
        META_GRAPH_URL: url,
        GHL_API_URL: url,
      };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
};
