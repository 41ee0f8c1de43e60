import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { ROLLUP_TABLES } from '../apps/api/src/modules/statistics/rebuild';
import { seedCatalogue } from './events';
import { admin, log, median, migrateAndSeed, runWhenStarted, table } from './list';
import { envNumber } from './settings';

// The queued projection's cost on PostgreSQL, alone: EVENTS behaviour events (views, collects, shares, searches
// and price requests of BUYERS buyers on COMPANIES companies and their products, over the last day) are queued as
// the ingestion queues them, then one process drains the queue as a node's projection job does (runs of up to
// 20,000 events, then the fold of the buffered counters and points). Prints the events a second and the CPU per
// 1,000 events of the draining process and of its database connection (read from /proc). With
// BASELINE=<another checkout> that checkout drains the same queue too, the two alternating run by run.
//
//   npx tsx bench/projection.ts
//   BASELINE=/path/to/other/checkout RUNS=3 npx tsx bench/projection.ts
//
// Environment: EVENTS (60000), RUNS (3), COMPANIES (2000), BUYERS (20000), BASELINE, BENCH_ADMIN_URL.

const EVENTS = envNumber('EVENTS', 60_000);
const RUNS = envNumber('RUNS', 3);
const COMPANIES = envNumber('COMPANIES', 2000);
const BUYERS = envNumber('BUYERS', 20_000);
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const here = fileURLToPath(new URL('..', import.meta.url));

/** What the projections write, emptied before each run so every run starts from the same tables. */
const PROJECTED = [
  'behaviour_projection_queue',
  'behaviour_counter_delta',
  'user_points_delta',
  'user_collect',
  ...ROLLUP_TABLES,
];

/** Empties what the projections wrote and queues EVENTS new events (the mix of bench/events.ts). */
async function queueEvents(pool: pg.Pool): Promise<void> {
  await pool.query(`truncate ${PROJECTED.join(', ')}`);
  await pool.query('delete from user_point_ledger');
  await pool.query(
    'update user_manager set points = 0, level_id = null where points <> 0 or level_id is not null',
  );
  await pool.query(`update company set collect_num = 0, share_num = 0`);
  await pool.query(`update product set collect_num = 0, share_num = 0, click_num = 0`);
  const { rows } = await pool.query<{ lo: number; hi: number }>(
    `select min(id) as lo, max(id) as hi from user_manager where type = 'buyer'`,
  );
  const { lo, hi } = rows[0]!;
  // types in turn: view_product, view_company, collect, share, search, request_price
  await pool.query(`insert into behaviour_projection_queue
      (event_id, created_at, type, user_id, company_id, product_id, keyword, results_count, language, duration)
    select md5(random()::text || i), now() - random() * interval '1 day',
      (array['view_product', 'view_company', 'collect', 'share', 'search', 'request_price'])[1 + i % 6],
      ${lo} + floor(random() * (${hi} - ${lo} + 1))::int,
      case when i % 6 in (1, 5) then 1 + floor(random() * ${COMPANIES})::int end,
      case when i % 6 in (0, 2, 3) then 1 + floor(random() * ${COMPANIES * 5})::int end,
      case when i % 6 = 4 then 'centrifugal pump' end, case when i % 6 = 4 then 42 end,
      case when i % 6 = 4 then 'en' end, case when i % 6 = 0 then 30 end
    from generate_series(1, ${EVENTS}) i`);
  await pool.query('vacuum analyze behaviour_projection_queue');
}

type Drained = { events: number; seconds: number; nodeMs: number; postgresMs: number };

/** Drains the queue in a child process running `checkout`'s projection; answers what it measured. */
function drainWith(checkout: string, url: string): Promise<Drained> {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--drain'], {
    cwd: checkout,
    env: { ...process.env, BENCH_CHECKOUT: checkout, BENCH_DATABASE_URL: url },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as Drained));
    child.once('exit', (code) => reject(new Error(`the drain exited (${code}) before it answered`)));
  });
}

/** Seconds of CPU a process has used (user and system, from /proc). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Child: drains the queue with a checkout's projection on one connection and reports over IPC. */
async function drainChild(): Promise<void> {
  const checkout = process.env.BENCH_CHECKOUT!;
  const from = (p: string) => pathToFileURL(path.join(checkout, 'apps/api/src', p)).href;
  const [{ openDatabase }, { createEngine }, { drainQueue }, { sql }] = await Promise.all([
    import(from('db/client.ts')),
    import(from('engine/index.ts')),
    import(from('modules/behaviour/projections.ts')),
    import('drizzle-orm'),
  ]);
  const handle = await openDatabase({ kind: 'postgres', url: process.env.BENCH_DATABASE_URL!, poolSize: 1 });
  const engine = createEngine({ fieldPolicy: {} });
  const backend = (await handle.db.execute(sql`select pg_backend_pid() as pid`)) as {
    rows: { pid: number }[];
  };
  const pid = Number(backend.rows[0]!.pid);
  const postgresAt = cpuSeconds(pid);
  const nodeAt = process.cpuUsage();
  const started = performance.now();
  const events: number = await drainQueue(handle.db, engine, { timeZone: 'Asia/Shanghai' });
  const seconds = (performance.now() - started) / 1000;
  const node = process.cpuUsage(nodeAt);
  const answer: Drained = {
    events,
    seconds,
    nodeMs: (node.user + node.system) / 1000,
    postgresMs: (cpuSeconds(pid) - postgresAt) * 1000,
  };
  await handle.close();
  process.send!(answer);
}

export async function runProjectionBench(): Promise<void> {
  const name = `bench_projection_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  await admin(`create database "${name}"`);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  const checkouts = [
    { label: 'this checkout', dir: here },
    ...(process.env.BASELINE ? [{ label: 'baseline', dir: path.resolve(process.env.BASELINE) }] : []),
  ];
  const results = new Map<string, Drained[]>(checkouts.map((c) => [c.label, []]));
  try {
    await migrateAndSeed(url, pool, (p) => seedCatalogue(p, COMPANIES, BUYERS));
    for (let run = 1; run <= RUNS; run++)
      for (const c of checkouts) {
        await queueEvents(pool);
        const drained = await drainWith(c.dir, url);
        log(`run ${run}/${RUNS} ${c.label}: ${drained.events} events in ${drained.seconds.toFixed(2)} s`);
        results.get(c.label)!.push(drained);
      }
    const per1000 = (d: Drained, ms: number) => ((ms * 1000) / Math.max(d.events, 1)).toFixed(1);
    process.stdout.write(
      `\nThe queued projection draining ${EVENTS} events on PostgreSQL (${COMPANIES} companies, ${
        COMPANIES * 5
      } products, ${BUYERS} buyers), ${RUNS} runs, medians:\n\n${table(
        ['checkout', 'events/s', 'drain s', 'node CPU ms / 1,000 events', 'PostgreSQL CPU ms / 1,000 events'],
        [...results].map(([label, runs]) => {
          const pick = (f: (d: Drained) => number) => median(runs.map(f));
          return [
            label,
            pick((d) => d.events / d.seconds).toFixed(0),
            pick((d) => d.seconds).toFixed(2),
            pick((d) => Number(per1000(d, d.nodeMs))).toFixed(1),
            pick((d) => Number(per1000(d, d.postgresMs))).toFixed(1),
          ];
        }),
      )}\n`,
    );
  } finally {
    await pool.end();
    await admin(`drop database if exists "${name}" with (force)`);
    log(`dropped ${name}`);
  }
}

if (process.argv[2] === '--drain') void drainChild();
else runWhenStarted(import.meta.url, runProjectionBench);
