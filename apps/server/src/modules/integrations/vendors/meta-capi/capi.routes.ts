import { API } from '@ri/contracts';
import type { Db } from '../../../../db/client.js';
import { type Route, route } from '../../../../http/routes.js';
import type { Vault } from '../../vault.js';
import type { ConversionsCapture } from './capi-capture.js';
import { saveConversionsCredentials, testConversionsCredentials } from './capi-connect.js';
import { getConversionsLog, updateConversionsSettings } from './capi-log.service.js';

/** The Meta Conversions API: connecting it (each call reaches Meta), its send log and its switches. */
export const conversionsApiRoutes = (
  db: Db,
  vault: Vault,
  metaGraphUrl: string,
  capture: ConversionsCapture,
): Route[] => [
  route(API.testFacebookConversionsCredentials, ({ body }) => testConversionsCredentials(metaGraphUrl, body), {
    expensive: true,
  }),
  route(
    API.saveFacebookConversionsCredentials,
    async ({ access, body }) => {
      const saved = await saveConversionsCredentials(db, vault, metaGraphUrl, access.business.id, body);
      capture.invalidate(access.business.id);
      return saved;
    },
    { expensive: true },
  ),
  route(API.getConversionsApiLog, ({ access, params, query }) =>
    getConversionsLog(db, access.business.id, params.id, query),
  ),
  route(API.updateConversionsApiSettings, async ({ access, params, body }) => {
    const updated = await updateConversionsSettings(db, access.business.id, params.id, body);
    capture.invalidate(access.business.id);
    return updated;
  }),
];
