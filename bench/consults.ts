import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  admin,
  capturePage,
  compareWithBare,
  json,
  load,
  log,
  migrateAndSeed,
  ms,
  runWhenStarted,
  type Server,
  type Statement,
  settleSearchTargets,
  signIn,
  startChild,
  table,
  tearDown,
} from './list';
import { benchSettings, envNumber } from './settings';

// Consults at scale, on PostgreSQL, in a database of its own (dropped at the end):
// 1. The consult list at ROWS consults (seeded in SQL) through the API beside the bare peer (Fastify + pg
//    running the page statement the engine builds), autocannon CONNECTIONS × SECONDS per target, RUNS
//    interleaved runs, medians — as bench/products.ts does for products.
// 2. A burst: consults posted through the marketplace route (`POST /api/open/v1/consults`, an API key, a new
//    Idempotency-Key each) at RATE a second for BURST_SECONDS, while the console's consult list (page 1) is
//    asked by LIST_CONNECTIONS clients; then the same list at rest. Prints the posts answered, their p95, and
//    the list's p95 during the burst against at rest.
//
//   npx tsx bench/consults.ts
//   ROWS=100000 BURST_SECONDS=10 npx tsx bench/consults.ts
//
// Environment: ROWS (1000000), SECONDS (10), CONNECTIONS (50), RUNS (1), RATE (1000), BURST_SECONDS (30),
// LIST_CONNECTIONS (10), POOL (10), BENCH_ADMIN_URL.

const RATE = envNumber('RATE', 1000);
const BURST_SECONDS = Math.min(envNumber('BURST_SECONDS', 30), 60);
const LIST_CONNECTIONS = envNumber('LIST_CONNECTIONS', 10);
const { ROWS, SECONDS, CONNECTIONS, RUNS, ADMIN_URL } = benchSettings({ runs: 1 });
const here = fileURLToPath(new URL('..', import.meta.url));
const COMPANIES = 200;
const BUYERS = 1000;

const cases = [
  { name: 'page 1', query: {} as Record<string, string> },
  { name: 'company + not replied', query: { companyId: '7', isFeedback: 'false' } },
  { name: 'keyword en (0.1%)', query: { keyword: 'Cryogenic' } },
  { name: 'keyword zh (0.1%)', query: { keyword: '低温深冷泵' } },
];

/** The bench's API key: its text, and the rows that store it (as the server's key issuing does). */
const keyPrefix = randomBytes(6).toString('hex');
const keySecret = randomBytes(32).toString('base64url');
const apiKey = `omk_${keyPrefix}_${keySecret}`;

async function seed(pool: pg.Pool): Promise<void> {
  await pool.query(`insert into company (name, account, status, audit_status, enable_consult)
    select 'Bench Company ' || i, 'bench' || i, 'enabled', 'passed', true from generate_series(1, ${COMPANIES}) i`);
  await pool.query(`insert into user_manager (account, type, realname, email, status)
    select 'buyer' || i, 'buyer', 'Buyer ' || i, 'buyer' || i || '@example.com', 'enabled'
    from generate_series(1, ${BUYERS}) i`);
  const { rows: indexes } = await pool.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where tablename = 'consult' and indexname <> 'consult_pkey'`,
  );
  for (const ix of indexes) await pool.query(`drop index "${ix.indexname}"`);
  const batch = 100_000;
  for (let start = 1; start <= ROWS; start += batch) {
    const end = Math.min(ROWS, start + batch - 1);
    await pool.query(
      `insert into consult (user_id, type, company_id, content, from_buy_num, contact, email, country,
         is_feedback, consult_time, created_at, updated_at)
       select 1 + i % ${BUYERS}, 'company', 1 + i % ${COMPANIES},
         case when i % 1000 = 7 then '低温深冷泵 Cryogenic pump enquiry ' || i
              else (array['请报价 200 台，交货到鹿特丹','Please quote 200 units, delivery to Rotterdam',
                          '能否提供样品？','Can you ship to Hamburg by March?'])[1 + i % 4] || ' ' || i end,
         i % 500, 'Buyer ' || (1 + i % ${BUYERS}), 'buyer' || (1 + i % ${BUYERS}) || '@example.com',
         (array['Netherlands','Germany','China','Brazil'])[1 + i % 4],
         i % 3 <> 0, now() - make_interval(secs => i), now() - make_interval(secs => i), now()
       from generate_series($1::int, $2::int) i`,
      [start, end],
    );
    log(`seeded ${end.toLocaleString('en')} consults`);
  }
  for (const ix of indexes) await pool.query(ix.indexdef);
  await settleSearchTargets(pool);
  const [key] = (
    await pool.query<{ id: number }>(
      `insert into api_key (name, scopes, prefix, status) values ('Bench marketplace', $1, $2, 'active') returning id`,
      [['consults:write', 'consults:read'], keyPrefix],
    )
  ).rows;
  await pool.query(`insert into api_key_secret (api_key_id, secret_hash) values ($1, $2)`, [
    key!.id,
    createHash('sha256').update(keySecret).digest('hex'),
  ]);
  for (const t of ['consult', 'company', 'user_manager']) await pool.query(`vacuum analyze ${t}`);
}

type Burst = { sent: number; created: number; refused: number; errors: number; p95: number; rps: number };

/** Consults posted at RATE a second for BURST_SECONDS, each with a new idempotency key. */
function burst(address: string): Promise<Burst> {
  const latencies: number[] = [];
  let created = 0;
  let refused = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${address}/api/open/v1/consults`,
        method: 'POST',
        connections: 50,
        overallRate: RATE,
        duration: BURST_SECONDS,
        timeout: 10,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, 'idempotency-key': randomUUID() },
              body: JSON.stringify({
                userId: 1 + Math.floor(Math.random() * BUYERS),
                companyId: 1 + Math.floor(Math.random() * COMPANIES),
                content: 'Please quote 200 units, delivery to Rotterdam.',
                fromBuyNum: 200,
                country: 'Netherlands',
              }),
            }),
          },
        ],
      },
      (error, done) => {
        if (error) return reject(error);
        const sorted = latencies.sort((a, b) => a - b);
        resolve({
          sent: done.requests.sent,
          created,
          refused,
          errors: done.errors + done.timeouts,
          p95: sorted[Math.floor(sorted.length * 0.95)] ?? Number.NaN,
          rps: created / done.duration,
        });
      },
    );
    instance.on('response', (_client, status, _bytes, time) => {
      if (status === 200) {
        created++;
        latencies.push(time);
      } else refused++;
    });
  });
}

async function burstWithList(api: Server, token: string) {
  const listUrl = `${api.address}/api/consult/list`;
  const headers = { 'x-token': token };
  log(`burst: ${RATE}/s for ${BURST_SECONDS} s, the list asked by ${LIST_CONNECTIONS} clients meanwhile …`);
  const [posted, during] = await Promise.all([
    burst(api.address),
    load(listUrl, headers, LIST_CONNECTIONS, BURST_SECONDS),
  ]);
  log('the list at rest …');
  const rest = await load(listUrl, headers, LIST_CONNECTIONS, BURST_SECONDS);
  return table(
    ['what', 'answered/s', 'p50 ms', 'p95 ms', 'p99 ms', 'other'],
    [
      [
        `POST consults (target ${RATE}/s)`,
        posted.rps.toFixed(0),
        '',
        ms(posted.p95),
        '',
        `${posted.created} created, ${posted.refused} refused, ${posted.errors} errors of ${posted.sent} sent`,
      ],
      [
        'consult list during the burst',
        during.rps.toFixed(0),
        ms(during.p50),
        ms(during.p95),
        ms(during.p99),
        '',
      ],
      ['consult list at rest', rest.rps.toFixed(0), ms(rest.p50), ms(rest.p95), ms(rest.p99), ''],
    ],
  );
}

export async function runConsultBench(): Promise<void> {
  const name = `bench_consults_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const dataDir = path.join(tmpdir(), name);
  await admin(`create database "${name}"`);
  log(`database ${name}; ${ROWS.toLocaleString('en')} consults`);
  const servers: Server[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  try {
    await migrateAndSeed(url, pool, seed);
    const statements: Statement[] = [];
    for (const c of cases) statements.push(await capturePage(url, c.query, 'consult'));
    const bare = await startChild('--serve-bare', {
      BENCH_DATABASE_URL: url,
      BENCH_STATEMENTS: JSON.stringify(statements),
    });
    servers.push(bare);
    const api = await startChild('--serve-api', {
      BENCH_DATABASE_URL: url,
      BENCH_CHECKOUT: here,
      BENCH_DATA_DIR: dataDir,
      BENCH_NODE_FLAGS: '',
      BENCH_OPEN_PER_SECOND: String(RATE * 10),
    });
    servers.push(api);
    const token = await signIn(api.address);
    const probe = await json<unknown>(
      await fetch(`${api.address}/api/consult/list`, { headers: { 'x-token': token } }),
    );
    if (!probe.success) throw new Error(`consult list: ${JSON.stringify(probe)}`);
    const lists = await compareWithBare({
      cases,
      api,
      bare,
      token,
      listPath: 'consult/list',
      pool,
      database: name,
      runs: RUNS,
      connections: CONNECTIONS,
      seconds: SECONDS,
    });
    const bursts = await burstWithList(api, token);
    process.stdout.write(
      `\n${ROWS.toLocaleString('en')} consults on PostgreSQL; autocannon ${CONNECTIONS} connections × ${SECONDS} s per target, ` +
        `${RUNS} interleaved run(s), medians; ratio = req/s ÷ bare req/s.\n\n${lists}\n\n` +
        `Burst (${BURST_SECONDS} s):\n\n${bursts}\n\nload average now ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}.\n`,
    );
  } finally {
    await tearDown({ servers, pool, name, dataDir });
  }
}

runWhenStarted(import.meta.url, runConsultBench);
