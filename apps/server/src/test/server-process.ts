import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

// The server's entry, started as `npm start` starts it. The child inherits the working directory: Vitest runs
// from the repository root (scripts/test.mjs, the root vitest.config.ts), where `--import tsx` resolves.
const SERVER_ENTRY = fileURLToPath(new URL('../server.ts', import.meta.url));

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the real server in a child process with `env` and waits until `base` answers its health check. */
export async function startServerProcess(env: Record<string, string>, base: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server did not start: ${stderr}`);
}
