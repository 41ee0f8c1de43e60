// `npm start` as a user runs it: time to ready and resident memory, on the embedded database and on
// PostgreSQL. Each case starts `npm start` in a checkout on a free loopback port, waits for /api/readyz,
// lets the server idle, then sums the resident memory of every process under npm (npm, the start script,
// the server and anything it spawned) and reports the largest one (the server) apart.
//
//   npx tsx bench/start.ts                          this checkout
//   BASELINE=/path/to/other/checkout npx tsx bench/start.ts    both, interleaved run by run
//
// The first start on a fresh data folder builds what is stale, migrates and seeds; the "warm" start reuses
// the folder (what a user sees every day after the first). On PostgreSQL a database `bench_start_…` is
// created on BENCH_ADMIN_URL for each start and dropped afterwards.
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './free-port';

const here = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.RUNS ?? 3);
const IDLE_MS = Number(process.env.IDLE_MS ?? 5000);
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Sample = { readyMs: number; cpuMs: number; treeMiB: number; serverMiB: number; processes: number };

/** Every process id below `pid` (inclusive), from /proc. */
function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const visit = (p: number) => {
    out.push(p);
    for (const c of children.get(p) ?? []) visit(c);
  };
  visit(pid);
  return out;
}

function rssKiB(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

const TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used so far, from /proc (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

async function waitReady(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('not ready within 300 s');
}

async function startOnce(repo: string, env: NodeJS.ProcessEnv): Promise<Sample> {
  const port = await freePort();
  const started = performance.now();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn('npm', ['start'], {
    cwd: repo,
    env: childEnv,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitReady(`http://127.0.0.1:${port}`, child);
    const readyMs = performance.now() - started;
    // CPU spent by every process under npm until ready: what the start costs, less sensitive than the wall
    // clock to other work on the machine (processes that ended before, such as the build check, not counted)
    const cpu = processTree(child.pid ?? 0).reduce((sum, pid) => sum + cpuMs(pid), 0);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const pids = processTree(child.pid ?? 0);
    const sizes = pids.map(rssKiB);
    return {
      readyMs,
      cpuMs: cpu,
      treeMiB: sizes.reduce((a, b) => a + b, 0) / 1024,
      serverMiB: Math.max(...sizes) / 1024,
      processes: sizes.filter((s) => s > 0).length,
    };
  } finally {
    try {
      process.kill(-(child.pid ?? 0), 'SIGTERM');
    } catch {
      // already gone
    }
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function withPostgres<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_start_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** One cold and one warm start on a fresh embedded database, and one warm start on PostgreSQL. */
async function measure(repo: string): Promise<Record<string, Sample>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'organiser-bench-start-'));
  try {
    const base = { DATA_DIR: dataDir };
    const cold = await startOnce(repo, base);
    const warm = await startOnce(repo, base);
    const postgres = await withPostgres(async (url) => {
      await startOnce(repo, { DATABASE_URL: url, DATA_DIR: dataDir });
      return startOnce(repo, { DATABASE_URL: url, DATA_DIR: dataDir });
    });
    return { 'embedded, first start': cold, 'embedded, warm': warm, 'PostgreSQL, warm': postgres };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

async function main() {
  const repos: Record<string, string> = { current: here };
  if (process.env.BASELINE) repos.baseline = process.env.BASELINE;
  const samples: Record<string, Record<string, Sample[]>> = {};
  for (let run = 1; run <= RUNS; run++) {
    for (const [label, repo] of Object.entries(repos)) {
      process.stderr.write(`run ${run}/${RUNS}: ${label} (${repo}) ...\n`);
      const result = await measure(repo);
      for (const [kind, sample] of Object.entries(result)) {
        const byKind = samples[label] ?? {};
        samples[label] = byKind;
        byKind[kind] = [...(byKind[kind] ?? []), sample];
      }
    }
  }
  console.log(
    `\nnpm start, median of ${RUNS} (ready: spawn of npm start → first 200 of /api/readyz; memory after ${IDLE_MS / 1000} s idle)\n`,
  );
  console.log(
    '| checkout | case | ready ms | CPU to ready ms | RSS of npm start, all processes MiB | RSS of the server MiB | processes |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const [label, kinds] of Object.entries(samples)) {
    for (const [kind, list] of Object.entries(kinds)) {
      console.log(
        `| ${label} | ${kind} | ${median(list.map((s) => s.readyMs)).toFixed(0)} | ${median(list.map((s) => s.cpuMs)).toFixed(0)} | ${median(list.map((s) => s.treeMiB)).toFixed(0)} | ${median(list.map((s) => s.serverMiB)).toFixed(0)} | ${median(list.map((s) => s.processes))} |`,
      );
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
