import type { OutboxList } from '@ri/contracts';
import type { Mailer } from './mailer.js';

/** The mail the server kept or sent to an address, newest first, as the outbox screen shows it. */
export async function readOutbox(mailer: Mailer, address: string): Promise<OutboxList> {
  const rows = await mailer.listFor(address);
  return {
    mode: mailer.mode,
    messages: rows.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      created_at: m.createdAt.toISOString(),
    })),
  };
}
