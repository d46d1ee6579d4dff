import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

// What the file commands (score, ltv) share: reading an input with a clear error, writing an output atomically.

/** The file's text, or an error naming it and the system's code. */
export function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(`cannot read ${what} ${path}${code ? ` (${code})` : ''}`);
  }
}

/** Writes through a temporary file renamed over the target, so a failure leaves the old file whole. */
export function writeAtomically(path: string, text: string) {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(temp, text);
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(`cannot write output ${path}${code ? ` (${code})` : ''}`);
  }
}
