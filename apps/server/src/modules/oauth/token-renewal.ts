import type { OAuthProvider } from '@ri/contracts';
import { VendorError, vendorReason } from '../integrations/index.js';
import type { OAuthDeps } from './oauth.service.js';
import { deleteExpiredStates } from './oauth-states.js';

export type RenewalReport = { renewed: number; reconnect: number; failed: number; skipped: number };

/**
 * The renewal job (every 5 minutes): renews each signed-in integration whose access ends within its sign-in's
 * window (Google and GoHighLevel: 15 minutes; Meta: 7 days), and forgets sign-ins never finished. A refused grant
 * turns the integration to error with the reconnect message (and it is not asked again); an outage is tried again
 * at the next run.
 */
export async function renewDueTokens(deps: OAuthDeps): Promise<RenewalReport> {
  const report: RenewalReport = { renewed: 0, reconnect: 0, failed: 0, skipped: 0 };
  const windows = Object.fromEntries(
    Object.entries(deps.apps).map(([provider, app]) => [provider, app.renewWithinMs]),
  ) as Partial<Record<OAuthProvider, number>>;
  const due = await deps.integrations.due(windows);
  for (const integration of due) {
    const app = deps.apps[integration.oauthProvider];
    if (!app) continue;
    try {
      const outcome = await deps.integrations.renew({ integrationId: integration.id }, (grant) => app.renew(grant), {
        notRenewedWithinMs: app.minRenewIntervalMs,
      });
      if (outcome.status === 'reconnect') {
        report.reconnect++;
        deps.log.warn({ integrationId: integration.id, provider: app.provider }, outcome.message);
      } else if (outcome.status === 'skipped') report.skipped++;
      else report.renewed++;
    } catch (error) {
      report.failed++;
      const reason = error instanceof VendorError ? vendorReason(error) : 'unexpected error';
      deps.log.warn(
        {
          integrationId: integration.id,
          provider: app.provider,
          kind: error instanceof VendorError ? error.kind : 'internal',
        },
        `token renewal failed, tried again in 5 minutes: ${reason}`,
      );
    }
  }
  await deleteExpiredStates(deps.db);
  if (due.length > 0) deps.log.info(report, 'signed-in integrations renewed');
  return report;
}
