// A refused import of a large file: how long the server is held up and how much memory it takes. The real server
// (apps/api/src/main.ts, embedded database on a fresh data folder) runs as its own process; this process posts a
// small xlsx of a million rows (and a small one that unpacks to 300 MB) to an import while it asks for
// /api/healthz every 20 ms, as a load balancer does, and samples the server's resident memory from /proc. The
// slowest health check is the longest time the server could not answer anyone.
//
//   npx tsx bench/import.ts                               this checkout
//   BASELINE=<other checkout> npx tsx bench/import.ts           … and that checkout's server, one after the other
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hugeCellRow, numberedRows, xlsxFile } from '../apps/api/test/engine/xlsx-files';
import { freePort } from './free-port';
import { signIn } from './list';

const here = fileURLToPath(new URL('..', import.meta.url));
const CAPTCHA = 'bench-captcha';
const ROWS = Number(process.env.ROWS ?? 1_000_000);

const rssMiB = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};

async function startServer(
  checkout: string,
): Promise<{ address: string; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-import-'));
  const child = spawn(
    process.execPath,
    [
      ...process.execArgv,
      ...(process.env.TRACE ? ['--trace-gc'] : []),
      path.join(checkout, 'apps/api/src/main.ts'),
    ],
    {
      cwd: checkout,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_DATA: 'false',
        CAPTCHA_TEST_CODE: CAPTCHA,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', process.env.TRACE ? 'inherit' : 'ignore', 'inherit'],
    },
  );
  const address = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server of ${checkout} exited (${child.exitCode})`);
    const ready = await fetch(`${address}/api/readyz`).catch(() => null);
    if (ready?.ok) {
      // the server's one start-up collection (a second after it listens) is over before anything is measured
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      return { address, child, dataDir };
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server of ${checkout} did not get ready`);
}

async function measure(address: string, pid: number, token: string, file: Buffer) {
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(file)], {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    }),
    'big.xlsx',
  );
  const base = rssMiB(pid);
  let peak = base;
  let slowest = 0;
  let done = false;
  const watch = (async () => {
    while (!done) {
      const start = performance.now();
      await (await fetch(`${address}/api/healthz`)).arrayBuffer();
      slowest = Math.max(slowest, performance.now() - start);
      peak = Math.max(peak, rssMiB(pid));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const start = performance.now();
  const res = await fetch(`${address}/api/company_tag/import?dryRun=true`, {
    method: 'POST',
    body: form,
    headers: { 'x-token': token },
  });
  const body = (await res.json()) as { message: string };
  const took = performance.now() - start;
  done = true;
  await watch;
  return { status: res.status, message: body.message, took, slowest, base, peak };
}

async function run(label: string, checkout: string, files: [string, Buffer][]) {
  const server = await startServer(checkout);
  try {
    const token = await signIn(server.address);
    // a first import loads what imports use, so the figures are of the reading alone
    await measure(
      server.address,
      server.child.pid!,
      token,
      await xlsxFile(['Name'], numberedRows(10, 1), ['Tag']),
    );
    for (const [name, file] of files) {
      const m = await measure(server.address, server.child.pid!, token, file);
      process.stdout.write(
        `${label.padEnd(10)} ${name.padEnd(28)} ${m.status} "${m.message}"  answered in ${(m.took / 1000).toFixed(1)} s, ` +
          `slowest health check ${(m.slowest / 1000).toFixed(2)} s, resident memory ${m.base.toFixed(0)} → ${m.peak.toFixed(0)} MiB (+${(m.peak - m.base).toFixed(0)})\n`,
      );
    }
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

const rows = await xlsxFile(['Name'], numberedRows(ROWS, 1), ['Tag']);
const bomb = await xlsxFile(['Name'], hugeCellRow(300));
const files: [string, Buffer][] = [
  [`${ROWS.toLocaleString('en')} rows (${(rows.length / 1024).toFixed(0)} KB)`, rows],
  [`300 MB unpacked (${(bomb.length / 1024).toFixed(0)} KB)`, bomb],
];
await run('this', here, files);
if (process.env.BASELINE) await run('baseline', path.resolve(process.env.BASELINE), files);
