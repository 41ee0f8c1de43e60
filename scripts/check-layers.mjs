// Checks that imports run one way between the layers of the code, and that no files of one folder import
// each other in a circle. Part of `npm run lint` (lint:layers).
//
//   node scripts/check-layers.mjs [root]     (root: the repository, by default this one)
//
// Reads the import and export statements of the .ts/.tsx files under apps/api/src, apps/console/src and
// packages/domain (test files are not part of any layer and are not read), resolves relative specifiers to
// files, and prints each violation as `file → imported file (rule)`. Exits 1 when there is any.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const API = 'apps/api/src/';
const CONSOLE = 'apps/console/src/';
const DOMAIN = 'packages/domain/';

/**
 * The layer rules, the most specific first: an import is reported under the first rule whose `from` holds
 * the importing file and whose `to` holds the imported one, unless `except` holds it (the one door into a
 * folder). Paths are relative to the repository, with `/`.
 */
export const RULES = [
  { name: 'db/schema never imports engine/', from: [`${API}db/schema/`], to: [`${API}engine/`] },
  {
    name: 'db/ never imports security/ or access/',
    from: [`${API}db/`],
    to: [`${API}security/`, `${API}access/`],
  },
  {
    name: 'db/, http/, security/, quota/, storage/, config/ never import engine/, modules/ or plugins/',
    from: ['db/', 'http/', 'security/', 'quota/', 'storage/', 'config/'].map((d) => API + d),
    to: [`${API}engine/`, `${API}modules/`, `${API}plugins/`],
  },
  {
    name: 'access/ never imports engine/, modules/ or plugins/',
    from: [`${API}access/`],
    to: [`${API}engine/`, `${API}modules/`, `${API}plugins/`],
  },
  {
    name: 'modules/ and plugins/ enter engine/ only through engine/index.ts',
    from: [`${API}modules/`, `${API}plugins/`],
    to: [`${API}engine/`],
    except: [`${API}engine/index.ts`],
  },
  { name: 'plugins/ never import modules/', from: [`${API}plugins/`], to: [`${API}modules/`] },
  {
    name: 'engine/ never imports modules/, plugins/ or app.ts',
    from: [`${API}engine/`],
    to: [`${API}modules/`, `${API}plugins/`, `${API}app.ts`],
  },
  {
    name: 'widgets/ never import engine/, pages/, layout/ or app/',
    from: [`${CONSOLE}widgets/`],
    to: ['engine/', 'pages/', 'layout/', 'app/'].map((d) => CONSOLE + d),
  },
  { name: 'engine/ never imports pages/', from: [`${CONSOLE}engine/`], to: [`${CONSOLE}pages/`] },
  {
    name: 'navigation/ never imports app/, engine/, pages/ or layout/',
    from: [`${CONSOLE}navigation/`],
    to: ['app/', 'engine/', 'pages/', 'layout/'].map((d) => CONSOLE + d),
  },
  {
    name: 'api/ never imports engine/ or pages/',
    from: [`${CONSOLE}api/`],
    to: [`${CONSOLE}engine/`, `${CONSOLE}pages/`],
  },
  {
    name: 'the console enters engine/ only through engine/index.ts (engine/loaders.ts for the frame)',
    from: ['pages/', 'layout/', 'navigation/', 'app/', 'components/', 'state/', 'i18n/', 'messages/'].map(
      (d) => CONSOLE + d,
    ),
    to: [`${CONSOLE}engine/`],
    except: [`${CONSOLE}engine/index.ts`, `${CONSOLE}engine/loaders.ts`],
  },
  {
    name: 'packages/domain never imports apps/',
    from: [DOMAIN],
    to: ['apps/', '@organiser/api', '@organiser/console'],
  },
];

const CIRCLE_RULE = 'no circle of imports among the files of one folder';
const FOLDER_CIRCLE_RULE = 'no circle of imports among the sub-folders and files of one folder';
/** Where sub-folders must not import each other in a circle: the engines, each a stack of pieces. */
const FOLDER_CIRCLE_ROOTS = [`${API}engine/`, `${CONSOLE}engine/`];
const ROOTS = [API, CONSOLE, `${DOMAIN}src/`];
const SOURCE = /\.(ts|tsx|mts|cts)$/;
const TEST = /\.test\.(ts|tsx)$/;

// `import … from 'x'`, `export … from 'x'`, `import 'x'`, `import('x')`, `require('x')`; comments are removed
// first so that an example in a comment does not count.
const SPECIFIERS = [
  /\b(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
];

function stripComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

export function importsOf(text) {
  const code = stripComments(text);
  const found = new Set();
  for (const pattern of SPECIFIERS) for (const match of code.matchAll(pattern)) found.add(match[1]);
  return [...found];
}

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(path));
    else if (SOURCE.test(entry.name) && !TEST.test(entry.name) && !entry.name.endsWith('.d.ts'))
      out.push(path);
  }
  return out;
}

const isFile = (path) => existsSync(path) && statSync(path).isFile();

/** The file a relative specifier names (TypeScript's resolution of .ts/.tsx/index and of `.js` → `.ts`). */
function resolveRelative(fromFile, specifier) {
  const base = resolve(dirname(fromFile), specifier);
  const stem = base.replace(/\.(m|c)?js$/, '');
  const candidates = [
    base,
    ...['.ts', '.tsx', '.mts', '.cts'].map((ext) => stem + ext),
    ...['index.ts', 'index.tsx'].map((name) => join(base, name)),
  ];
  return candidates.find(isFile) ?? null;
}

const toPosix = (path) => path.split(sep).join('/');
/** `path` is one of `prefixes`, or inside one (a folder ending in `/`, or a package and its subpaths). */
const within = (path, prefixes) =>
  prefixes.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`));

/** Strongly connected groups of more than one file (or a file importing itself), by Tarjan's algorithm. */
function circles(nodes, edges) {
  let index = 0;
  const stack = [];
  const state = new Map();
  const groups = [];
  const visit = (node) => {
    const own = { index, low: index, onStack: true };
    index++;
    state.set(node, own);
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      const seen = state.get(next);
      if (!seen) {
        visit(next);
        own.low = Math.min(own.low, state.get(next).low);
      } else if (seen.onStack) own.low = Math.min(own.low, seen.index);
    }
    if (own.low === own.index) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        state.get(member).onStack = false;
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (edges.get(node) ?? []).includes(node)) groups.push(group.sort());
    }
  };
  for (const node of nodes) if (!state.has(node)) visit(node);
  return groups;
}

/** One path through the circle's files that returns to its start (each step an import). */
function walkCircle(group, edges) {
  const members = new Set(group);
  const start = group[0];
  // Breadth-first from each step to the next unvisited member, back to the start at the end.
  const pathTo = (from, isTarget) => {
    const previous = new Map([[from, null]]);
    const queue = [from];
    while (queue.length) {
      const node = queue.shift();
      for (const next of edges.get(node) ?? []) {
        if (!members.has(next)) continue;
        if (isTarget(next)) {
          const path = [next];
          for (let at = node; at !== null && at !== from; at = previous.get(at)) path.unshift(at);
          return path;
        }
        if (!previous.has(next)) {
          previous.set(next, node);
          queue.push(next);
        }
      }
    }
    return null;
  };
  const walk = [start];
  const visited = new Set([start]);
  let at = start;
  while (visited.size < members.size) {
    const step = pathTo(at, (n) => !visited.has(n));
    if (!step) break;
    for (const n of step) visited.add(n);
    walk.push(...step);
    at = walk[walk.length - 1];
  }
  walk.push(...(pathTo(at, (n) => n === start) ?? [start]));
  return walk;
}

/** Every violation under `root`: `{ from, to, rule }`, circles as `{ from, to, rule, circle }`. */
export function checkLayers(root) {
  const files = ROOTS.flatMap((dir) => listFiles(join(root, dir)));
  const rel = (path) => toPosix(relative(root, path));
  const violations = [];
  const edges = new Map();
  const folderEdges = new Map();
  for (const file of files) {
    const from = rel(file);
    const targets = [];
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      const resolved = specifier.startsWith('.') ? resolveRelative(file, specifier) : null;
      const to = resolved ? rel(resolved) : specifier;
      if (resolved) targets.push(to);
      const rule = RULES.find(
        (r) => within(from, r.from) && within(to, r.to) && !(r.except && within(to, r.except)),
      );
      if (rule) violations.push({ from, to, rule: rule.name });
    }
    edges.set(
      from,
      targets.filter((to) => dirname(to) === dirname(from)),
    );
    for (const to of targets) addFolderEdge(folderEdges, from, to);
  }
  for (const group of circles([...edges.keys()].sort(), edges)) {
    const walk = walkCircle(group, edges);
    violations.push({ from: walk[0], to: walk[1], rule: CIRCLE_RULE, circle: walk });
  }
  for (const group of circles([...folderEdges.keys()].sort(), folderEdges)) {
    if (!group.some((unit) => unit.endsWith('/'))) continue; // files of one folder: the rule above
    const walk = walkCircle(group, folderEdges);
    violations.push({ from: walk[0], to: walk[1], rule: FOLDER_CIRCLE_RULE, circle: walk });
  }
  return violations;
}

/**
 * An import seen from the folder that holds both files: the sub-folder (`list/`) or file (`slots.ts`) of that
 * folder each one is in. Inside the engines, sub-folders that import each other are one piece that was split
 * in two: the rule below reports each circle of them.
 */
function addFolderEdge(folderEdges, from, to) {
  const a = from.split('/');
  const b = to.split('/');
  let common = 0;
  while (common < a.length - 1 && common < b.length - 1 && a[common] === b[common]) common++;
  const base = a.slice(0, common).join('/');
  if (!FOLDER_CIRCLE_ROOTS.some((root) => `${base}/`.startsWith(root))) return;
  const unit = (parts) => `${base}/${parts[common]}${parts.length - 1 > common ? '/' : ''}`;
  const [fromUnit, toUnit] = [unit(a), unit(b)];
  if (fromUnit === toUnit) return;
  if (!folderEdges.has(fromUnit)) folderEdges.set(fromUnit, []);
  if (!folderEdges.get(fromUnit).includes(toUnit)) folderEdges.get(fromUnit).push(toUnit);
}

export function formatViolation(v) {
  if (!v.circle) return `${v.from} → ${v.to} (${v.rule})`;
  const folder = dirname(v.circle[0]);
  const names = v.circle.map((f) => f.slice(folder.length + 1));
  const what = v.rule === FOLDER_CIRCLE_RULE ? 'parts' : 'files';
  return `${folder}/${names.join(' → ')} (${v.rule}: ${new Set(names).size} ${what})`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
  const violations = checkLayers(root);
  for (const v of violations) console.error(formatViolation(v));
  if (violations.length) {
    console.error(`${violations.length} import${violations.length === 1 ? '' : 's'} against the layers.`);
    process.exit(1);
  }
  console.log('Imports follow the layers; no circles.');
}
