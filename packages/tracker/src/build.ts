import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** The shipped SDK: readable and minified builds, and the minified build's gzip size (the budget). */
export type TrackerBuild = { full: string; min: string; minGzipBytes: number };

const entry = fileURLToPath(new URL('./main.ts', import.meta.url));

const bundle = async (minify: boolean): Promise<string> => {
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    minify,
    legalComments: 'none',
    charset: 'utf8',
    // No "use strict" prologue (the tsconfig's strict flag would add one): the code does not rely on it.
    tsconfigRaw: { compilerOptions: { alwaysStrict: false } },
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
};

/** Builds the browser SDK from source with esbuild (both variants in parallel, in memory). */
export const buildTracker = async (): Promise<TrackerBuild> => {
  const [full, min] = await Promise.all([bundle(false), bundle(true)]);
  return { full, min, minGzipBytes: gzipSync(min, { level: 9 }).length };
};
