import { randomBytes } from 'node:crypto';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { generate, scaleFromEnv, TIME_ZONE } from './generate-events';
import {
  admin,
  drain,
  load,
  log,
  median,
  ms,
  runWhenStarted,
  type Sample,
  type Server,
  signIn,
  startChild,
  table,
  tearDown,
} from './list';
import { envNumber } from './settings';

// The dashboard's data at scale, on PostgreSQL: EVENTS (1,000,000) behaviour events over DAYS (90) days from
// USERS (200,000) buyers on COMPANIES (10,000) companies and PRODUCTS (100,000) products, written by the generator
// (generate-events.ts, with the rollups rebuilt from the events as the ingestion leaves them), and CONSULTS
// (50,000) consults. `GET
// /api/dashboard` for the admin (the marketplace: waiting work, figures of 60 days, the chart series, the top
// tens) through the API (its own process) beside a direct aggregation: a bare Fastify + pg endpoint running one
// statement that computes the same period's visits and unique visitors per day and the ten most viewed companies
// from the raw events. autocannon CONNECTIONS (20) × SECONDS (10) per target, RUNS (1) interleaved, medians. The
// database is a fresh one on BENCH_ADMIN_URL's server, dropped at the end.
//
//   npx tsx bench/dashboard.ts
//   EVENTS=10000000 npx tsx bench/dashboard.ts     # the statistics issue's scale (slow to seed)

const scale = scaleFromEnv(1_000_000);
const { events: EVENTS, users: USERS, companies: COMPANIES, products: PRODUCTS, days: DAYS } = scale;
const CONSULTS = envNumber('CONSULTS', 50_000);
const SECONDS = envNumber('SECONDS', 10);
const CONNECTIONS = envNumber('CONNECTIONS', 20);
const RUNS = envNumber('RUNS', 1);
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TZ = TIME_ZONE;
const here = fileURLToPath(new URL('..', import.meta.url));

/** The consults the waiting work and the reply rate read (the people and events come from the generator). */
async function seedConsults(pool: pg.Pool): Promise<void> {
  await pool.query(`insert into consult (company_id, content, consult_time, is_feedback)
    select 1 + i % ${COMPANIES}, 'Price of 200 units? ' || i, now() - make_interval(secs => (i::bigint * 7919) % (${DAYS} * 86400)),
      i % 3 <> 0
    from generate_series(1, ${CONSULTS}) i`);
  await pool.query('vacuum analyze consult');
}

const dayAgo = (ago: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date(Date.now() - ago * 86_400_000));

/** The direct aggregation: the last 60 days' visits and unique visitors per day and the ten most viewed
 * companies, from the raw events (what the dashboard's visits part would cost without the rollups). */
const direct = {
  text: `with ev as (
      select (created_at at time zone '${TZ}')::date as day, type, user_id, company_id
      from behaviour_event
      where created_at >= ((now() at time zone '${TZ}')::date - 59)::timestamp at time zone '${TZ}'
        and type in ('view_company', 'view_product')),
    days as (select day, count(*)::int as visits, count(distinct user_id)::int as visitors from ev group by day),
    top as (select company_id, count(*)::int as views from ev where company_id is not null
            group by company_id order by views desc limit 10)
    select (select json_agg(days order by day) from days) as days, (select json_agg(top) from top) as top`,
  params: [],
};

export async function runDashboardBench(): Promise<void> {
  const name = `bench_dashboard_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const dataDir = path.join(tmpdir(), name);
  await admin(`create database "${name}"`);
  log(
    `database ${name}; ${EVENTS.toLocaleString('en')} events, ${CONNECTIONS} connections, ${SECONDS} s per target`,
  );
  const servers: Server[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  try {
    await generate(pool, url, scale);
    await seedConsults(pool);
    const api = await startChild('--serve-api', {
      BENCH_DATABASE_URL: url,
      BENCH_CHECKOUT: here,
      BENCH_DATA_DIR: dataDir,
      BENCH_NODE_FLAGS: '',
    });
    servers.push(api);
    const bare = await startChild('--serve-bare', {
      BENCH_DATABASE_URL: url,
      BENCH_STATEMENTS: JSON.stringify([direct]),
    });
    servers.push(bare);
    const token = await signIn(api.address);
    // one request at a time with nothing remembered (a period of its own each): what the first look costs
    const cold: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const t0 = performance.now();
      const res = await fetch(
        `${api.address}/api/dashboard?periodFrom=${dayAgo(29 + i)}&periodTo=${dayAgo(i)}`,
        {
          headers: { 'x-token': token },
        },
      );
      if (res.status !== 200) throw new Error(`dashboard ${res.status}: ${await res.text()}`);
      await res.text();
      cold.push(performance.now() - t0);
    }
    const samples = new Map<string, Sample[]>();
    const targets: [string, string, Record<string, string>][] = [
      ['GET /api/dashboard (rollups)', `${api.address}/api/dashboard`, { 'x-token': token }],
      ['direct aggregation of the events', `${bare.address}/case/0`, {}],
    ];
    for (let run = 1; run <= RUNS; run++)
      for (let k = 0; k < targets.length; k++) {
        const [label, target, headers] = targets[(k + run - 1) % targets.length]!;
        log(`run ${run}/${RUNS}: ${label} …`);
        const sample: Sample = await load(target, headers, CONNECTIONS, SECONDS);
        sample.drain = await drain(pool, name);
        samples.set(label, [...(samples.get(label) ?? []), sample]);
      }
    const rows = targets.map(([label]) => {
      const list = samples.get(label)!;
      return [
        label,
        median(list.map((s) => s.rps)).toFixed(0),
        ms(median(list.map((s) => s.p50))),
        ms(median(list.map((s) => s.p95))),
        ms(median(list.map((s) => s.p99))),
        String(list.reduce((a, s) => a + s.errors, 0)),
      ];
    });
    process.stdout.write(
      `\n${EVENTS.toLocaleString('en')} events over ${DAYS} days, ${USERS.toLocaleString('en')} buyers, ${COMPANIES.toLocaleString('en')} companies, ` +
        `${PRODUCTS.toLocaleString('en')} products, ${CONSULTS.toLocaleString('en')} consults on PostgreSQL; autocannon ${CONNECTIONS} connections × ${SECONDS} s per target, ` +
        `${RUNS} run(s), medians. The API answers the whole dashboard (waiting work, figures, 30 days of series, top tens); ` +
        `the direct aggregation only the visits per day and the top companies of the same period, from the raw events.\n\n` +
        `${table(['target', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'], rows)}\n\n` +
        `GET /api/dashboard with nothing remembered, one request at a time (5 periods): median ${ms(median(cold))} ms, ` +
        `max ${ms(Math.max(...cold))} ms.\n\nload average now ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}.\n`,
    );
  } finally {
    await tearDown({ servers, pool, name, dataDir });
  }
}

runWhenStarted(import.meta.url, runDashboardBench);
