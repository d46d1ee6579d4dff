// `npm test`: lint (Biome, import cycles included), module and feature boundaries, type-check, build the web app, then every Vitest project (browser journeys included).
// Fails when any test was skipped: a skipped test checks nothing.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const report = path.join(root, '.e2e-artifacts/vitest-report.json');
mkdirSync(path.dirname(report), { recursive: true });

function step(title, command, args, cwd = root) {
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: process.env });
  console.log(
    `  ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// CI runs `npm test` twice, on PGlite and on PostgreSQL. Lint, types, the build and the test projects that never
// open a database (the engine's, contracts' and sandboxes' tests, the tracker's, the web app's in jsdom) give the
// same answer on both, so its second run sets NPM_TEST_DATABASE_ONLY=1 (.ci/run) and they are not repeated: it runs
// the server's tests, the simulator's (which post to the real server) and the browser journeys.
const databaseOnly = process.env.NPM_TEST_DATABASE_ONLY === '1';
const OPEN_NO_DATABASE = ['packages', 'tracker', 'web'];
if (databaseOnly) {
  console.log(
    `▶ lint, boundaries, types, the web build and the tests that open no database (${OPEN_NO_DATABASE.join(', ')}):` +
      ' passed in the run before (NPM_TEST_DATABASE_ONLY)',
  );
} else {
  step('lint (biome)', bin('biome'), ['check', '.']);
  step('boundaries', process.execPath, [path.join(root, 'scripts/check-boundaries.mjs')]);
  // Four programs instead of one per package: the packages that share compiler options are checked together, so
  // a file imported by several (the server, by its tests, the simulator and the journeys) is checked once, not
  // three times. Each package keeps its own tsconfig.json for editors.
  await typeCheck([
    'tsconfig.check-node.json', // contracts, engine and its scripts, sandboxes, server
    'tsconfig.check-browser-tests.json', // simulator and the browser journeys
    'apps/web', // React, JSX and Vite's client types
    'packages/tracker', // ES2022 in the browser: checked against its own, older library
  ]);
  step('build web app', bin('vite'), ['build', '--logLevel', 'warn'], path.join(root, 'apps/web'));
}

/**
 * Type-checks the projects two at a time (tsc is single-threaded), incrementally: what an earlier run checked
 * and nothing changed since is not checked again (the build info lives in node_modules/.cache/tsc).
 */
async function typeCheck(projects) {
  const started = Date.now();
  console.log(`\n▶ types (${projects.length} projects)`);
  const failed = [];
  const queue = [...projects];
  const worker = async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      const info = path.join(root, 'node_modules/.cache/tsc', `${project.replaceAll('/', '_')}.tsbuildinfo`);
      const child = spawn(bin('tsc'), ['-p', project, '--noEmit', '--incremental', '--tsBuildInfoFile', info], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      const code = await new Promise((resolve) => child.on('close', resolve));
      if (code !== 0) failed.push(project);
      process.stdout.write(`  ${project}: ${code === 0 ? 'ok' : 'FAILED'}\n${output}`);
    }
  };
  await Promise.all([worker(), worker()]);
  console.log(
    `  types: ${failed.length === 0 ? 'ok' : `FAILED (${failed.join(', ')})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (failed.length > 0) process.exit(1);
}

/**
 * Two Vitest runs side by side. Vitest runs a project whose files must run one at a time (the browser journeys of
 * `e2e`) after every other file, alone: three minutes of one core at the end of the run. They run instead in a
 * Vitest of their own beside the other projects (still one file at a time), its output kept in a log that is
 * printed when it ends, so the two outputs do not interleave.
 */
const runs = [
  {
    name: 'unit, API and Neuromind journey tests',
    projects: ['packages', 'tracker', 'simulator', 'server', 'web', 'journeys'].filter(
      (p) => !databaseOnly || !OPEN_NO_DATABASE.includes(p),
    ),
    report,
  },
  { name: 'browser journeys', projects: ['e2e'], report: path.join(root, '.e2e-artifacts/vitest-report-e2e.json') },
];
// A report left by an earlier run must not stand in for a run that died before writing its own.
for (const run of runs) rmSync(run.report, { force: true });

const runVitest = ({ name, projects, report: reportFile }, index) =>
  new Promise((resolve) => {
    const log = index === 0 ? null : reportFile.replace(/\.json$/, '.log');
    const child = spawn(
      bin('vitest'),
      [
        'run',
        ...projects.flatMap((p) => ['--project', p]),
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${reportFile}`,
      ],
      {
        cwd: root,
        stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
        env: { ...process.env, ...(log ? { FORCE_COLOR: '1' } : {}) },
      },
    );
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('close', (code) => {
      if (log) {
        writeFileSync(log, output);
        console.log(`\n▶ ${name} (ran beside the rest; log in ${path.relative(root, log)})\n${output}`);
      }
      resolve(code);
    });
  });
const statuses = await Promise.all(runs.map(runVitest));

const readReport = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')).testResults;
  } catch {
    console.error(`No test report at ${path.relative(root, file)}: that Vitest run did not finish.`);
    return [];
  }
};
const all = runs
  .flatMap((run) => readReport(run.report))
  .flatMap((file) => file.assertionResults.map((a) => ({ ...a, file: file.name })));
const count = (status) => all.filter((a) => a.status === status).length;
const passed = count('passed');
const failed = count('failed');
const skipped = all.filter((a) => ['skipped', 'pending', 'todo', 'disabled'].includes(a.status));
const browser = all.filter((a) => a.file.includes(`${path.sep}e2e${path.sep}`));
console.log(`\nBrowser journeys: ${browser.filter((a) => a.status === 'passed').length} passed of ${browser.length}`);
if (skipped.length > 0) {
  console.error(`Skipped tests are not allowed (${skipped.length}):`);
  for (const s of skipped) console.error(`  - ${s.fullName}`);
}
if (browser.length === 0) console.error('No browser journeys ran.');
console.log(`Tests: ${passed} passed, ${failed + skipped.length} failed`);
process.exit(statuses.some((s) => s !== 0) || failed > 0 || skipped.length > 0 || browser.length === 0 ? 1 : 0);
