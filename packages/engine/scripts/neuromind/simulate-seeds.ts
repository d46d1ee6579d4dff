import { fork } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Run } from './configurations.js';
import type { LabelledSession } from './simulate-sessions.js';

export type SimulateSeedsOptions = {
  visitors: number;
  /** Visitors running at once in each process. */
  concurrency: number;
  /** Seeds simulated at once, each in its own process (default: the machine's cores). */
  processes?: number;
  /** A folder to keep each seed's sessions in and reuse on the next run with the same seed and size. */
  cacheDir?: string;
  log: (line: string) => void;
};

const WORKER = fileURLToPath(new URL('./simulate-worker.ts', import.meta.url));

/** Runs the worker for one run in a child process (the tsx loader is inherited) and reads its sessions. */
function simulateInChild(run: Run, o: SimulateSeedsOptions, dir: string): Promise<LabelledSession[]> {
  const { seed } = run;
  const out = join(dir, `${run.configuration.id}-${seed}.json`);
  const args = [
    '--seed',
    String(seed),
    '--visitors',
    String(o.visitors),
    '--concurrency',
    String(o.concurrency),
    '--configuration',
    JSON.stringify(run.configuration),
  ];
  return new Promise((resolve, reject) => {
    const child = fork(WORKER, [...args, '--out', out], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    let errors = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) o.log(line);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0 && existsSync(out)) resolve(JSON.parse(readFileSync(out, 'utf8')) as LabelledSession[]);
      else reject(new Error(`simulating ${run.configuration.id} seed ${seed} failed (exit ${code}): ${errors.trim()}`));
    });
  });
}

/**
 * Simulates several runs, each in a child process, at most `processes` at a time (jsdom is CPU-bound
 * and single-threaded, so one process per core is what speeds it up), and returns their sessions in
 * the runs' order. Runs found in `cacheDir` (same configuration, seed and size) are read instead.
 */
export async function simulateSeeds(runs: readonly Run[], o: SimulateSeedsOptions): Promise<LabelledSession[][]> {
  const cached = (run: Run) =>
    o.cacheDir
      ? join(
          o.cacheDir,
          `sessions-${run.configuration.id}-seed${run.seed}-v${o.visitors}-${hash(JSON.stringify(run.configuration))}.json`,
        )
      : undefined;
  const dir = mkdtempSync(join(tmpdir(), 'ri-neuromind-'));
  const results = new Map<Run, LabelledSession[]>();
  const queue = [...runs];
  const worker = async () => {
    for (let run = queue.shift(); run !== undefined; run = queue.shift()) {
      const file = cached(run);
      if (file && existsSync(file)) {
        o.log(`${run.configuration.id} seed ${run.seed}: ${o.visitors} visitors read from ${file}`);
        results.set(run, JSON.parse(readFileSync(file, 'utf8')) as LabelledSession[]);
        continue;
      }
      const sessions = await simulateInChild(run, o, dir);
      results.set(run, sessions);
      if (file && o.cacheDir) {
        mkdirSync(o.cacheDir, { recursive: true });
        writeFileSync(file, JSON.stringify(sessions));
      }
    }
  };
  try {
    const processes = Math.max(1, Math.min(o.processes ?? availableParallelism(), runs.length));
    await Promise.all(Array.from({ length: processes }, worker));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return runs.map((r) => results.get(r)!);
}

/** A short hash of a string (FNV-1a), so a changed configuration never reads another's cache. */
function hash(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16);
}
