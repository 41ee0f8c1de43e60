// Prints figures about the code's shape, for comparing two checkouts of the repository:
//
//   node scripts/code-metrics.mjs [root]     (root: a checkout, by default this one)
//
// - lines of TypeScript (tests left out) in the folders that hold accounts, access and the engine;
// - the 15 longest functions outside tests;
// - imports into an engine's files other than its doors (index; the console's loaders.ts), from outside it;
// - API calls spelled by hand in the console: a URL string given to `http.*` outside `src/api/`;
// - the committed OpenAPI document: size, operations, operations with an operationId;
// - imports against the layers (the rules of scripts/check-layers.mjs of THIS checkout, applied to root).
// Reads files only; prints a small table.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkLayers, importsOf } from './check-layers.mjs';
import { functionLengths } from './lib/functions.mjs';

const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$|\/test\/|\.d\.ts$/;
const posix = (p) => p.split(sep).join('/');

function files(dir) {
  const full = join(root, dir);
  if (!existsSync(full)) return [];
  const out = [];
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'generated') continue;
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (SOURCE.test(entry.name) && !TEST.test(posix(relative(root, path)))) out.push(path);
    }
  };
  walk(full);
  return out;
}

const lineCount = (paths) => paths.reduce((n, p) => n + readFileSync(p, 'utf8').split('\n').length, 0);

const FOLDERS = [
  'apps/api/src/engine',
  'apps/api/src/access',
  'apps/api/src/security',
  'apps/api/src/modules/access',
  'apps/api/src/modules/users',
  'apps/console/src/engine',
  'apps/console/src/pages/access',
  'apps/console/src/pages/users',
];
console.log('## Lines (TypeScript, tests left out)');
for (const folder of FOLDERS)
  if (existsSync(join(root, folder)))
    console.log(`${String(lineCount(files(folder))).padStart(7)}  ${folder}`);

const all = ['apps/api/src', 'apps/console/src', 'packages/domain/src'].flatMap(files);
const longest = functionLengths(all).map((f) => ({ ...f, file: posix(relative(root, f.file)) }));
console.log('\n## The 15 longest functions outside tests');
for (const f of longest.slice(0, 15)) console.log(`${String(f.lines).padStart(7)}  ${f.name}  ${f.file}`);
console.log(`functions over 150 lines: ${longest.filter((f) => f.lines > 150).length}`);

function resolveImport(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}
function deepImports(engineDir, fromDirs) {
  const engine = join(root, engineDir);
  // its doors: the index, and in the console the frame's loaders (the lazily loaded screens)
  const index = ['index.ts', 'index.tsx', 'loaders.ts'].map((name) => join(engine, name));
  let count = 0;
  for (const file of fromDirs.flatMap(files)) {
    if (file.startsWith(engine + sep)) continue;
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const target = resolveImport(file, spec);
      if (target?.startsWith(engine + sep) && !index.includes(target)) count++;
    }
  }
  return count;
}
console.log('\n## Imports into an engine other than through its index');
console.log(`${String(deepImports('apps/api/src/engine', ['apps/api/src'])).padStart(7)}  apps/api`);
console.log(
  `${String(deepImports('apps/console/src/engine', ['apps/console/src'])).padStart(7)}  apps/console`,
);

const HAND_SPELLED = /\bhttp\.(get|post|put|patch|delete)\s*(<[^()]*?>)?\s*\(\s*[`'"]/g;
let spelled = 0;
for (const file of files('apps/console/src')) {
  if (posix(relative(root, file)).startsWith('apps/console/src/api/')) continue;
  spelled += [...readFileSync(file, 'utf8').matchAll(HAND_SPELLED)].length;
}
console.log('\n## API calls spelled by hand outside apps/console/src/api');
console.log(String(spelled).padStart(7));

const documentPath = join(root, 'apps/api/openapi.json');
if (existsSync(documentPath)) {
  const text = readFileSync(documentPath, 'utf8');
  const document = JSON.parse(text);
  const operations = Object.values(document.paths ?? {}).flatMap((item) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([, op]) => op),
  );
  console.log('\n## OpenAPI document');
  console.log(`${String(Math.round(text.length / 1024)).padStart(7)}  KiB`);
  console.log(`${String(text.split('\n').length).padStart(7)}  lines`);
  console.log(`${String(operations.length).padStart(7)}  operations`);
  console.log(`${String(operations.filter((op) => op.operationId).length).padStart(7)}  with an operationId`);
}

const violations = checkLayers(root);
console.log('\n## Imports against the layers (rules of this checkout)');
console.log(String(violations.length).padStart(7));
