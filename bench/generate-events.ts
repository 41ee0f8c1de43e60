import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { admin, log, migrateAndSeed, runWhenStarted } from './list';
import { envNumber } from './settings';

// Behaviour at scale on PostgreSQL, for the benches that read it (dashboard.ts, drilldown.ts) and on its own:
// COMPANIES companies with PRODUCTS products (product i belongs to company 1 + i % COMPANIES), USERS buyers
// created over the last DAYS days, and EVENTS behaviour events over the same days, written in SQL
// (generate_series, 500,000 rows a statement) into the month partitions; then the rollups of the days, the
// collect state and the counters are built by their rebuild (as the ingestion leaves them) and the tables
// analysed. Deterministic: event j is the same in every run (only the clock moves).
//
// Event j (of every 20): 8 company page views, 8 product page views (5–124 s), a search (eight keywords, en and
// zh, 0–19 results), a collect, a share and an uncollect; collects, shares and uncollects name a product every
// other round, else a company. The buyer is 1 + (j · 7919) % USERS; a company event's company 1 + (j · 31) %
// COMPANIES, a product event's product 1 + (j · 104729) % PRODUCTS with its own company; the time is now minus
// (j · 6151) % (DAYS days) seconds.
//
//   EVENTS=1000000 npx tsx bench/generate-events.ts          a database of its own, dropped at the end
//   EVENTS=10000000 KEEP=1 npx tsx bench/generate-events.ts  the statistics issue's scale (~10 min), kept
//
// Environment: EVENTS (10000000), USERS (200000), PRODUCTS (100000), COMPANIES (10000), DAYS (90), KEEP (0: drop
// the database at the end), BENCH_ADMIN_URL.

export type Scale = { events: number; users: number; products: number; companies: number; days: number };

export const TIME_ZONE = 'Asia/Shanghai';

/** The scale from the environment (each bench passes its own default number of events). */
export function scaleFromEnv(defaultEvents: number): Scale {
  return {
    events: envNumber('EVENTS', defaultEvents),
    users: envNumber('USERS', 200_000),
    products: envNumber('PRODUCTS', 100_000),
    companies: envNumber('COMPANIES', 10_000),
    days: envNumber('DAYS', 90),
  };
}

/** Companies (one in 50 waiting for audit), products (one in 40 waiting) and buyers created over the days. */
export async function seedPeople(pool: pg.Pool, s: Scale): Promise<void> {
  await pool.query(`insert into company (name, account, status, audit_status)
    select 'Bench Company ' || i, 'bench' || i, 'enabled', case when i % 50 = 0 then 'pending' else 'passed' end
    from generate_series(1, ${s.companies}) i`);
  await pool.query(`insert into product (name, company_id, kind, audit_status)
    select 'Bench Product ' || i, 1 + i % ${s.companies}, 'device', case when i % 40 = 0 then 'pending' else 'passed' end
    from generate_series(1, ${s.products}) i`);
  await pool.query(`insert into user_manager (account, type, realname, status, created_at)
    select 'buyer' || i, 'buyer', 'Buyer ' || i, 'enabled', now() - make_interval(secs => (i % (${s.days} * 86400)))
    from generate_series(1, ${s.users}) i`);
}

const ROWS_PER_STATEMENT = 500_000;

/** The events (see the head of this file), in the month partitions of the days they fall on. */
export async function seedEvents(pool: pg.Pool, url: string, s: Scale): Promise<void> {
  const [{ openDatabase }, { ensureMonthPartition }, { behaviourEvent, searchHistory }] = await Promise.all([
    import('../apps/api/src/db/client'),
    import('../apps/api/src/engine'),
    import('@organiser/domain'),
  ]);
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  try {
    for (let d = s.days + 31; d >= -31; d -= 28) {
      const at = new Date(Date.now() - d * 86_400_000);
      await ensureMonthPartition(handle.db, behaviourEvent, at);
      await ensureMonthPartition(handle.db, searchHistory, at);
    }
  } finally {
    await handle.close();
  }
  const t0 = performance.now();
  for (let start = 0; start < s.events; start += ROWS_PER_STATEMENT) {
    const end = Math.min(s.events, start + ROWS_PER_STATEMENT) - 1;
    await pool.query(
      `insert into behaviour_event (event_id, type, user_id, company_id, product_id, keyword, results_count, language,
         duration, created_at, updated_at)
       select 'g' || j, t, 1 + (j * 7919) % ${s.users},
         case when on_product then 1 + p % ${s.companies} when t <> 'search' then 1 + (j * 31) % ${s.companies} end,
         case when on_product then p end,
         case when t = 'search' then (array['pump','valve','motor','泵','阀门','bearing','fabric','面料'])[(1 + j % 8)::int] end,
         case when t = 'search' then (j % 20)::int end,
         case when t = 'search' then case when j % 8 in (3, 4, 7) then 'zh' else 'en' end end,
         case when t like 'view_%' then (5 + j % 120)::int end,
         at, at
       from (select j, t, 1 + (j * 104729) % ${s.products} as p,
               t = 'view_product' or (t in ('collect', 'share', 'uncollect') and (j / 20) % 2 = 0) as on_product,
               now() - make_interval(secs => ((j * 6151) % (${s.days} * 86400))::int) as at
             from (select j, case when j % 20 < 8 then 'view_company' when j % 20 < 16 then 'view_product'
                     else (array['search', 'collect', 'share', 'uncollect'])[(j % 20 - 15)::int] end as t
                   from generate_series($1::bigint, $2::bigint) j) k) e`,
      [start, end],
    );
    log(`events: ${(end + 1).toLocaleString('en')} of ${s.events.toLocaleString('en')}`);
  }
  await pool.query(`insert into search_history (keyword, user_id, language, results_count, event_id, created_at, updated_at)
    select keyword, user_id, language, results_count, event_id, created_at, updated_at
    from behaviour_event where type = 'search'`);
  log(`events written in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

const dayAgo = (ago: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date(Date.now() - ago * 86_400_000));

/** The rollups of the days, the collect state and the counters, by their rebuild; then the tables analysed.
 * Answers what each took. */
export async function buildProjections(pool: pg.Pool, url: string, s: Scale): Promise<string> {
  const [{ openDatabase }, { rebuildRollups }, { rebuildUserCollects }, { rebuildCounters }] =
    await Promise.all([
      import('../apps/api/src/db/client'),
      import('../apps/api/src/modules/statistics/rebuild'),
      import('../apps/api/src/modules/behaviour/collects'),
      import('../apps/api/src/modules/behaviour'),
    ]);
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 2, statementTimeoutMs: 0 });
  try {
    const t0 = performance.now();
    const rollups = await rebuildRollups(handle.db, {
      from: dayAgo(s.days + 1),
      to: dayAgo(-1),
      timeZone: TIME_ZONE,
    });
    const t1 = performance.now();
    const { pairs } = await rebuildUserCollects(handle.db);
    const t2 = performance.now();
    await rebuildCounters(handle.db);
    const t3 = performance.now();
    // every table the benches read: the people, the events and the projections
    await pool.query('vacuum analyze');
    const sec = (a: number, b: number) => `${((b - a) / 1000).toFixed(1)} s`;
    return (
      `rollups (${rollups.companyDays.toLocaleString('en')} company days) rebuilt in ${sec(t0, t1)}, ` +
      `collect state (${pairs.toLocaleString('en')} pairs) in ${sec(t1, t2)}, counters in ${sec(t2, t3)}, ` +
      `analysed in ${sec(t3, performance.now())}`
    );
  } finally {
    await handle.close();
  }
}

/** Everything above into a migrated database: people, events, projections. Answers what the projections took. */
export async function generate(pool: pg.Pool, url: string, s: Scale): Promise<string> {
  await migrateAndSeed(url, pool, async (p) => {
    await seedPeople(p, s);
    await seedEvents(p, url, s);
  });
  const built = await buildProjections(pool, url, s);
  log(built);
  return built;
}

async function main(): Promise<void> {
  const s = scaleFromEnv(10_000_000);
  const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `bench_generated_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  await admin(`create database "${name}"`);
  log(
    `database ${name}: ${s.events.toLocaleString('en')} events over ${s.days} days, ${s.users.toLocaleString('en')} buyers, ` +
      `${s.products.toLocaleString('en')} products, ${s.companies.toLocaleString('en')} companies`,
  );
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  const t0 = performance.now();
  try {
    const built = await generate(pool, url, s);
    const { rows } = await pool.query<Record<string, string>>(`select
        (select count(*) from behaviour_event) as events,
        (select count(*) from search_history) as searches,
        (select count(*) from stat_company_day) as company_days,
        (select count(*) from stat_user_company_day) as user_company_days,
        (select pg_size_pretty(pg_database_size(current_database()))) as size`);
    const r = rows[0]!;
    process.stdout.write(
      `\n${Number(r.events).toLocaleString('en')} events (${Number(r.searches).toLocaleString('en')} searches), ` +
        `${Number(r.company_days).toLocaleString('en')} company days, ${Number(r.user_company_days).toLocaleString('en')} ` +
        `user-company days; ${r.size} on disk; ${built}; ${((performance.now() - t0) / 1000).toFixed(0)} s in all; ` +
        `load average now ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}.\n` +
        (process.env.KEEP === '1' ? `kept: ${url}\n` : ''),
    );
  } finally {
    await pool.end();
    if (process.env.KEEP !== '1') {
      await admin(`drop database if exists "${name}" with (force)`);
      log(`dropped ${name}`);
    }
  }
}

runWhenStarted(import.meta.url, main);
