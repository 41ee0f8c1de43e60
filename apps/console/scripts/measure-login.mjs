// Measures what the login page costs (its download size and first paint):
//   node apps/console/scripts/measure-login.mjs                 gzip size of everything /login loads (needs a build)
//   node apps/console/scripts/measure-login.mjs --fcp <url>     also the first contentful paint of <url>/login in
//                                                               headless Chromium, median of 5 cold loads
// Run `npx vite build` in apps/console first. The size follows the Vite manifest from the entry and the login page
// chunk through their static imports (JavaScript and CSS); lazily imported chunks are not counted.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

function collect(key, files = new Set(), seen = new Set()) {
  if (seen.has(key)) return files;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in the manifest: ${key}`);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const dep of chunk.imports ?? []) collect(dep, files, seen);
  return files;
}

const loginKey = Object.keys(manifest).find((k) => k.endsWith('src/pages/login/login-page.tsx'));
const files = collect(loginKey, collect('index.html'));
files.add('index.html');
let raw = 0;
let gzip = 0;
const rows = [];
for (const file of files) {
  const bytes = readFileSync(join(dist, file));
  const zipped = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzip += zipped;
  rows.push([file, bytes.length, zipped]);
}
rows.sort((a, b) => b[2] - a[2]);
for (const [file, size, zipped] of rows) {
  console.log(
    `${(zipped / 1024).toFixed(1).padStart(7)} kB gz  ${(size / 1024).toFixed(1).padStart(7)} kB  ${file}`,
  );
}
console.log(
  `login page loads ${files.size} files: ${(gzip / 1024).toFixed(1)} kB gzip (${(raw / 1024).toFixed(1)} kB raw)`,
);

const fcpIndex = process.argv.indexOf('--fcp');
if (fcpIndex !== -1) {
  const base = process.argv[fcpIndex + 1];
  const require = createRequire(join(process.cwd(), 'package.json'));
  const { chromium } = require('@playwright/test');
  const args = [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ];
  const fcps = [];
  const ready = [];
  for (let i = 0; i < 5; i++) {
    // a new browser each time: nothing cached
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args,
    });
    const page = await browser.newPage();
    const start = Date.now();
    await page.goto(`${base}/login`);
    await page.getByRole('button', { name: /log\s*in|登\s*录/i }).waitFor();
    ready.push(Date.now() - start);
    const fcp = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    );
    fcps.push(Math.round(fcp));
    await browser.close();
  }
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  console.log(`first contentful paint: median ${median(fcps)} ms (runs: ${fcps.join(', ')})`);
  console.log(`login form ready:       median ${median(ready)} ms (runs: ${ready.join(', ')})`);
}
