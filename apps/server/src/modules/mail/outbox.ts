import type { OutboxList } from '@ri/contracts';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from './mailer.js';

/** What an API caller sees of a single-use token in a kept mail: only the server's log shows the link. */
export const HIDDEN_TOKEN = '[shown only in the server log]';

/** A mail's text with every `token=` value hidden (reset and confirmation links). */
export const hideTokens = (text: string) => text.replace(/([?#&]token=)[^\s&#]+/g, `$1${HIDDEN_TOKEN}`);

/**
 * The mail the server kept for an address, newest first, as the outbox screen shows it. It exists only in
 * outbox mode (no SMTP_URL), and never hands out a live reset or confirmation token: with those, a stolen
 * access token alone would be enough to change the password.
 */
export async function readOutbox(mailer: Mailer, address: string): Promise<OutboxList> {
  if (mailer.mode !== 'outbox') {
    throw new AppError('not_found', 'There is no local mail outbox: mail is sent over SMTP.');
  }
  const rows = await mailer.listFor(address);
  return {
    mode: mailer.mode,
    messages: rows.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: hideTokens(m.text),
      created_at: m.createdAt.toISOString(),
    })),
  };
}
