import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { entities, parseListQuery } from '@organiser/domain';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { parseDeploymentConfig, parseServerSettings } from '../apps/api/src/config/load';
import { openDatabase } from '../apps/api/src/db/client';
import * as schema from '../apps/api/src/db/schema';
import { createEngine, engineModule } from '../apps/api/src/engine';
import { runList } from '../apps/api/src/engine/list';
import { modules } from '../apps/api/src/modules';

// The list endpoint at scale (issue 4): 1,000,000 banners on PostgreSQL, then for each case the API through
// autocannon (loopback, 20 connections, 10 s) beside the very SQL the engine runs for that request, replayed
// through a bare `pg` pool with the same concurrency for the same time. Prints one table.
//
//   npx tsx bench/list.ts                      # a fresh database on 127.0.0.1:5432, dropped at the end
//   DATABASE_URL=postgres://… npx tsx bench/list.ts   # an existing, empty database of your own
//
// Environment: ROWS (default 1000000), SECONDS per case (10), CONNECTIONS (20).

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const SECONDS = Number(process.env.SECONDS ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CAPTCHA = 'bench-captcha';
const SERVE_FLAG = '--serve';

type Case = { name: string; query: Record<string, string> };

const cases: Case[] = [
  { name: 'page 1', query: {} },
  { name: 'page 500', query: { page: '500' } },
  { name: 'filter (online, one position)', query: { displayStatus: 'online', position: '2' } },
  { name: 'keyword, 0.1% of rows (zh)', query: { keyword: '可持续面料' } },
  { name: 'keyword, 10% of rows (zh)', query: { keyword: '采购周' } },
];

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const log = (message: string) =>
  process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${message}\n`);

/** 1M banners in SQL: titles in Chinese and English, 1 in 1000 with a rare phrase, 10% with a common one. */
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
  for (const ix of indexes) await pool.query(ix.indexdef);
  log(`rebuilt ${indexes.length} indexes`);
  await pool.query('vacuum analyze banner');
  await pool.query('vacuum analyze banner_position');
}

type Statement = { text: string; params: unknown[] };

/** The statements the engine runs for one list request, captured through Drizzle's logger. */
async function capture(url: string, query: Record<string, string>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const db = drizzle({
    client: pool,
    schema,
    logger: { logQuery: (text, params) => statements.push({ text, params }) },
  });
  const def = entities.banner!;
  const parsed = parseListQuery(def, query);
  if (!parsed.ok) throw new Error(`bad bench query: ${parsed.param}`);
  const engine = createEngine({ fieldPolicy: {} });
  const entity = engine.get('banner')!;
  // The second run is the steady state the server is in (table statistics remembered).
  await runList(db as never, entity, parsed.query, 'live', engine);
  statements.length = 0;
  await runList(db as never, entity, parsed.query, 'live', engine);
  await pool.end();
  return statements;
}

type Figures = { p50: number; p95: number; p99: number; rps: number; errors: number };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function figures(latencies: number[], seconds: number, errors: number): Figures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    rps: latencies.length / seconds,
    errors,
  };
}

/** The same statements per "request", shaped as the engine runs them: the page query (labels joined in)
 * beside the total's queries; from CONNECTIONS workers for SECONDS. */
async function bareSql(pool: pg.Pool, statements: Statement[]): Promise<Figures> {
  const [page, ...rest] = statements;
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + SECONDS * 1000;
  const run = (s: Statement) => pool.query(s.text, s.params);
  const worker = async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      try {
        await Promise.all([
          run(page!),
          (async () => {
            for (const s of rest) await run(s);
          })(),
        ]);
        latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return figures(latencies, (performance.now() - started) / 1000, errors);
}

async function api(url: string, token: string): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections: CONNECTIONS, duration: SECONDS, headers: { 'x-token': token } },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, status, _bytes, time) => {
      if (status === 200) latencies.push(time);
      else errors++;
    });
  });
  return figures(latencies, result.duration, errors + result.errors + result.non2xx);
}

type Envelope<T> = { success: boolean; content: T };

async function json<T>(response: Response): Promise<Envelope<T>> {
  return (await response.json()) as Envelope<T>;
}

const ms = (v: number) => (Number.isNaN(v) ? '-' : v < 10 ? v.toFixed(2) : v.toFixed(1));

/** The API in a process of its own (its own event loop, as in production), on 127.0.0.1 and a free port. */
async function startServer(
  url: string,
  name: string,
): Promise<{ address: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), SERVE_FLAG], {
    env: { ...process.env, BENCH_DATABASE_URL: url, BENCH_NAME: name },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const address = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/LISTENING (\S+)/);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the API process exited (${code}) before listening`)));
  });
  return {
    address,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Child process: build the app on the bench database and listen until told to stop. */
async function serve(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL!;
  const name = process.env.BENCH_NAME!;
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: CONNECTIONS });
  const server = parseServerSettings({
    NODE_ENV: 'development',
    DATABASE_URL: url,
    DATA_DIR: `/tmp/${name}`,
    CAPTCHA_TEST_CODE: CAPTCHA,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
  });
  const app = await buildApp({
    config: {
      deployment: parseDeploymentConfig({ rateLimit: { globalPerMinute: 100_000_000 } }),
      server: { ...server, passwordHash: { memoryCost: 1024, timeCost: 1, parallelism: 1 } },
    },
    db: handle.db,
    logger: false,
    seed: { demoAccounts: false, demoData: false },
    extraModules: modules.includes(engineModule) ? [] : [engineModule],
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.stdout.write(`LISTENING ${address}\n`);
  process.once('SIGTERM', () => {
    app
      .close()
      .then(() => handle.close())
      .finally(() => process.exit(0));
  });
}

export async function runListBench(): Promise<void> {
  const ownDatabase = !process.env.DATABASE_URL;
  const name = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = process.env.DATABASE_URL ?? ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  if (ownDatabase) await admin(`create database "${name}"`);
  log(
    `database ${ownDatabase ? name : '(DATABASE_URL)'}; ${ROWS.toLocaleString('en')} rows, ${CONNECTIONS} connections, ${SECONDS} s per case`,
  );
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: CONNECTIONS });
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  pool.on('error', () => {});
  let server: { address: string; stop: () => Promise<void> } | null = null;
  try {
    await handle.migrate();
    const t0 = performance.now();
    await seed(pool);
    log(`seeded and analysed in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

    server = await startServer(url, name);
    const address = server.address;
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
    const token = login.content.token;

    const rows: string[][] = [];
    for (const c of cases) {
      const qs = new URLSearchParams(c.query).toString();
      const endpoint = `${address}/api/banner/list${qs ? `?${qs}` : ''}`;
      const sample = await json<{ total: number; totalIsEstimate: boolean }>(
        await fetch(endpoint, { headers: { 'x-token': token } }),
      );
      if (!sample.success) throw new Error(`${c.name}: ${JSON.stringify(sample)}`);
      const total = `${sample.content.total.toLocaleString('en')}${sample.content.totalIsEstimate ? ' (est.)' : ''}`;
      const statements = await capture(url, c.query);
      log(`${c.name}: ${statements.length} statements; API …`);
      const viaApi = await api(endpoint, token);
      log(`${c.name}: bare pg …`);
      const viaSql = await bareSql(pool, statements);
      rows.push([
        c.name,
        total,
        ms(viaApi.p50),
        ms(viaApi.p95),
        viaApi.rps.toFixed(0),
        ms(viaSql.p50),
        ms(viaSql.p95),
        viaSql.rps.toFixed(0),
        String(viaApi.errors + viaSql.errors),
      ]);
    }
    const header = [
      'case',
      'total',
      'API p50 ms',
      'API p95 ms',
      'API req/s',
      'SQL p50 ms',
      'SQL p95 ms',
      'SQL req/s',
      'errors',
    ];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) =>
      `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
    process.stdout.write(`\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n`);
    for (const r of rows) process.stdout.write(`${line(r)}\n`);
    process.stdout.write(
      `\n${ROWS.toLocaleString('en')} banners on PostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s per case, loopback. ` +
        `load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}. ` +
        'API in its own process; SQL = the statements the engine runs for that request (page with its labels, total), replayed through a bare pg pool.\n',
    );
  } finally {
    if (server) await server.stop();
    await pool.end();
    await handle.close();
    if (ownDatabase) await admin(`drop database if exists "${name}" with (force)`);
    rmSync(`/tmp/${name}`, { recursive: true, force: true });
    log(ownDatabase ? `dropped ${name}` : 'done');
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  (process.argv.includes(SERVE_FLAG) ? serve() : runListBench()).catch((error) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
