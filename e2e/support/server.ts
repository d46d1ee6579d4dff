import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BuiltApp, buildApp } from '@ri/server';
import { loadConfig } from '@ri/server/config';
import { createTestDatabase } from '@ri/server/testing';

export type RunningServer = BuiltApp & { url: string; stop(): Promise<void> };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The real server over HTTP on 127.0.0.1, serving the built web app, on a database of its own. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const config0 = loadConfig({});
  if (!existsSync(path.join(config0.webDistDir, 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build` (npm test does it first).');
  }
  const port = await freePort();
  const database = await createTestDatabase();
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    AUTH_SECRET: 'e2e-secret-that-is-long-enough-for-hs256-signing',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ri-e2e-')),
    LOG_LEVEL: 'warn',
    JOBS_ENABLED: 'false',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const built = await buildApp(config, { database });
  await built.app.listen({ port, host: '127.0.0.1' });
  return {
    ...built,
    url: config.appUrl,
    async stop() {
      await built.app.close();
      await database.close();
    },
  };
}
