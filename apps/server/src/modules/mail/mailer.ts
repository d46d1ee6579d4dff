import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db, Executor } from '../../db/client.js';
import { emailMessages } from '../../db/schema.js';

export type OutgoingEmail = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  mode: 'smtp' | 'outbox';
  /** Writes the message in the caller's transaction, so it exists exactly when the change that caused it does. */
  enqueue(tx: Executor, email: OutgoingEmail): Promise<string>;
  /** Sends (SMTP) or keeps (outbox) committed messages; never throws. */
  deliver(ids: string[]): Promise<void>;
  /** Retries messages that failed or were never attempted (the job queue calls this). */
  deliverPending(): Promise<number>;
  listFor(address: string, limit?: number): Promise<(typeof emailMessages.$inferSelect)[]>;
  close(): void;
};

const MAX_ATTEMPTS = 5;

/** Real e-mail over SMTP when SMTP_URL is set; otherwise a local outbox kept in the database and logged. */
export function createMailer(options: { db: Db; smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  const { db, log, from } = options;
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;

  async function deliverOne(row: typeof emailMessages.$inferSelect): Promise<void> {
    if (!transport) {
      await db.update(emailMessages).set({ status: 'kept', sentAt: new Date() }).where(eq(emailMessages.id, row.id));
      // Outbox mode is for machines without mail: the log is where a developer finds the link.
      log.info({ mailId: row.id, to: row.to, subject: row.subject }, `mail kept in local outbox:\n${row.text}`);
      return;
    }
    try {
      await transport.sendMail({ from, to: row.to, subject: row.subject, text: row.text, html: row.html });
      await db
        .update(emailMessages)
        .set({ status: 'sent', sentAt: new Date(), attempts: row.attempts + 1, lastError: null })
        .where(eq(emailMessages.id, row.id));
      log.info({ mailId: row.id, subject: row.subject }, 'mail sent over SMTP');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(emailMessages)
        .set({ status: 'failed', attempts: row.attempts + 1, lastError: message.slice(0, 500) })
        .where(eq(emailMessages.id, row.id));
      log.warn({ mailId: row.id, err: message }, 'mail delivery failed; it will be retried');
    }
  }

  return {
    mode: transport ? 'smtp' : 'outbox',
    async enqueue(tx, email) {
      const [row] = await tx.insert(emailMessages).values(email).returning({ id: emailMessages.id });
      return row!.id;
    },
    async deliver(ids) {
      if (ids.length === 0) return;
      try {
        const rows = await db.select().from(emailMessages).where(inArray(emailMessages.id, ids));
        for (const row of rows) await deliverOne(row);
      } catch (error) {
        log.error({ err: error }, 'mail delivery could not read its messages');
      }
    },
    async deliverPending() {
      const rows = await db
        .select()
        .from(emailMessages)
        .where(and(inArray(emailMessages.status, ['pending', 'failed']), lt(emailMessages.attempts, MAX_ATTEMPTS)))
        .limit(50);
      for (const row of rows) await deliverOne(row);
      return rows.length;
    },
    listFor(address, limit = 50) {
      return db
        .select()
        .from(emailMessages)
        .where(sql`lower(${emailMessages.to}) = ${address.toLowerCase()}`)
        .orderBy(desc(emailMessages.createdAt))
        .limit(limit);
    },
    close() {
      transport?.close();
    },
  };
}
