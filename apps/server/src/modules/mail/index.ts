import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { ServerModule } from '../../http/module.js';
import { createMailer } from './mailer.js';

export type { Mailer } from './mailer.js';
export { readOutbox } from './outbox.js';
export { confirmSignupEmail, existingAccountEmail, resetPasswordEmail } from './templates.js';

/** E-mail: written to an outbox in the transaction that causes it, then delivered over SMTP or kept locally. */
export function createMailModule(config: Config, db: Db, log: Parameters<typeof createMailer>[0]['log']) {
  const mailer = createMailer({ db, smtpUrl: config.smtpUrl, from: config.mailFrom, log });
  const module: ServerModule = {
    name: 'mail',
    jobs: [{ name: 'mail.deliver-pending', cron: '* * * * *', run: () => mailer.deliverPending() }],
    stop: () => mailer.close(),
  };
  return { module, mailer };
}
