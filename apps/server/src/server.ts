import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { startDemoFill, startDemoVendors } from './modules/demo/index.js';

/** Starts the server and closes it cleanly on SIGINT/SIGTERM (in-flight requests finish, jobs stop). */
async function main(): Promise<void> {
  const config = loadConfig();
  const { app, database, integrations } = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.driver, dataDir: database.driver === 'pglite' ? config.dataDir : undefined },
    `Revenue Intelligence is running at ${config.appUrl}`,
  );
  const keyFile = config.integrationsKeys.file;
  if (keyFile) {
    app.log.warn(
      { file: keyFile, created: config.integrationsKeys.created },
      'vendor credentials are encrypted with a generated key kept in this file: back it up with the database ' +
        '(without it the stored credentials cannot be read), or set INTEGRATIONS_ENCRYPTION_KEY',
    );
  }

  const demoFill = await startDemoFill({
    db: database.db,
    baseUrl: `http://127.0.0.1:${config.port}`,
    visitors: config.demoVisitors,
    livePerHour: config.demoLiveVisitorsPerHour,
    log: app.log,
  }).catch((error) => app.log.error({ err: error }, 'demo fill could not start'));
  const demoVendors = config.demoSandboxes
    ? await startDemoVendors({
        db: database.db,
        integrations,
        log: app.log,
        activity: config.demoVendorActivity,
      }).catch((error) => app.log.error({ err: error }, 'demo sandboxes could not start'))
    : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    demoFill?.stop();
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    await demoVendors?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
