// Type-checks every TypeScript project of the repository (`npm run typecheck`, part of `npm run lint`).
//
//   node scripts/typecheck.mjs
//
// Each project is its own `tsc --noEmit` run, and tsc checks on one core: the runs go side by side, as many at
// once as the machine has cores. Every run's output is printed whole, in project order, after it ends; exits 1
// when any project has an error.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const projects = ['apps/console', 'apps/api', 'packages/domain', 'e2e', 'bench'];
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

function check(project) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit', '--pretty'], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) =>
      resolve({ project, code, output, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

const queue = [...projects];
const results = [];
await Promise.all(
  Array.from({ length: Math.max(1, Math.min(availableParallelism(), projects.length)) }, async () => {
    while (queue.length > 0) results.push(await check(queue.shift()));
  }),
);

let failed = 0;
for (const project of projects) {
  const result = results.find((r) => r.project === project);
  const verdict = result.code === 0 ? 'ok' : 'errors';
  console.log(`tsc -p ${project}: ${verdict} in ${result.seconds.toFixed(1)} s`);
  if (result.output.trim()) console.log(result.output.trimEnd());
  if (result.code !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
