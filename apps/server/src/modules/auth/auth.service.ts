import { emailSchema, MESSAGES, type SignupBody, type User } from '@ri/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { createOwnedBusiness, findDefaultBusiness } from '../businesses/index.js';
import { confirmSignupEmail, existingAccountEmail, type Mailer, resetPasswordEmail } from '../mail/index.js';
import type { AccountLimiter } from './account-limiter.js';
import type { Audit } from './audit.js';
import * as repo from './auth.repo.js';
import { assertPasswordPolicy, burnPasswordCheck, hashPassword, verifyPassword } from './passwords.js';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  createOpaqueToken,
  digestToken,
  REFRESH_TOKEN_TTL_SECONDS,
  type TokenSigner,
} from './tokens.js';

export type AuthDeps = {
  db: Db;
  mailer: Mailer;
  signer: TokenSigner;
  limiter: AccountLimiter;
  appUrl: string;
  requireEmailConfirmation: boolean;
  audit: Audit;
};

export type ClientInfo = { ip: string; userAgent: string | undefined };

/** The token set a sign-in produces; routes decide whether it travels in the body or in cookies. */
export type IssuedSession = {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: 'bearer';
  user: User;
};

const RESET_TTL_MS = 60 * 60 * 1000;
const CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;

type BusinessInfo = { name: string; website: string; industry: string };

/** Maps a stored user, with their own business, to the API shape of the spec's signed-in user. */
export function toUser(row: repo.UserRow, business?: BusinessInfo): User {
  return {
    id: row.id,
    email: row.email,
    email_confirmed_at: row.emailConfirmedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    user_metadata: {
      first_name: row.firstName,
      last_name: row.lastName,
      full_name: [row.firstName, row.lastName].filter(Boolean).join(' '),
      business_name: business?.name ?? '',
      business_website: business?.website ?? '',
      industry: business?.industry ?? '',
    },
  };
}

/** Validates and normalises an e-mail address, naming the field when it is wrong. */
function parseEmail(raw: string | undefined): string {
  const parsed = emailSchema.safeParse(raw ?? '');
  if (!parsed.success)
    throw new AppError('validation_failed', 'Please enter a valid email address', { field: 'email' });
  return parsed.data;
}

function requireCredentials(body: { email?: string; phone?: string; password?: string }): {
  email: string;
  password: string;
} {
  const hasIdentity = Boolean(body.email?.trim() || body.phone?.trim());
  if (!hasIdentity || !body.password) throw new AppError('missing_credentials', MESSAGES.missingCredentials);
  if (!body.email?.trim()) {
    throw new AppError('validation_failed', 'Phone sign-in is not available; use your e-mail address', {
      field: 'phone',
    });
  }
  return { email: parseEmail(body.email), password: body.password };
}

async function issueSession(deps: AuthDeps, user: repo.UserRow, client: ClientInfo): Promise<IssuedSession> {
  const refreshToken = createOpaqueToken();
  const session = await deps.db.transaction(async (tx) => {
    const s = await repo.insertSession(tx, {
      userId: user.id,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 500),
    });
    await repo.insertRefreshToken(tx, s.id, digestToken(refreshToken));
    return s;
  });
  deps.audit('sign_in', { userId: user.id, sessionId: session.id, client });
  return withAccessToken(deps, user, session.id, refreshToken);
}

/** The signed-in user as the API shows it, with their own business's details. */
export async function getUserView(db: Db, userId: string): Promise<User> {
  const user = await repo.findUserById(db, userId);
  if (!user) throw new AppError('session_not_found', 'User from sub claim in JWT does not exist');
  return toUser(user, await findDefaultBusiness(db, userId));
}

async function withAccessToken(deps: AuthDeps, user: repo.UserRow, sessionId: string, refreshToken: string) {
  const { token, expiresAt } = await deps.signer.sign({ userId: user.id, sessionId });
  const business = await findDefaultBusiness(deps.db, user.id);
  return {
    access_token: token,
    refresh_token: refreshToken,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    expires_at: expiresAt,
    token_type: 'bearer' as const,
    user: toUser(user, business),
  };
}

/**
 * Creates the account and its business in one transaction. An e-mail that already has an account
 * gets the same answer as a new one (its owner is told by e-mail), so the form reveals nothing.
 */
export async function signup(
  deps: AuthDeps,
  body: SignupBody,
  client: ClientInfo,
): Promise<{ session: IssuedSession | null; confirmationRequired: boolean }> {
  const { email, password } = requireCredentials(body);
  const data = body.data ?? {};
  const firstName = data.first_name?.trim() ?? '';
  const businessName = data.business_name?.trim() ?? '';
  if (!firstName) throw new AppError('validation_failed', MESSAGES.requiredFields, { field: 'data.first_name' });
  if (!businessName) throw new AppError('validation_failed', MESSAGES.requiredFields, { field: 'data.business_name' });
  assertPasswordPolicy(password);
  deps.limiter.hit('signup', email, client.ip);
  deps.limiter.fail('signup', email);

  const passwordHash = await hashPassword(password);
  const confirmToken = createOpaqueToken();
  const outcome = await deps.db.transaction(async (tx) => {
    const user = await repo.insertUser(tx, {
      email,
      passwordHash,
      firstName,
      lastName: data.last_name?.trim() ?? '',
      emailConfirmedAt: deps.requireEmailConfirmation ? null : new Date(),
    });
    if (!user) {
      const mailId = await deps.mailer.enqueue(
        tx,
        existingAccountEmail(email, `${deps.appUrl}/`, `${deps.appUrl}/?mode=reset`),
      );
      return { user: undefined, mailIds: [mailId] };
    }
    await createOwnedBusiness(tx, user.id, {
      name: businessName,
      website: data.business_website ?? '',
      industry: data.industry ?? '',
    });
    const mailIds: string[] = [];
    if (deps.requireEmailConfirmation) {
      await repo.insertEmailToken(tx, {
        userId: user.id,
        purpose: 'confirm',
        tokenHash: digestToken(confirmToken),
        expiresAt: new Date(Date.now() + CONFIRM_TTL_MS),
      });
      mailIds.push(
        await deps.mailer.enqueue(tx, confirmSignupEmail(email, `${deps.appUrl}/auth/confirm#token=${confirmToken}`)),
      );
    }
    return { user, mailIds };
  });
  void deps.mailer.deliver(outcome.mailIds);

  deps.audit('sign_up', {
    userId: outcome.user?.id,
    client,
    reason: outcome.user ? undefined : 'e-mail already registered',
  });
  if (!outcome.user || deps.requireEmailConfirmation) return { session: null, confirmationRequired: true };
  return { session: await issueSession(deps, outcome.user, client), confirmationRequired: false };
}

/** Password grant: checks credentials (constant work for unknown e-mails) and opens a session. */
export async function passwordGrant(
  deps: AuthDeps,
  body: { email?: string; phone?: string; password?: string },
  client: ClientInfo,
): Promise<IssuedSession> {
  const { email, password } = requireCredentials(body);
  deps.limiter.hit('login', email, client.ip);
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user) {
    await burnPasswordCheck(password);
    deps.limiter.fail('login', email);
    deps.audit('sign_in_failed', { client, reason: 'unknown account' });
    throw new AppError('invalid_credentials', MESSAGES.invalidCredentials);
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    deps.limiter.fail('login', email);
    deps.audit('sign_in_failed', { userId: user.id, client, reason: 'wrong password' });
    throw new AppError('invalid_credentials', MESSAGES.invalidCredentials);
  }
  if (!user.emailConfirmedAt) throw new AppError('email_not_confirmed', MESSAGES.emailNotConfirmed);
  deps.limiter.reset('login', email, client.ip);
  return issueSession(deps, user, client);
}

/**
 * Refresh grant with rotation: each refresh token works once. Presenting one that was already
 * rotated means it leaked or was replayed, so the whole session family is revoked.
 */
export async function refreshGrant(
  deps: AuthDeps,
  refreshToken: string | undefined,
  client: ClientInfo,
): Promise<IssuedSession> {
  if (!refreshToken) throw new AppError('session_not_found', 'Refresh token missing');
  const next = createOpaqueToken();
  const result = await deps.db.transaction(async (tx) => {
    const found = await repo.findRefreshToken(tx, digestToken(refreshToken));
    if (!found) return { ok: false, error: 'Invalid Refresh Token: Refresh Token Not Found' } as const;
    const { token, session } = found;
    if (session.revokedAt) return { ok: false, error: 'Invalid Refresh Token: Session Revoked' } as const;
    const lastUse = (session.refreshedAt ?? session.createdAt).getTime();
    if (Date.now() - lastUse > REFRESH_TOKEN_TTL_SECONDS * 1000) {
      await repo.revokeSession(tx, session.id, 'expired');
      return { ok: false, error: 'Invalid Refresh Token: Session Expired' } as const;
    }
    if (token.usedAt || !(await repo.markRefreshTokenUsed(tx, token.id))) {
      await repo.revokeSession(tx, session.id, 'refresh_token_reuse');
      return { ok: false, error: 'Invalid Refresh Token: Already Used' } as const;
    }
    await repo.insertRefreshToken(tx, session.id, digestToken(next));
    await repo.touchSession(tx, session.id);
    const user = await repo.findUserById(tx, session.userId);
    return { ok: true, user: user!, sessionId: session.id } as const;
  });
  if (!result.ok) {
    deps.audit('refresh_refused', { client, reason: result.error });
    throw new AppError('session_not_found', result.error);
  }
  deps.audit('session_refreshed', { userId: result.user.id, sessionId: result.sessionId, client });
  return withAccessToken(deps, result.user, result.sessionId, next);
}

/** Sends a reset link when the account exists; the answer is the same either way. */
export async function recover(deps: AuthDeps, body: { email?: string }, client: ClientInfo): Promise<void> {
  if (!body.email?.trim()) throw new AppError('validation_failed', MESSAGES.enterEmail, { field: 'email' });
  const email = parseEmail(body.email);
  deps.limiter.hit('recover', email, client.ip);
  // Every reset mail counts against the account-wide cap, so nobody can flood an inbox from many places.
  deps.limiter.fail('recover', email);
  const user = await repo.findUserByEmail(deps.db, email);
  deps.audit('reset_requested', { userId: user?.id, client, reason: user ? undefined : 'unknown account' });
  if (!user) return;
  const token = createOpaqueToken();
  const mailId = await deps.db.transaction(async (tx) => {
    await repo.invalidateEmailTokens(tx, user.id, 'reset');
    await repo.insertEmailToken(tx, {
      userId: user.id,
      purpose: 'reset',
      tokenHash: digestToken(token),
      expiresAt: new Date(Date.now() + RESET_TTL_MS),
    });
    return deps.mailer.enqueue(tx, resetPasswordEmail(user.email, `${deps.appUrl}/auth/reset#token=${token}`));
  });
  void deps.mailer.deliver([mailId]);
}

/** Sets a new password from a reset link, ends every session of the account, and confirms the e-mail. */
export async function resetPassword(
  deps: AuthDeps,
  body: { token: string; password?: string },
  client: ClientInfo,
): Promise<void> {
  if (!body.password) throw new AppError('validation_failed', MESSAGES.enterPassword, { field: 'password' });
  assertPasswordPolicy(body.password);
  const passwordHash = await hashPassword(body.password);
  const ok = await deps.db.transaction(async (tx) => {
    const used = await repo.consumeEmailToken(tx, digestToken(body.token), 'reset');
    if (!used) return undefined;
    await repo.setPassword(tx, used.userId, passwordHash);
    await repo.confirmEmail(tx, used.userId);
    await repo.invalidateEmailTokens(tx, used.userId, 'reset');
    await repo.revokeUserSessions(tx, used.userId, 'password_reset');
    return used.userId;
  });
  if (ok) deps.audit('password_reset', { userId: ok, client });
  else deps.audit('password_reset_refused', { client, reason: 'invalid or expired link' });
  if (!ok) {
    throw new AppError('invalid_token', 'This password reset link is invalid or has expired. Ask for a new one.', {
      field: 'token',
    });
  }
}

/** Confirms a sign-up from its e-mailed link and signs the user in. */
export async function verifySignup(deps: AuthDeps, token: string, client: ClientInfo): Promise<IssuedSession> {
  const user = await deps.db.transaction(async (tx) => {
    const used = await repo.consumeEmailToken(tx, digestToken(token), 'confirm');
    if (!used) return undefined;
    await repo.confirmEmail(tx, used.userId);
    return repo.findUserById(tx, used.userId);
  });
  if (!user) {
    throw new AppError('invalid_token', 'This confirmation link is invalid or has expired. Sign up again or sign in.', {
      field: 'token',
    });
  }
  deps.audit('email_confirmed', { userId: user.id, client });
  return issueSession(deps, user, client);
}

/** Ends sessions: this one (local), all of the user's (global), or all but this one (others). */
export async function logout(deps: AuthDeps, userId: string, sessionId: string, scope: 'global' | 'local' | 'others') {
  deps.audit('signed_out', { userId, sessionId, reason: `scope ${scope}` });
  if (scope === 'local') await repo.revokeSession(deps.db, sessionId, 'logout');
  else await repo.revokeUserSessions(deps.db, userId, `logout_${scope}`, scope === 'others' ? sessionId : undefined);
}

/**
 * Verifies an access token and that its session is still open (logout and reuse revoke at once). `alongside` is
 * told the token's caller once its signature checks, so that lookups of theirs run while the session is checked;
 * nothing of them may be used before this answers.
 */
export async function authenticate(
  deps: AuthDeps,
  accessToken: string,
  alongside?: (caller: { userId: string; sessionId: string }) => void,
) {
  const claims = await deps.signer.verify(accessToken);
  alongside?.(claims);
  const session = await repo.findActiveSession(deps.db, claims.sessionId);
  if (!session || session.userId !== claims.userId) throw new AppError('session_not_found', 'Session not found');
  return claims;
}
