// Fails when code crosses a boundary the architecture draws (docs/architecture.md):
// - a server module (apps/server/src/modules/<name>) is used by others only through its public entry,
//   index.ts; its tables (<name>.schema.ts, or any *.schema.ts in it) are open to other schema files and to
//   db/schema.ts only;
// - a web feature (apps/web/src/features/<name>) imports no other feature, and components/ and lib/ import
//   no feature: only app/ composes features.
// Import cycles are Biome's (lint/suspicious/noImportCycles).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(root, 'apps/server/src');
const MODULES = path.join(SERVER, 'modules');
const WEB = path.join(root, 'apps/web/src');
const FEATURES = path.join(WEB, 'features');

/** Every .ts/.tsx file below `dir`. */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && /\.tsx?$/.test(d.name))
    .map((d) => path.join(d.parentPath, d.name));
}

const SPECIFIER = /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The files a source imports by relative path, resolved to .ts/.tsx paths. */
function relativeImports(file) {
  const text = readFileSync(file, 'utf8');
  const found = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const specifier = match[1] ?? match[2];
    if (!specifier?.startsWith('.')) continue;
    const resolved = path.resolve(path.dirname(file), specifier).replace(/\.js$/, '');
    found.push({ specifier, target: resolved });
  }
  return found;
}

/** `modules/<name>/…` or `features/<name>/…` → name; undefined outside them. */
const areaOf = (base, file) => {
  const rel = path.relative(base, file);
  return rel.startsWith('..') ? undefined : rel.split(path.sep)[0];
};

const problems = [];
const where = (file) => path.relative(root, file);

for (const file of sources(SERVER)) {
  const own = areaOf(MODULES, file);
  const isSchemaFile = file.endsWith('.schema.ts') || file === path.join(SERVER, 'db/schema.ts');
  for (const { specifier, target } of relativeImports(file)) {
    const other = areaOf(MODULES, target);
    if (!other || other === own) continue;
    const rest = path.relative(path.join(MODULES, other), target);
    if (rest === 'index') continue;
    // A module may keep some of its tables in further schema files (integrations: vendors/meta/meta.schema.ts).
    if (isSchemaFile && rest.endsWith('.schema')) continue;
    problems.push(
      `${where(file)} imports ${specifier}: use the ${other} module's public entry (modules/${other}/index.ts)`,
    );
  }
}

for (const file of sources(WEB)) {
  const own = areaOf(FEATURES, file);
  const inApp = !path.relative(path.join(WEB, 'app'), file).startsWith('..');
  const isTestSupport = !path.relative(path.join(WEB, 'test'), file).startsWith('..');
  for (const { specifier, target } of relativeImports(file)) {
    const other = areaOf(FEATURES, target);
    if (!other || other === own || inApp || isTestSupport) continue;
    const who = own ? `feature ${own}` : path.relative(WEB, file).split(path.sep)[0];
    problems.push(
      `${where(file)} imports ${specifier}: ${who} may not import feature ${other} (only app/ composes features)`,
    );
  }
}

if (problems.length > 0) {
  console.error(`Boundary check failed (${problems.length}):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('Boundaries: modules are used through their public entry; web features import no other feature.');
