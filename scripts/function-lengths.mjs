// Prints the longest functions (and components) under the given folders, longest first:
// `node scripts/function-lengths.mjs apps/api/src/engine apps/console/src/engine [--top 10]`.
// Test files are left out. A function's length is its lines from declaration to closing brace.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { functionLengths } from './lib/functions.mjs';

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args[topAt + 1]) : 10;
const roots = args.filter((a, i) => !a.startsWith('--') && (topAt < 0 || i !== topAt + 1));

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !/\.d\.ts$/.test(name)) yield full;
  }
}

const found = functionLengths(roots.flatMap((root) => [...files(root)]));
for (const f of found.slice(0, top)) console.log(`${String(f.lines).padStart(4)}  ${f.name}  ${f.file}`);
