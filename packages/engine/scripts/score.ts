/**
 * Scores sessions with the fitted conversion prior.
 *
 *   npm run -s score -- --format uci --input IN.csv --output OUT.csv
 *
 * Reads UCI Online Shoppers rows (PageValues and Revenue optional, columns in any order), writes
 * `readiness_score,conversion_probability`, one line per input row in input order. The output is
 * written to a temporary file beside OUT.csv and renamed into place, so it is never half written.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseModelPrior } from '../src/model/model-prior.js';
import { scoreUciCsv } from '../src/model/scorer.js';
import { UciInputError } from '../src/model/uci-session.js';
import { readText, writeAtomically } from './file-io.js';

const FORMATS = ['uci'];
const USAGE = 'usage: score --format uci --input IN.csv --output OUT.csv [--model uci-prior.json]';
const DEFAULT_MODEL = fileURLToPath(new URL('../src/model/uci-prior.json', import.meta.url));

class UsageError extends Error {}

const parseCommandLine = () =>
  parseArgs({
    options: {
      format: { type: 'string' },
      input: { type: 'string' },
      output: { type: 'string' },
      model: { type: 'string', default: DEFAULT_MODEL },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });

function readArgs() {
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine();
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values } = parsed;
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (!values.format) throw new UsageError('missing --format (supported: uci)');
  if (!FORMATS.includes(values.format)) {
    throw new UsageError(`unknown --format ${JSON.stringify(values.format)} (supported: ${FORMATS.join(', ')})`);
  }
  if (!values.input) throw new UsageError('missing --input (the CSV file to score)');
  if (!values.output) throw new UsageError('missing --output (where to write the scores CSV)');
  // `npm run` starts scripts in the repository root; relative paths mean the caller's directory.
  const base = process.env.INIT_CWD ?? process.cwd();
  return {
    input: resolve(base, values.input),
    output: resolve(base, values.output),
    model: resolve(base, values.model!),
  };
}

function main() {
  const args = readArgs();
  const input = readText(args.input, 'input');
  let prior: ReturnType<typeof parseModelPrior>;
  try {
    prior = parseModelPrior(JSON.parse(readText(args.model, 'model')));
  } catch (error) {
    throw new Error(`model ${args.model}: ${(error as Error).message}`);
  }
  let result: ReturnType<typeof scoreUciCsv>;
  try {
    result = scoreUciCsv(input, prior);
  } catch (error) {
    if (error instanceof UciInputError) throw new Error(`${args.input}: ${error.message}`);
    throw error;
  }
  writeAtomically(args.output, result.csv);
  const model = result.usedPageValue ? 'with PageValues' : 'without PageValues';
  console.error(`scored ${result.scores.length} sessions (${model}) → ${args.output}`);
}

try {
  main();
} catch (error) {
  console.error(`score: ${(error as Error).message}`);
  if (error instanceof UsageError) console.error(USAGE);
  process.exitCode = error instanceof UsageError ? 2 : 1;
}
