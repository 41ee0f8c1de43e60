import { randomBytes } from 'node:crypto';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { generate, scaleFromEnv } from './generate-events';
import { admin, log, ms, runWhenStarted, type Server, signIn, startChild, table, tearDown } from './list';
import { envNumber } from './settings';

// A user's drill-downs at scale, on PostgreSQL in a database of its own (dropped at the end): EVENTS behaviour
// events over the last DAYS days of USERS buyers on COMPANIES companies and PRODUCTS products, written by the
// generator (generate-events.ts: views with durations, searches, collects, shares, uncollects, in the month
// partitions; the rollups, the collect state and the counters then built by their rebuild, timed). Each drill-down (visits in the last 30 days,
// collected now) is asked through the API (its own process) by CONNECTIONS clients in a closed loop for SECONDS,
// each request for a random user, beside the same page read over the rollups by SQL alone and a direct
// aggregation of it over the raw events (the same number of clients on a pool of that size, through the events'
// user index). Prints p50/p95/p99 and req/s.
//
//   npx tsx bench/drilldown.ts
//   EVENTS=10000000 USERS=200000 PRODUCTS=100000 COMPANIES=10000 npx tsx bench/drilldown.ts
//
// Environment: EVENTS (2000000), USERS (200000), COMPANIES (10000), PRODUCTS (100000), DAYS (90), CONNECTIONS
// (20), SECONDS (10), BENCH_ADMIN_URL.

const scale = scaleFromEnv(2_000_000);
const { events: EVENTS, users: USERS, companies: COMPANIES, products: PRODUCTS, days: DAYS } = scale;
const CONNECTIONS = envNumber('CONNECTIONS', 20);
const SECONDS = envNumber('SECONDS', 10);
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const here = fileURLToPath(new URL('..', import.meta.url));

type Sample = { rps: number; p50: number; p95: number; p99: number; errors: number };

/** CONNECTIONS workers in a closed loop for SECONDS, each call for a random user. */
async function closedLoop(call: (userId: number) => Promise<boolean>): Promise<Sample> {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const userId = 1 + Math.floor(Math.random() * USERS);
      const t0 = performance.now();
      const fine = await call(userId).catch(() => false);
      if (fine) latencies.push(performance.now() - t0);
      else errors++;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const sorted = latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
  return { rps: latencies.length / SECONDS, p50: at(50), p95: at(95), p99: at(99), errors };
}

/** Each drill-down's API path and the direct aggregation over the raw events that answers the same. */
const cases = [
  {
    name: 'company visits, 30 days',
    api: (u: number) => `/api/company_by_stat/${u}/list`,
    rollup: `select v.*, c.name from (
        select company_id, sum(page_views) as visits, sum(product_views) as product_views, sum(duration) as duration,
          max(day) as last_visit
        from stat_user_company_day where user_id = $1 and day >= current_date - 29
        group by company_id having sum(page_views) + sum(product_views) > 0) v
      join company c on c.id = v.company_id order by last_visit desc limit 20`,
    direct: `select coalesce(e.company_id, p.company_id) as company_id, c.name,
        count(*) filter (where e.type = 'view_company') as visits,
        count(*) filter (where e.type = 'view_product') as product_views, sum(e.duration) as duration,
        max(e.created_at) as last_visit
      from behaviour_event e left join product p on p.id = e.product_id
        join company c on c.id = coalesce(e.company_id, p.company_id)
      where e.user_id = $1 and e.type in ('view_company', 'view_product')
        and e.created_at >= now() - interval '30 days'
      group by 1, 2 order by last_visit desc limit 20`,
  },
  {
    name: 'product visits, 30 days',
    api: (u: number) => `/api/product_by_stat/${u}/list`,
    rollup: `select v.*, p.name from (
        select product_id, sum(product_views) as views, sum(duration) as duration, max(day) as last_visit
        from stat_user_product_day where user_id = $1 and day >= current_date - 29
        group by product_id having sum(product_views) > 0) v
      join product p on p.id = v.product_id order by last_visit desc limit 20`,
    direct: `select e.product_id, p.name, count(*) as views, sum(e.duration) as duration, max(e.created_at) as last_visit
      from behaviour_event e join product p on p.id = e.product_id
      where e.user_id = $1 and e.type = 'view_product' and e.created_at >= now() - interval '30 days'
      group by 1, 2 order by last_visit desc limit 20`,
  },
  {
    name: 'collected companies now',
    api: (u: number) => `/api/collect_company/${u}/list`,
    rollup: `select c.name, k.created_at from user_collect k join company c on c.id = k.target_id
      where k.user_id = $1 and k.target = 'company' and k.collected order by k.created_at desc limit 20`,
    direct: `select * from (
        select distinct on (e.company_id) e.company_id, e.type, e.created_at
        from behaviour_event e
        where e.user_id = $1 and e.product_id is null and e.type in ('collect', 'uncollect')
        order by e.company_id, e.created_at desc, e.event_id desc) last
      join company c on c.id = last.company_id where last.type = 'collect'
      order by last.created_at desc limit 20`,
  },
  {
    name: 'collected products now',
    api: (u: number) => `/api/collect_product/${u}/list`,
    rollup: `select p.name, k.created_at from user_collect k join product p on p.id = k.target_id
      where k.user_id = $1 and k.target = 'product' and k.collected order by k.created_at desc limit 20`,
    direct: `select * from (
        select distinct on (e.product_id) e.product_id, e.type, e.created_at
        from behaviour_event e
        where e.user_id = $1 and e.product_id is not null and e.type in ('collect', 'uncollect')
        order by e.product_id, e.created_at desc, e.event_id desc) last
      join product p on p.id = last.product_id where last.type = 'collect'
      order by last.created_at desc limit 20`,
  },
];

export async function runDrilldownBench(): Promise<void> {
  const name = `bench_drill_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const dataDir = path.join(tmpdir(), name);
  await admin(`create database "${name}"`);
  log(
    `database ${name}; ${EVENTS.toLocaleString('en')} events over ${DAYS} days, ${USERS.toLocaleString('en')} users`,
  );
  const servers: Server[] = [];
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  pool.on('error', () => {});
  try {
    const built = await generate(pool, url, scale);
    const api = await startChild('--serve-api', {
      BENCH_DATABASE_URL: url,
      BENCH_CHECKOUT: here,
      BENCH_DATA_DIR: dataDir,
      BENCH_NODE_FLAGS: '',
    });
    servers.push(api);
    const token = await signIn(api.address);
    const rows: string[][] = [];
    for (const c of cases) {
      const viaApi = await closedLoop(async (u) => {
        const res = await fetch(`${api.address}${c.api(u)}`, { headers: { 'x-token': token } });
        await res.arrayBuffer();
        return res.status === 200;
      });
      const rollup = await closedLoop(async (u) => {
        await pool.query(c.rollup, [u]);
        return true;
      });
      const direct = await closedLoop(async (u) => {
        await pool.query(c.direct, [u]);
        return true;
      });
      for (const [target, s] of [
        ['API (rollups)', viaApi],
        ['its SQL over the rollups', rollup],
        ['direct over events', direct],
      ] as const)
        rows.push([c.name, target, s.rps.toFixed(0), ms(s.p50), ms(s.p95), ms(s.p99), String(s.errors)]);
    }
    process.stdout.write(
      `\n${EVENTS.toLocaleString('en')} events over ${DAYS} days, ${USERS.toLocaleString('en')} users, ${COMPANIES.toLocaleString('en')} companies, ${PRODUCTS.toLocaleString('en')} products on PostgreSQL; ${built}.\n` +
        `${CONNECTIONS} clients in a closed loop × ${SECONDS} s per target, a random user each request; ` +
        'the API answers with its page and total (session, permission, the user check, JSON); the two SQL targets run a page ' +
        'only, on a pool of as many connections: over the rollups (as the API reads them) and directly over the raw events.\n\n' +
        `${table(['drill-down', 'target', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'], rows)}\n` +
        `\nload average now ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}.\n`,
    );
  } finally {
    await tearDown({ servers, pool, name, dataDir });
  }
}

runWhenStarted(import.meta.url, runDrilldownBench);
