// `npm test`: lint (Biome, import cycles included), module and feature boundaries, type-check, build the web app, then every Vitest project (browser journeys included).
// Fails when any test was skipped: a skipped test checks nothing.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
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

step('lint (biome)', bin('biome'), ['check', '.']);
step('boundaries', process.execPath, [path.join(root, 'scripts/check-boundaries.mjs')]);
await typeCheck([
  'packages/contracts',
  'packages/engine',
  'packages/engine/scripts',
  'packages/tracker',
  'packages/simulator',
  'packages/sandboxes',
  'apps/server',
  'apps/web',
  'e2e',
]);
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

step('build web app', bin('vite'), ['build', '--logLevel', 'warn'], path.join(root, 'apps/web'));
const vitest = spawnSync(
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  },
);

const results = JSON.parse(readFileSync(report, 'utf8'));
const all = results.testResults.flatMap((file) => file.assertionResults.map((a) => ({ ...a, file: file.name })));
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
process.exit(vitest.status !== 0 || failed > 0 || skipped.length > 0 || browser.length === 0 ? 1 : 0);
