// Keeps package-lock.json complete for `npm ci`.
//
// The registry these machines use serves only the Linux builds of packages that ship one binary package
// per platform (e.g. @biomejs/cli-darwin-arm64 answers 404). `npm install` then leaves the other
// platforms' optional packages out of the lockfile, and `npm ci` refuses the lockfile ("Missing: ... from
// lock file") everywhere, CI included. This script finds those gaps (--check, part of `npm run lint`) and
// adds the missing entries with their os/cpu/libc, which npm skips on other platforms (--fix).
//   node scripts/complete-lockfile.mjs --check | --fix
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib/runtime.mjs';

const lockPath = join(root, 'package-lock.json');
const platform =
  /(?:^|[-/])(android|darwin|linux|win32|freebsd|openbsd|netbsd|sunos|aix|openharmony)-(arm64|x64|ia32|arm|ppc64|s390x|riscv64|loong64|mips64el)(?:-(musl|gnu|gnueabihf|msvc))?$/;

/** Where npm would look for `name` when required from the package at `key` (nested first, then upward). */
function resolves(packages, key, name) {
  let base = key;
  for (;;) {
    if (packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

function entryFor(name, version, parent) {
  const match = platform.exec(name);
  if (!match || !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) return null;
  const [, os, cpu, abi] = match;
  const entry = { version, cpu: [cpu] };
  if (parent.dev) entry.dev = true;
  if (parent.devOptional) entry.devOptional = true;
  if (os === 'linux') entry.libc = [abi === 'musl' ? 'musl' : 'glibc'];
  entry.optional = true;
  entry.os = [os];
  return entry;
}

function findGaps(packages) {
  const gaps = [];
  for (const [key, pkg] of Object.entries(packages)) {
    for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
      if (!resolves(packages, key, name)) gaps.push({ key, pkg, name, version });
    }
  }
  return gaps;
}

const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const gaps = findGaps(lock.packages);
const isFix = process.argv.includes('--fix');

if (gaps.length === 0) {
  console.log('package-lock.json: complete.');
  process.exit(0);
}
if (!isFix) {
  for (const gap of gaps) console.error(`package-lock.json lacks ${gap.name}@${gap.version} (of ${gap.key})`);
  console.error('`npm ci` would refuse this lockfile: run `node scripts/complete-lockfile.mjs --fix`.');
  process.exit(1);
}

let isComplete = true;
for (const { key, pkg, name, version } of gaps) {
  const entry = entryFor(name, version, pkg);
  if (!entry) {
    console.error(
      `Cannot complete ${name}@${version} (of ${key}): not a platform package with an exact version.`,
    );
    isComplete = false;
    continue;
  }
  const top = `node_modules/${name}`;
  lock.packages[lock.packages[top] ? `${key}/node_modules/${name}` : top] = entry;
  console.log(`added ${name}@${version} (${entry.os[0]} ${entry.cpu[0]})`);
}
// npm keeps the entries in this order; keeping it leaves the next `npm install` without a diff.
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => a.localeCompare(b, 'en')),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
process.exit(isComplete ? 0 : 1);
