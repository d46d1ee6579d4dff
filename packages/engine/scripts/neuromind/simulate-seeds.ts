import { fork } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** Runs the worker for one seed in a child process (the tsx loader is inherited) and reads its sessions. */
function simulateInChild(seed: number, o: SimulateSeedsOptions, dir: string): Promise<LabelledSession[]> {
  const out = join(dir, `seed-${seed}.json`);
  const args = ['--seed', String(seed), '--visitors', String(o.visitors), '--concurrency', String(o.concurrency)];
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
      else reject(new Error(`simulating seed ${seed} failed (exit ${code}): ${errors.trim()}`));
    });
  });
}

/**
 * Simulates several seeds, each in a child process, at most `processes` at a time (jsdom is CPU-bound
 * and single-threaded, so one process per core is what speeds it up), and returns their sessions in
 * seed order. Seeds found in `cacheDir` are read instead.
 */
export async function simulateSeeds(seeds: readonly number[], o: SimulateSeedsOptions): Promise<LabelledSession[][]> {
  const cached = (seed: number) =>
    o.cacheDir ? join(o.cacheDir, `sessions-seed${seed}-v${o.visitors}.json`) : undefined;
  const dir = mkdtempSync(join(tmpdir(), 'ri-neuromind-'));
  const results = new Map<number, LabelledSession[]>();
  const queue = [...seeds];
  const worker = async () => {
    for (let seed = queue.shift(); seed !== undefined; seed = queue.shift()) {
      const file = cached(seed);
      if (file && existsSync(file)) {
        o.log(`seed ${seed}: ${o.visitors} visitors read from ${file}`);
        results.set(seed, JSON.parse(readFileSync(file, 'utf8')) as LabelledSession[]);
        continue;
      }
      const sessions = await simulateInChild(seed, o, dir);
      results.set(seed, sessions);
      if (file && o.cacheDir) {
        mkdirSync(o.cacheDir, { recursive: true });
        writeFileSync(file, JSON.stringify(sessions));
      }
    }
  };
  try {
    const processes = Math.max(1, Math.min(o.processes ?? availableParallelism(), seeds.length));
    await Promise.all(Array.from({ length: processes }, worker));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return seeds.map((s) => results.get(s)!);
}
