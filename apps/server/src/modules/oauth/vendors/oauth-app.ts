import type { IntegrationProvider, OAuthProvider } from '@ri/contracts';
import type { Logger } from 'pino';
import { type OAuthTokens, type StoredGrant, VendorError } from '../../integrations/index.js';

/** One vendor's sign-in, as the flow uses it: the page the browser goes to, and the token endpoint's grants. */
export type OAuthApp = {
  provider: OAuthProvider;
  /** Whether the flow carries a PKCE S256 challenge (RFC 7636). */
  usesPkce: boolean;
  /** The vendor's authorization page for this sign-in. */
  authorizationUrl(input: {
    state: string;
    redirectUri: string;
    integration: IntegrationProvider;
    codeChallenge?: string;
  }): string;
  /** Exchanges the authorization code the vendor sent back for tokens. */
  exchangeCode(input: { code: string; redirectUri: string; codeVerifier?: string }): Promise<OAuthTokens>;
  /** New tokens from the stored grant (refresh grant, or Meta's long-lived token exchange). */
  renew(grant: StoredGrant): Promise<OAuthTokens>;
  /** The renewal job renews tokens ending within this. */
  renewWithinMs: number;
  /** A grant renewed less than this ago is not renewed again (Meta answers a token expiring no later). */
  minRenewIntervalMs?: number;
};

export type OAuthAppDeps = {
  clientId: string;
  clientSecret: string;
  log?: Pick<Logger, 'debug'>;
  now?: () => number;
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads a token endpoint's JSON answer (RFC 6749 §5.1: access_token, expires_in in seconds, refresh_token, scope;
 * GoHighLevel adds locationId). An answer without an access token is the vendor's fault, never a stored token.
 */
export function tokensOf(vendor: string, data: unknown, now: number): OAuthTokens {
  const body = isRecord(data) ? data : {};
  const text = (key: string) => (typeof body[key] === 'string' && body[key] !== '' ? (body[key] as string) : undefined);
  const accessToken = text('access_token');
  if (!accessToken) {
    throw new VendorError({
      vendor,
      kind: 'transient',
      status: 200,
      message: `${vendor} answered without an access token`,
    });
  }
  const seconds = typeof body.expires_in === 'number' ? body.expires_in : Number(text('expires_in') ?? Number.NaN);
  return {
    accessToken,
    refreshToken: text('refresh_token'),
    expiresAt: Number.isFinite(seconds) && seconds > 0 ? new Date(now + seconds * 1000) : undefined,
    scope: text('scope'),
    locationId: text('locationId'),
  };
}

/** The address of a page or endpoint under a configured base (which may carry a path prefix). */
export const under = (base: string, path: string) => `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
