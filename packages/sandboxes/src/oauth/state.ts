import { createHash, randomBytes } from 'node:crypto';
import { FailureQueue, type InjectedFailure } from '../stripe/failures.js';

/** The three sign-ins the sandbox stands in for, named as the product's `/oauth/{provider}` paths name them. */
export type OAuthSandboxProvider = 'google' | 'facebook' | 'gohighlevel';

/** An app registered with a vendor: its client id and secret, and (when given) its exact redirect addresses. */
export type OAuthSandboxClient = { clientId: string; clientSecret: string; redirectUris?: readonly string[] };

/**
 * A failure the sandbox answers with instead of the real response, for the next `times` matching requests:
 * server_error (500; Meta code 2), rate_limit (429; Meta code 4), timeout (no answer), invalid_grant (the grant is
 * refused as revoked), deny (the authorization page answers `access_denied`).
 */
export type OAuthFailure = InjectedFailure & {
  kind: 'server_error' | 'rate_limit' | 'timeout' | 'invalid_grant' | 'deny';
};

/** Token lifetimes in seconds, as the vendors document them. */
export type OAuthLifetimes = {
  /** Google access tokens (3,599). */
  google: number;
  /** Meta's token from the code exchange (2 hours), and the long-lived one (60 days). */
  facebookShort: number;
  facebookLong: number;
  /** GoHighLevel location tokens (86,399). */
  gohighlevel: number;
};

/** Which token is being issued, for the `tokens` hook. */
export type IssuedTokenKind = 'access' | 'refresh' | 'short_lived' | 'long_lived';

export type OAuthSandboxOptions = {
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** The apps the sandbox knows (default: one per vendor, with generated ids and secrets, any redirect address). */
  clients?: Partial<Record<OAuthSandboxProvider, OAuthSandboxClient>>;
  lifetimes?: Partial<OAuthLifetimes>;
  /**
   * Chooses the value of an issued token (the default is random), e.g. so that the Meta long-lived token is one
   * the Meta Graph sandbox accepts. A returned value must be 50+ characters; it may repeat.
   */
  tokens?: (provider: OAuthSandboxProvider, kind: IssuedTokenKind) => string | undefined;
  /** The GoHighLevel location the person "chooses" (default `loc_sandbox_1`). */
  locationId?: string;
};

/** An authorization code the page issued, until it is exchanged (once) or expires (10 minutes). */
export type IssuedCode = {
  provider: OAuthSandboxProvider;
  clientId: string;
  redirectUri: string;
  scope: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  expiresAt: number;
  used: boolean;
};

export type IssuedGrant = {
  provider: OAuthSandboxProvider;
  clientId: string;
  scope: string;
  kind: IssuedTokenKind;
  expiresAt?: number;
  revoked: boolean;
  /** GoHighLevel refresh tokens are replaced at each use. */
  used: boolean;
};

/** One request as the sandbox saw it: secrets reduced to their last four characters. */
export type OAuthRequestRecord = {
  provider: OAuthSandboxProvider | 'unknown';
  method: string;
  path: string;
  grantType?: string;
  clientId?: string;
  status: number;
};

const TOKEN_PREFIX: Record<OAuthSandboxProvider, Partial<Record<IssuedTokenKind, string>>> = {
  google: { access: 'ya29.', refresh: '1//' },
  facebook: { short_lived: 'EAAG', long_lived: 'EAAG' },
  gohighlevel: { access: 'eyJ', refresh: 'eyJ' },
};

/** A random token of 80+ characters with the vendor's usual prefix, never containing "test" (section 5's rule). */
export function randomVendorToken(provider: OAuthSandboxProvider, kind: IssuedTokenKind): string {
  for (;;) {
    const token = `${TOKEN_PREFIX[provider][kind] ?? ''}${randomBytes(60).toString('base64url')}`;
    if (!/test/i.test(token)) return token;
  }
}

const randomId = (bytes: number) => randomBytes(bytes).toString('hex');

/** The sandbox's memory: apps, codes, issued tokens, injected failures and the requests it saw. */
export class OAuthSandboxState {
  readonly clients: Record<OAuthSandboxProvider, OAuthSandboxClient>;
  readonly lifetimes: OAuthLifetimes;
  readonly codes = new Map<string, IssuedCode>();
  readonly grants = new Map<string, IssuedGrant>();
  readonly failures = new FailureQueue<OAuthFailure>();
  readonly requests: OAuthRequestRecord[] = [];
  readonly locationId: string;
  readonly #tokens: OAuthSandboxOptions['tokens'];

  constructor(options: OAuthSandboxOptions) {
    const generated = (provider: OAuthSandboxProvider): OAuthSandboxClient => ({
      clientId: provider === 'google' ? `${randomId(6)}.apps.googleusercontent.com` : randomId(8),
      clientSecret: randomId(16),
    });
    this.clients = {
      google: options.clients?.google ?? generated('google'),
      facebook: options.clients?.facebook ?? generated('facebook'),
      gohighlevel: options.clients?.gohighlevel ?? generated('gohighlevel'),
    };
    this.lifetimes = {
      google: 3599,
      facebookShort: 7200,
      facebookLong: 5_184_000,
      gohighlevel: 86_399,
      ...options.lifetimes,
    };
    this.locationId = options.locationId ?? 'loc_sandbox_1';
    this.#tokens = options.tokens;
  }

  /** Issues a code for an approved authorization request. */
  issueCode(code: Omit<IssuedCode, 'expiresAt' | 'used'>): string {
    const value = `4/${randomBytes(32).toString('base64url')}`;
    this.codes.set(value, { ...code, expiresAt: Date.now() + 600_000, used: false });
    return value;
  }

  /** Issues a token of `kind`, valid for `seconds` (none: it does not expire). */
  issueToken(
    provider: OAuthSandboxProvider,
    kind: IssuedTokenKind,
    grant: { clientId: string; scope: string },
    seconds?: number,
  ): string {
    const value = this.#tokens?.(provider, kind) ?? randomVendorToken(provider, kind);
    this.grants.set(value, {
      provider,
      kind,
      clientId: grant.clientId,
      scope: grant.scope,
      expiresAt: seconds === undefined ? undefined : Date.now() + seconds * 1000,
      revoked: false,
      used: false,
    });
    return value;
  }

  /** Revokes a token (the person removed the app's access): its refresh, exchange or use is refused from now on. */
  revoke(token: string): void {
    const grant = this.grants.get(token);
    if (grant) grant.revoked = true;
  }

  /** Revokes every token issued by one vendor. */
  revokeAll(provider: OAuthSandboxProvider): void {
    for (const grant of this.grants.values()) if (grant.provider === provider) grant.revoked = true;
  }

  /** The tokens issued so far by a vendor, of a kind. */
  tokensOf(provider: OAuthSandboxProvider, kind?: IssuedTokenKind): string[] {
    return [...this.grants.entries()]
      .filter(([, g]) => g.provider === provider && (kind === undefined || g.kind === kind))
      .map(([token]) => token);
  }

  /** Counts the token requests of a vendor with a grant type (e.g. `refresh_token`, `fb_exchange_token`). */
  grantCount(provider: OAuthSandboxProvider, grantType: string): number {
    return this.requests.filter((r) => r.provider === provider && r.grantType === grantType && r.status === 200).length;
  }
}

/** RFC 7636 §4.6: the S256 transform of a verifier. */
export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
