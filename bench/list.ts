import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
// Types only: the app's Fastify declarations for the engine modules loaded below at run time.
import type {} from '../apps/api/src/app';
import { benchSettings, envNumber } from './settings';

// The list endpoint at scale: banners seeded on PostgreSQL, then each list case through the API (its own
// process, production logger) beside a bare peer: Fastify + `pg` in a process of its own running the page
// SQL the engine builds for that case (no total, no session, no logging). autocannon over loopback,
// CONNECTIONS (50) for SECONDS (10) per target, the targets interleaved case by case and run by run (RUNS),
// medians printed. With BASELINE=<another checkout> its API runs beside this one on the same database (the
// "before" of a change). Short keywords are also measured with one client (p95).
//
//   npx tsx bench/list.ts                               # a fresh database on 127.0.0.1:5432, dropped at the end
//   BASELINE=/work/main npx tsx bench/list.ts           # … and that checkout's API beside this one
//   DATABASE_URL=postgres://… npx tsx bench/list.ts     # an existing, empty database of your own
//
// bench/products.ts runs its own entity through the same children (`--serve-api`, `--serve-bare` of this
// file) and helpers.
//
// Environment: ROWS (1000000), SECONDS (10), CONNECTIONS (50), RUNS (3), POOL (10, the API's pool size and
// the bare peer's), SOLO_SECONDS (5, the one-client pass), CASES (case names separated by ';', default all),
// BENCH_API_FLAGS (this checkout's API once more, with these Node flags), DRAIN_SECONDS (60), BENCH_PROFILE (a folder: CPU profiles of the API processes and the bare peer),
// WARM_SECONDS (3: every target answers every case this long, untimed, before the first run, so the first case
// measured does not also pay for compiling the server's request path, as a running service has long done).

const POOL = envNumber('POOL', 10);
const SOLO_SECONDS = envNumber('SOLO_SECONDS', 5);
const WARM_SECONDS = envNumber('WARM_SECONDS', 3);
const DRAIN_SECONDS = envNumber('DRAIN_SECONDS', 60);
const { ROWS, SECONDS, CONNECTIONS, RUNS, ADMIN_URL, CASES } = benchSettings({ runs: 3 });
const CAPTCHA = 'bench-captcha';
const here = fileURLToPath(new URL('..', import.meta.url));

type Case = { name: string; query: Record<string, string>; solo?: boolean };

const allCases: Case[] = [
  { name: 'page 1', query: {} },
  {
    name: 'filter + sort',
    query: { displayStatus: 'online', position: '2', sort: 'startDate', order: 'desc' },
  },
  { name: 'keyword en (0.1%)', query: { keyword: 'Sustainable' } },
  { name: 'keyword zh (0.1%)', query: { keyword: '可持续面料' } },
  { name: 'page 500', query: { page: '500' } },
  { name: 'keyword 面料 (2 chars, 0.1%)', query: { keyword: '面料' }, solo: true },
  { name: 'keyword ab (2 letters, 0.1%)', query: { keyword: 'ab' }, solo: true },
  { name: 'keyword x (1 letter, 10%)', query: { keyword: 'x' }, solo: true },
];
const cases = CASES ? allCases.filter((c) => CASES.includes(c.name)) : allCases;

export const log = (message: string) =>
  process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${message}\n`);

export async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Banners in SQL: titles in Chinese and English, 1 in 1000 with a rare phrase, 10% with a common one. */
async function seed(pool: pg.Pool): Promise<void> {
  await pool.query(`insert into banner_position (code, en_name, zh_name, size_hint)
    select 'pos_' || i, 'Position ' || i, '位置' || i, '1200x240' from generate_series(1, 5) i`);
  // Bulk load: drop the secondary indexes, insert, build them again (each in one pass).
  const { rows: indexes } = await pool.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where tablename = 'banner' and indexname <> 'banner_pkey'`,
  );
  for (const ix of indexes) await pool.query(`drop index "${ix.indexname}"`);
  const batch = 100_000;
  for (let start = 1; start <= ROWS; start += batch) {
    const end = Math.min(ROWS, start + batch - 1);
    await pool.query(
      `insert into banner (title, position_id, cover_img, sort_no, target_type, target_url, target_value, status,
         display_status, start_date, end_date, remark, click_num, created_at, updated_at, created_by, updated_by)
       select
         case when i % 1000 = 7 then '可持续面料专场 Sustainable fabrics ' || i
              else (array['春季广交会采购周','智能家居新品展','五金工具专场','Smart Home Pavilion','Auto Parts Online Meetings',
                          '跨境电商选品大会','New Energy Showcase','礼品家居展','电子元器件采购节','Outdoor Sports Expo'])[1 + i % 10]
                   || ' ' || i end,
         1 + i % 5, 'demo/banner-' || (1 + i % 6) || '.png', i % 1000,
         (array['none','url','company','product','activity'])[1 + i % 5],
         case when i % 5 = 1 then 'https://expo.example.com/e/' || i end,
         case when i % 5 >= 2 then (1000 + i % 9000)::text end,
         case when i % 100 = 0 then 'disabled' else 'enabled' end,
         case when i % 2 = 0 then 'online' else 'offline' end,
         date '2024-01-01' + (i % 365), date '2024-01-01' + (i % 365) + 30,
         case when i % 3 = 0 then '首页轮播，请每季度更新图片 ' || i end,
         ((i::bigint * 7919) % 5000)::int,
         now() - make_interval(secs => i), now() - make_interval(secs => i / 2), 1, 1
       from generate_series($1::int, $2::int) i`,
      [start, end],
    );
    log(`seeded ${end.toLocaleString('en')} banners`);
  }
  for (const ix of indexes) {
    const t0 = performance.now();
    await pool.query(ix.indexdef);
    log(`index ${ix.indexname} built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  await settleSearchTargets(pool);
  await pool.query('vacuum analyze banner');
  await pool.query('vacuum analyze banner_position');
}

/** The statistics targets the API gives the search indexes after its migrations, again for the indexes a seed has
 * dropped and built again (a new index has the default). */
export async function settleSearchTargets(pool: pg.Pool): Promise<void> {
  const [{ drizzle }, { settleSearchStatistics }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('../apps/api/src/db/search-statistics'),
  ]);
  await settleSearchStatistics(drizzle({ client: pool }));
}

export type Statement = { text: string; params: unknown[] };

/** Migrates the bench database at `url` with this checkout's migrations, then seeds it through `pool`. */
export async function migrateAndSeed(url: string, pool: pg.Pool, seed: (pool: pg.Pool) => Promise<void>) {
  const { openDatabase } = await import('../apps/api/src/db/client');
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  await handle.migrate();
  await handle.close();
  const t0 = performance.now();
  await seed(pool);
  log(`seeded and analysed in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

/** The page statement the engine (this checkout's) runs for a list request of `entity`, captured through
 * Drizzle's logger. */
export async function capturePage(
  url: string,
  query: Record<string, string>,
  entity = 'banner',
): Promise<Statement> {
  const [{ entities, parseListQuery }, { drizzle }, schema, { createEngine }, { runList }] =
    await Promise.all([
      import('@organiser/domain'),
      import('drizzle-orm/node-postgres'),
      import('../apps/api/src/db/schema'),
      import('../apps/api/src/engine'),
      import('../apps/api/src/engine/read/list'),
    ]);
  const statements: Statement[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = drizzle({
    client: pool,
    schema,
    logger: { logQuery: (text, params) => statements.push({ text, params }) },
  });
  const parsed = parseListQuery(entities[entity]!, query);
  if (!parsed.ok) throw new Error(`bad bench query: ${parsed.param}`);
  const engine = createEngine({ fieldPolicy: {} });
  await runList(db as never, engine.get(entity)!, parsed.query, 'live', engine);
  await pool.end();
  const page = statements.find((s) => /\border by\b/i.test(s.text) && /\blimit\b/i.test(s.text));
  if (!page) throw new Error(`no page statement among ${statements.length}`);
  return page;
}

export type Sample = {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  drain?: number;
  /** Answers with status 200. */
  answered?: number;
  /** CPU time the server's process spent per answer, in µs (user + system, from /proc). */
  cpu?: number;
  /** Bytes received per answer, headers included. */
  bytes?: number;
};

/** CPU time a process has used so far, in ms (user + system, from /proc; NaN where there is none). */
export function cpuTimeMs(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the fields after the command name, which is in parentheses: utime and stime are the 12th and 13th
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}
const CLOCK_TICKS = 100;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function load(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
) {
  const latencies: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections, duration: seconds, headers, timeout: 10 },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, status, _bytes, time) => {
      if (status === 200) latencies.push(time);
      else errors++;
    });
  });
  const sorted = latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / result.duration,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors: errors + result.errors + result.timeouts,
    answered: latencies.length,
    bytes: result.requests.total ? result.throughput.total / result.requests.total : 0,
  } satisfies Sample;
}

export type Server = { address: string; child: ChildProcess; stop: () => Promise<void> };

/** A bench's end, measured or not: its servers stopped, its pool closed, its own database dropped and its data
 * folder removed. */
export async function tearDown(input: { servers: Server[]; pool: pg.Pool; name: string; dataDir: string }) {
  for (const s of input.servers) await s.stop();
  await input.pool.end();
  await admin(`drop database if exists "${input.name}" with (force)`);
  rmSync(input.dataDir, { recursive: true, force: true });
  log(`dropped ${input.name}`);
}

/** Runs a bench when its file is the one started (`npx tsx bench/x.ts`), not when another bench imports it. */
export function runWhenStarted(moduleUrl: string, run: () => Promise<void>): void {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return;
  run().catch((error) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}

/** A child process running this file in a serve mode; it reports its address over IPC. */
export async function startChild(mode: string, env: Record<string, string>): Promise<Server> {
  // BENCH_PROFILE=<folder>: the API processes and the bare peer write a CPU profile there when they stop.
  const profile =
    process.env.BENCH_PROFILE && (mode === '--serve-api' || mode === '--serve-bare')
      ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`]
      : [];
  if (mode === '--serve-api' && env.BENCH_NODE_FLAGS)
    profile.push(...env.BENCH_NODE_FLAGS.split(/\s+/).filter(Boolean));
  const child = spawn(
    process.execPath,
    [...process.execArgv, ...profile, fileURLToPath(import.meta.url), mode],
    {
      cwd: env.BENCH_CHECKOUT ?? here,
      env: { ...process.env, ...env },
      // The API's log lines go where a service's would: a sink that is written to, not read here.
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  const address = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { address: string }).address));
    child.once('exit', (code) => reject(new Error(`${mode} exited (${code}) before listening`)));
  });
  return {
    address,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Child: the API of a checkout (BENCH_CHECKOUT) on the bench database, as `npm start` builds it. */
async function serveApi(): Promise<void> {
  const checkout = process.env.BENCH_CHECKOUT!;
  const url = process.env.BENCH_DATABASE_URL!;
  const from = (p: string) => pathToFileURL(path.join(checkout, 'apps/api/src', p)).href;
  const [{ buildApp }, { parseDeploymentConfig, parseServerSettings }, { openDatabase }, engine, mods] =
    await Promise.all([
      import(from('app.ts')),
      import(from('config/load.ts')),
      import(from('db/client.ts')),
      import(from('engine/index.ts')),
      import(from('modules/index.ts')),
    ]);
  const server = parseServerSettings({
    NODE_ENV: 'production',
    ADMIN_PASSWORD: 'admin123',
    DATABASE_URL: url,
    DATA_DIR: process.env.BENCH_DATA_DIR!,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    DEMO_DATA: 'false',
  });
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: POOL });
  const app = await buildApp({
    config: {
      deployment: parseDeploymentConfig({
        rateLimit: {
          globalPerMinute: 100_000_000,
          // bench/consults.ts posts through the marketplace route faster than a key's default allows
          ...(process.env.BENCH_OPEN_PER_SECOND
            ? { openPerSecond: Number(process.env.BENCH_OPEN_PER_SECOND) }
            : {}),
        },
        // bench/events.ts: the behaviour projections in the request (inline) or by the queue (queued)
        ...(process.env.BENCH_PROJECTION
          ? { statistics: { projection: process.env.BENCH_PROJECTION as 'inline' | 'queued' } }
          : {}),
      }),
      server: {
        ...server,
        captchaTestCode: CAPTCHA,
        passwordHash: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
      },
    },
    db: handle.db,
    seed: { demoAccounts: false, demoData: false },
    // Older checkouts exported the engine plugin apart from the module list; newer ones list it as a module.
    extraModules:
      engine.engineModule && !mods.modules.includes(engine.engineModule) ? [engine.engineModule] : [],
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.send?.({ address });
  process.once('SIGTERM', () => {
    app
      .close()
      .then(() => handle.close())
      .finally(() => process.exit(0));
  });
}

/** Child: the bare peer, Fastify + pg, `GET /case/:n` runs the n-th page statement and answers its rows. */
async function serveBare(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const statements = JSON.parse(process.env.BENCH_STATEMENTS!) as Statement[];
  const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL!, max: POOL });
  const app = Fastify({ logger: false });
  app.get<{ Params: { n: string } }>('/case/:n', async (request) => {
    const s = statements[Number(request.params.n)]!;
    const { rows } = await pool.query(s.text, s.params);
    return { success: true, code: 20000, content: { list: rows } };
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.send?.({ address });
  process.once('SIGTERM', () => {
    app
      .close()
      .then(() => pool.end())
      .finally(() => process.exit(0));
  });
}

/** Seconds until the bench database has no statement running any more (at most DRAIN_SECONDS): a server
 * that does not cancel the statements of requests whose client left keeps the database busy after the load,
 * which would slow down whatever is measured next. */
export async function drain(pool: pg.Pool, database: string): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < DRAIN_SECONDS * 1000) {
    const { rows } = await pool.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = $1 and state = 'active' and pid <> pg_backend_pid()`,
      [database],
    );
    if (rows[0]!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return (performance.now() - started) / 1000;
}

export type Envelope<T> = { success: boolean; content: T };
export const json = async <T>(response: Response) => (await response.json()) as Envelope<T>;

export async function signIn(address: string): Promise<string> {
  const captcha = await json<{ token: string }>(await fetch(`${address}/api/user/captcha`));
  const login = await json<{ token: string }>(
    await fetch(`${address}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        account: 'admin',
        password: 'admin123',
        checkCode: CAPTCHA,
        token: captcha.content.token,
      }),
    }),
  );
  if (!login.success) throw new Error(`login failed on ${address}: ${JSON.stringify(login)}`);
  return login.content.token;
}

export const median = (xs: number[]) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
export const ms = (v: number) => (Number.isNaN(v) ? '-' : v < 10 ? v.toFixed(1) : v.toFixed(0));

export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

export async function runListBench(): Promise<void> {
  const ownDatabase = !process.env.DATABASE_URL;
  const name = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = process.env.DATABASE_URL ?? ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const dbName = new URL(url).pathname.slice(1);
  const dataDir = path.join(tmpdir(), name);
  if (ownDatabase) await admin(`create database "${name}"`);
  log(
    `database ${ownDatabase ? name : '(DATABASE_URL)'}; ${ROWS.toLocaleString('en')} rows, ${CONNECTIONS} connections, ${SECONDS} s per target, ${RUNS} runs`,
  );
  const servers: Server[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  try {
    await migrateAndSeed(url, pool, seed);

    const statements: Statement[] = [];
    for (const c of cases) statements.push(await capturePage(url, c.query));
    const checkouts: [string, string, string][] = [['API', here, '']];
    // BENCH_API_FLAGS: this checkout's API a second time, with those Node flags.
    if (process.env.BENCH_API_FLAGS)
      checkouts.push([`API ${process.env.BENCH_API_FLAGS}`, here, process.env.BENCH_API_FLAGS]);
    if (process.env.BASELINE) checkouts.push(['API before', path.resolve(process.env.BASELINE), '']);
    const bare = await startChild('--serve-bare', {
      BENCH_DATABASE_URL: url,
      BENCH_STATEMENTS: JSON.stringify(statements),
    });
    servers.push(bare);
    const apis: { label: string; server: Server; token: string }[] = [];
    for (const [label, checkout, flags] of checkouts) {
      const server = await startChild('--serve-api', {
        BENCH_DATABASE_URL: url,
        BENCH_CHECKOUT: checkout,
        BENCH_DATA_DIR: dataDir,
        BENCH_NODE_FLAGS: flags,
      });
      servers.push(server);
      apis.push({ label, server, token: await signIn(server.address) });
    }

    const totals: string[] = [];
    for (const c of cases) {
      const qs = new URLSearchParams(c.query).toString();
      const body = await json<{ total: number; totalIsEstimate: boolean }>(
        await fetch(`${apis[0]!.server.address}/api/banner/list${qs ? `?${qs}` : ''}`, {
          headers: { 'x-token': apis[0]!.token },
        }),
      );
      if (!body.success) throw new Error(`${c.name}: ${JSON.stringify(body)}`);
      totals.push(
        `${body.content.total.toLocaleString('en')}${body.content.totalIsEstimate ? ' (est.)' : ''}`,
      );
    }

    // samples[case][target] = one Sample per run
    const samples = cases.map(() => new Map<string, Sample[]>());
    const targetsOf = (i: number, c: Case): [string, string, Record<string, string>, Server][] => {
      const qs = new URLSearchParams(c.query).toString();
      return [
        ['bare', `${bare.address}/case/${i}`, {}, bare],
        ...apis.map(
          (a) =>
            [
              a.label,
              `${a.server.address}/api/banner/list${qs ? `?${qs}` : ''}`,
              { 'x-token': a.token },
              a.server,
            ] as [string, string, Record<string, string>, Server],
        ),
      ];
    };
    if (WARM_SECONDS > 0) {
      log(`warming every target on every case for ${WARM_SECONDS} s …`);
      for (const [i, c] of cases.entries())
        for (const [, target, headers] of targetsOf(i, c)) {
          await load(target, headers, CONNECTIONS, WARM_SECONDS);
          await drain(pool, dbName);
        }
    }
    const loads: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      for (const [i, c] of cases.entries()) {
        const targets = targetsOf(i, c);
        // Each run starts with another target, so no target always runs right after the same one.
        for (let k = 0; k < targets.length; k++) {
          const [label, target, headers, server] = targets[(k + run - 1) % targets.length]!;
          log(`run ${run}/${RUNS} ${c.name}: ${label} …`);
          const cpuBefore = cpuTimeMs(server.child.pid);
          const sample: Sample = await load(target, headers, CONNECTIONS, SECONDS);
          sample.cpu = ((cpuTimeMs(server.child.pid) - cpuBefore) * 1000) / (sample.answered || 1);
          sample.drain = await drain(pool, dbName);
          samples[i]!.set(label, [...(samples[i]!.get(label) ?? []), sample]);
          loads.push(loadavg()[0]!);
        }
      }
    }

    const rows: string[][] = [];
    for (const [i, c] of cases.entries()) {
      const bareRps = median(samples[i]!.get('bare')!.map((s) => s.rps));
      for (const label of ['bare', ...apis.map((a) => a.label)]) {
        const list = samples[i]!.get(label)!;
        const rps = median(list.map((s) => s.rps));
        rows.push([
          c.name,
          label,
          label === apis[0]!.label ? totals[i]! : '',
          rps.toFixed(0),
          label === 'bare' ? '' : (rps / bareRps).toFixed(2),
          median(list.map((s) => s.cpu ?? Number.NaN)).toFixed(0),
          (median(list.map((s) => s.bytes ?? Number.NaN)) / 1024).toFixed(1),
          ms(median(list.map((s) => s.p50))),
          ms(median(list.map((s) => s.p95))),
          ms(median(list.map((s) => s.p99))),
          String(list.reduce((a, s) => a + s.errors, 0)),
          Math.max(...list.map((s) => s.drain ?? 0)).toFixed(1),
        ]);
      }
    }

    // One client, short keywords: the "no scan per request" check (p95 over SOLO_SECONDS).
    const solo: string[][] = [];
    for (const [i, c] of cases.entries()) {
      if (!c.solo) continue;
      const qs = new URLSearchParams(c.query).toString();
      for (const a of apis) {
        await drain(pool, dbName);
        const s = await load(
          `${a.server.address}/api/banner/list?${qs}`,
          { 'x-token': a.token },
          1,
          SOLO_SECONDS,
        );
        solo.push([
          c.name,
          a.label,
          totals[i]!,
          s.rps.toFixed(0),
          ms(s.p50),
          ms(s.p95),
          ms(s.p99),
          String(s.errors),
        ]);
      }
    }

    const rss = apis.map((a) => {
      try {
        const status = readFileSync(`/proc/${a.server.child.pid}/status`, 'utf8');
        return `${a.label} ${(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024).toFixed(0)} MiB`;
      } catch {
        return `${a.label} ?`;
      }
    });
    const out = process.stdout;
    out.write(
      `\n${ROWS.toLocaleString('en')} banners on PostgreSQL; autocannon ${CONNECTIONS} connections × ${SECONDS} s per target, ` +
        `${RUNS} interleaved runs, medians (errors summed: non-2xx, socket errors, time-outs at 10 s); pool ${POOL}; ` +
        `ratio = req/s ÷ bare req/s; KiB/answer = bytes received per answer, headers included; CPU µs/answer = the server process's CPU time (user + system) per answer, ` +
        `which the other work on the machine barely moves; "db busy after" = the longest time the database kept running statements ` +
        `after the load of that target stopped (the next target waits for it, at most ${DRAIN_SECONDS} s).\n\n`,
    );
    out.write(
      `${table(['case', 'target', 'total', 'req/s', 'ratio', 'CPU µs/answer', 'KiB/answer', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'db busy after s'], rows)}\n`,
    );
    if (solo.length) {
      out.write(`\nOne client, ${SOLO_SECONDS} s:\n\n`);
      out.write(
        `${table(['case', 'target', 'total', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'], solo)}\n`,
      );
    }
    out.write(
      `\nload average (1 min) during the runs: median ${median(loads).toFixed(1)}, max ${Math.max(...loads).toFixed(1)}; ` +
        `now ${loadavg()
          .map((l) => l.toFixed(1))
          .join(
            ' ',
          )}. bare = Fastify + pg running the page statement only (no total, no session, no log).\n` +
        `resident memory of the API processes after the runs: ${rss.join(', ')}.\n`,
    );
  } finally {
    for (const s of servers) await s.stop();
    await pool.end();
    if (ownDatabase) await admin(`drop database if exists "${name}" with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
    log(ownDatabase ? `dropped ${name}` : 'done');
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const mode = process.argv[2];
  (mode === '--serve-api' ? serveApi() : mode === '--serve-bare' ? serveBare() : runListBench()).catch(
    (error) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}

export type CompareOptions = {
  cases: readonly { name: string; query: Record<string, string> }[];
  api: Server;
  bare: Server;
  token: string;
  /** The list route under /api, e.g. `product/list`. */
  listPath: string;
  /** The bench database (its connections drained between samples). */
  pool: pg.Pool;
  database: string;
  runs: number;
  connections: number;
  seconds: number;
  /** The list's total per case, shown in a column of its own. */
  totals?: readonly string[];
};

/**
 * Each case's page from the API beside the bare peer's (`/case/<i>`), autocannon `connections` × `seconds`
 * per target, the targets interleaved case by case and run by run, medians: the table printed by
 * bench/products.ts and bench/consults.ts (ratio = API req/s ÷ bare req/s).
 */
export async function compareWithBare(o: CompareOptions): Promise<string> {
  const samples = o.cases.map(() => new Map<string, Sample[]>());
  for (let run = 1; run <= o.runs; run++) {
    for (const [i, c] of o.cases.entries()) {
      const qs = new URLSearchParams(c.query).toString();
      const targets: [string, string, Record<string, string>][] = [
        ['bare', `${o.bare.address}/case/${i}`, {}],
        ['API', `${o.api.address}/api/${o.listPath}${qs ? `?${qs}` : ''}`, { 'x-token': o.token }],
      ];
      for (let k = 0; k < targets.length; k++) {
        const [label, target, headers] = targets[(k + run + i - 1) % targets.length]!;
        log(`run ${run}/${o.runs} ${c.name}: ${label} …`);
        const sample: Sample = await load(target, headers, o.connections, o.seconds);
        sample.drain = await drain(o.pool, o.database);
        samples[i]!.set(label, [...(samples[i]!.get(label) ?? []), sample]);
      }
    }
  }
  const rows: string[][] = [];
  for (const [i, c] of o.cases.entries()) {
    const bareRps = median(samples[i]!.get('bare')!.map((s) => s.rps));
    for (const label of ['bare', 'API']) {
      const list = samples[i]!.get(label)!;
      const rps = median(list.map((s) => s.rps));
      rows.push([
        c.name,
        label,
        ...(o.totals ? [label === 'API' ? o.totals[i]! : ''] : []),
        rps.toFixed(0),
        label === 'bare' ? '' : (rps / bareRps).toFixed(2),
        ms(median(list.map((s) => s.p50))),
        ms(median(list.map((s) => s.p95))),
        ms(median(list.map((s) => s.p99))),
        String(list.reduce((a, s) => a + s.errors, 0)),
      ]);
    }
  }
  return table(
    [
      'case',
      'target',
      ...(o.totals ? ['total'] : []),
      'req/s',
      'ratio',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'errors',
    ],
    rows,
  );
}
