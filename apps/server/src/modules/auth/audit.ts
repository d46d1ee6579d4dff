import type { FastifyBaseLogger } from 'fastify';

/** What the audit log records: every change of who may act as whom. */
export type AuditEvent =
  | 'sign_up'
  | 'sign_in'
  | 'sign_in_failed'
  | 'session_refreshed'
  | 'refresh_refused'
  | 'reset_requested'
  | 'password_reset'
  | 'password_reset_refused'
  | 'email_confirmed'
  | 'signed_out';

export type AuditFields = {
  userId?: string;
  sessionId?: string;
  /** Where from: the client's address and user agent. */
  client?: { ip: string; userAgent: string | undefined };
  /** Why it was refused, in words (never a token, password or e-mail). */
  reason?: string;
};

export type Audit = (event: AuditEvent, fields: AuditFields) => void;

/**
 * One structured line per authentication event (who, when, from where, what happened), at info level, never
 * with a token, password or e-mail address: `{"audit":"session_refreshed","user_id":…,"ip":…}`.
 */
export function createAudit(log: Pick<FastifyBaseLogger, 'info'>): Audit {
  return (event, { userId, sessionId, client, reason }) =>
    log.info(
      {
        audit: event,
        user_id: userId,
        session_id: sessionId,
        ip: client?.ip,
        user_agent: client?.userAgent?.slice(0, 200),
        reason,
      },
      `audit: ${event}`,
    );
}
