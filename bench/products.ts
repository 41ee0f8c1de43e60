import { randomBytes } from 'node:crypto';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  admin,
  capturePage,
  compareWithBare,
  json,
  log,
  migrateAndSeed,
  runWhenStarted,
  type Server,
  type Statement,
  signIn,
  startChild,
  tearDown,
} from './list';
import { benchSettings } from './settings';

// The product list at scale: products seeded on PostgreSQL with SQL (generate_series, secondary indexes
// dropped during the load and built again), then each case through the API (its own process) beside the bare
// peer (Fastify + `pg` running the page statement the engine builds for that case), autocannon with
// CONNECTIONS (50) for SECONDS (10) per target, the targets interleaved run by run (RUNS), medians. The
// servers are bench/list.ts's children. The database is a fresh one on BENCH_ADMIN_URL's server, dropped at
// the end.
//
//   npx tsx bench/products.ts
//   ROWS=100000 RUNS=1 SECONDS=5 npx tsx bench/products.ts
//
// Environment: ROWS (1000000), SECONDS (10), CONNECTIONS (50), RUNS (1), POOL (10), CASES (names separated
// by ';').

const { ROWS, SECONDS, CONNECTIONS, RUNS, ADMIN_URL, CASES } = benchSettings({ runs: 1 });
const here = fileURLToPath(new URL('..', import.meta.url));

type Case = { name: string; query: Record<string, string> };

/** Category 3 is one of 8 top-level categories: an eighth of the products. */
const allCases: Case[] = [
  { name: 'page 1', query: {} },
  { name: 'category + sort', query: { categoryId1: '3', sort: 'sortNo', order: 'asc' } },
  { name: 'keyword en (0.1%)', query: { keyword: 'Cryogenic' } },
  { name: 'keyword zh (0.1%)', query: { keyword: '低温深冷泵' } },
];
const cases = CASES ? allCases.filter((c) => CASES.includes(c.name)) : allCases;

/** 200 companies, 8 top-level categories with 4 children each, then the products. */
async function seed(pool: pg.Pool): Promise<void> {
  await pool.query(`insert into company (name, account, status, audit_status)
    select 'Bench Company ' || i, 'bench' || i, 'enabled', 'passed' from generate_series(1, 200) i`);
  await pool.query(`insert into product_category (name, en_name, zh_name, sort_no)
    select 'Category ' || i, 'Category ' || i, '分类' || i, i from generate_series(1, 8) i`);
  await pool.query(`insert into product_category (name, en_name, zh_name, parent_id, sort_no)
    select 'Sub-category ' || i, 'Sub-category ' || i, '子分类' || i, 1 + (i - 1) / 4, i from generate_series(1, 32) i`);
  const { rows: indexes } = await pool.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where tablename = 'product' and indexname <> 'product_pkey'`,
  );
  for (const ix of indexes) await pool.query(`drop index "${ix.indexname}"`);
  const batch = 100_000;
  for (let start = 1; start <= ROWS; start += batch) {
    const end = Math.min(ROWS, start + batch - 1);
    await pool.query(
      `insert into product (name, en_name, zh_name, kind, company_id, company_name, category_id1, category_id,
         logo, short_content, brand, belong_address, sort_no, status, model, grade, price, content,
         audit_status, collect_num, click_num, created_at, updated_at, created_by, updated_by)
       select
         case when i % 1000 = 7 then '低温深冷泵 Cryogenic pump ' || i
              else (array['不锈钢离心泵','Servo Motor','铝型材','Stainless Steel Sheet','数控车床','ABS Granules',
                          '开关电源','Carton Sealer','硅胶板','Solar Inverter'])[1 + i % 10] || ' ' || i end,
         'Product ' || i, '产品' || i,
         (array['device','material','device','material'])[1 + i % 4],
         1 + i % 200, 'Bench Company ' || (1 + i % 200),
         1 + i % 8, 9 + (i % 8) * 4 + (i / 8) % 4,
         'demo/product-logo-' || (1 + i % 6) || '.png',
         (array['支持定制，交期快','OEM welcome, fast delivery'])[1 + i % 2],
         (array['Huaxin','永信','Sinotech','宏达'])[1 + i % 4],
         'Shenzhen', i % 1000,
         case when i % 50 = 0 then 'disabled' else 'enabled' end,
         case when i % 2 = 1 then 'M-' || i end,
         case when i % 2 = 0 then 'G-' || (i % 100) end,
         (i % 5000) + 0.5, '<p>Bench product</p>',
         (array['passed','passed','passed','pending','refused'])[1 + i % 5],
         (i::bigint * 53 % 400)::int, (i::bigint * 97 % 5000)::int,
         now() - make_interval(secs => i), now() - make_interval(secs => i / 2), 1, 1
       from generate_series($1::int, $2::int) i`,
      [start, end],
    );
    log(`seeded ${end.toLocaleString('en')} products`);
  }
  for (const ix of indexes) {
    const t0 = performance.now();
    await pool.query(ix.indexdef);
    log(`index ${ix.indexname} built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  for (const table of ['product', 'product_category', 'company']) await pool.query(`vacuum analyze ${table}`);
}

export async function runProductBench(): Promise<void> {
  const name = `bench_products_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const dataDir = path.join(tmpdir(), name);
  await admin(`create database "${name}"`);
  log(
    `database ${name}; ${ROWS.toLocaleString('en')} products, ${CONNECTIONS} connections, ${SECONDS} s per target`,
  );
  const servers: Server[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  try {
    await migrateAndSeed(url, pool, seed);

    const statements: Statement[] = [];
    for (const c of cases) statements.push(await capturePage(url, c.query, 'product'));
    // startChild runs bench/list.ts in its serve modes
    const child = startChild;
    const bare = await child('--serve-bare', {
      BENCH_DATABASE_URL: url,
      BENCH_STATEMENTS: JSON.stringify(statements),
    });
    servers.push(bare);
    const api = await child('--serve-api', {
      BENCH_DATABASE_URL: url,
      BENCH_CHECKOUT: here,
      BENCH_DATA_DIR: dataDir,
      BENCH_NODE_FLAGS: '',
    });
    servers.push(api);
    const token = await signIn(api.address);

    const totals: string[] = [];
    for (const c of cases) {
      const qs = new URLSearchParams(c.query).toString();
      const body = await json<{ total: number; totalIsEstimate: boolean }>(
        await fetch(`${api.address}/api/product/list${qs ? `?${qs}` : ''}`, {
          headers: { 'x-token': token },
        }),
      );
      if (!body.success) throw new Error(`${c.name}: ${JSON.stringify(body)}`);
      totals.push(
        `${body.content.total.toLocaleString('en')}${body.content.totalIsEstimate ? ' (est.)' : ''}`,
      );
    }

    const compared = await compareWithBare({
      cases,
      api,
      bare,
      token,
      listPath: 'product/list',
      pool,
      database: name,
      runs: RUNS,
      connections: CONNECTIONS,
      seconds: SECONDS,
      totals,
    });
    process.stdout.write(
      `\n${ROWS.toLocaleString('en')} products on PostgreSQL; autocannon ${CONNECTIONS} connections × ${SECONDS} s per target, ` +
        `${RUNS} interleaved run(s), medians; ratio = req/s ÷ bare req/s; bare = Fastify + pg running the page statement only.\n\n` +
        `${compared}\n` +
        `\nload average now ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}.\n`,
    );
  } finally {
    await tearDown({ servers, pool, name, dataDir });
  }
}

runWhenStarted(import.meta.url, runProductBench);
