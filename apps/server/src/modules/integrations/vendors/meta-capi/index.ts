import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../../db/client.js';
import type { SyncRunner } from '../../sync/sync-runner.js';
import { type ConversionsCapture, createConversionsCapture } from './capi-capture.js';
import { integrationsWithDueEvents, skipExpired } from './capi-outbox.repo.js';

export { conversionsApiRoutes } from './capi.routes.js';
export type { ConversionsCapture, ScoredSession, VisitorBatch } from './capi-capture.js';
export { conversionsApiSync } from './capi-sender.js';

/** The Conversions API's capture seams, and the periodic send of what they recorded. */
export type ConversionsApi = ConversionsCapture & {
  /**
   * Gives up events past Meta's 7 days, then starts a send for every connected integration with due events;
   * answers how many it started.
   */
  sendDue(): Promise<number>;
};

export function createConversionsApi(db: Db, log: FastifyBaseLogger, sync: SyncRunner): ConversionsApi {
  const capture = createConversionsCapture(db, log);
  return {
    ...capture,
    async sendDue() {
      await capture.idle();
      await skipExpired(db);
      const due = await integrationsWithDueEvents(db);
      for (const integration of due) await sync.trigger(integration.businessId, integration.id, 'scheduled');
      return due.length;
    },
  };
}
