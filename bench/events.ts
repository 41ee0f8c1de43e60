import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  admin,
  load,
  log,
  migrateAndSeed,
  ms,
  runWhenStarted,
  type Server,
  signIn,
  startChild,
  table,
  tearDown,
} from './list';
import { envNumber } from './settings';

// Behaviour ingestion on PostgreSQL, in a database of its own (dropped at the end), on the loopback only:
// SENDERS clients post batches of 500 events (`POST /api/open/v1/events`: views, collects, shares, searches and
// price requests of BUYERS buyers on COMPANIES companies and their products, each batch with a new Idempotency-Key)
// for SECONDS seconds while LIST_CONNECTIONS clients ask the console's company list (page 1); then the same list at
// rest. Prints the events stored a second, the batches' p95, the list's p95 during and at rest, the API
// process's resident memory (peak sampled each second), and how far the projections lag: with PROJECTION=queued
// (the default) the queue's deepest point during the run and how long after the last batch it is empty and its
// buffered counters and points are folded; with
// PROJECTION=inline the counters, points and rollups move in the request's transaction and lag by nothing.
//
//   npx tsx bench/events.ts
//   SECONDS=10 SENDERS=4 npx tsx bench/events.ts
//
// Environment: PROJECTION (queued | inline), SECONDS (20, at most 60), SENDERS (8), LIST_CONNECTIONS (10), COMPANIES (2000), BUYERS (20000), API_NODE_FLAGS,
// BENCH_ADMIN_URL.

const SECONDS = Math.min(envNumber('SECONDS', 20), 60);
const SENDERS = envNumber('SENDERS', 8);
const LIST_CONNECTIONS = envNumber('LIST_CONNECTIONS', 10);
const COMPANIES = envNumber('COMPANIES', 2000);
const BUYERS = envNumber('BUYERS', 20_000);
const BATCH = 500;
/** The API's statistics.projection: queued (the counters, points and rollups follow by the queue) or inline. */
const PROJECTION = process.env.PROJECTION === 'inline' ? 'inline' : 'queued';
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const here = fileURLToPath(new URL('..', import.meta.url));

const keyPrefix = randomBytes(6).toString('hex');
const keySecret = randomBytes(32).toString('base64url');
const apiKey = `omk_${keyPrefix}_${keySecret}`;

/** The companies, their five products each and the buyers the events name (bench/projection.ts seeds them too);
 * analysed. */
export async function seedCatalogue(pool: pg.Pool, companies: number, buyers: number): Promise<void> {
  await pool.query(`insert into company (name, account, status, audit_status)
    select 'Bench Company ' || i, 'bench' || i, 'enabled', 'passed' from generate_series(1, ${companies}) i`);
  await pool.query(`insert into product (name, company_id, kind)
    select 'Bench Pump ' || i, 1 + i % ${companies}, 'device' from generate_series(1, ${companies * 5}) i`);
  await pool.query(`insert into user_manager (account, type, realname, status)
    select 'buyer' || i, 'buyer', 'Buyer ' || i, 'enabled' from generate_series(1, ${buyers}) i`);
  for (const t of ['company', 'product', 'user_manager']) await pool.query(`vacuum analyze ${t}`);
}

async function seed(pool: pg.Pool): Promise<void> {
  await seedCatalogue(pool, COMPANIES, BUYERS);
  const [key] = (
    await pool.query<{ id: number }>(
      `insert into api_key (name, scopes, prefix, status) values ('Bench marketplace', $1, $2, 'active') returning id`,
      [['events:write'], keyPrefix],
    )
  ).rows;
  await pool.query(`insert into api_key_secret (api_key_id, secret_hash) values ($1, $2)`, [
    key!.id,
    createHash('sha256').update(keySecret).digest('hex'),
  ]);
}

const TYPES = ['view_product', 'view_company', 'collect', 'share', 'search', 'request_price'] as const;

function batch(): string {
  const now = Date.now();
  const events = Array.from({ length: BATCH }, () => {
    const type = TYPES[Math.floor(Math.random() * TYPES.length)]!;
    const product = 1 + Math.floor(Math.random() * COMPANIES * 5);
    const company = 1 + (product % COMPANIES);
    const base = {
      eventId: randomUUID(),
      type,
      occurredAt: new Date(now - Math.floor(Math.random() * 86_400_000)).toISOString(),
      userId: 1 + Math.floor(Math.random() * BUYERS),
    };
    if (type === 'search') return { ...base, keyword: 'centrifugal pump', resultsCount: 42, lang: 'en' };
    if (type === 'view_product') return { ...base, productId: product, duration: 30 };
    if (type === 'share' || type === 'collect') return { ...base, productId: product };
    return { ...base, companyId: company };
  });
  return JSON.stringify({ events });
}

type Ingest = {
  events: number;
  batches: number;
  failed: number;
  /** Refused batches by status and error code (the first answer of each printed as it comes). */
  refusals: Map<string, number>;
  p95: number;
  perSecond: number;
};

/** SENDERS loops posting one batch after another until the time is up. */
async function ingest(address: string): Promise<Ingest> {
  const until = performance.now() + SECONDS * 1000;
  const latencies: number[] = [];
  let events = 0;
  let failed = 0;
  const refusals = new Map<string, number>();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      while (performance.now() < until) {
        const body = batch();
        const t0 = performance.now();
        const res = await fetch(`${address}/api/open/v1/events`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${apiKey}`,
            'idempotency-key': randomUUID(),
          },
          body,
        });
        const answer = (await res.json()) as {
          success: boolean;
          content?: { accepted: number };
          code?: number | string;
        };
        if (res.status === 200 && answer.success) {
          events += answer.content!.accepted;
          latencies.push(performance.now() - t0);
        } else {
          failed++;
          const kind = `${res.status} ${answer.code ?? ''}`.trim();
          if (!refusals.has(kind))
            log(`a batch was refused: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
          refusals.set(kind, (refusals.get(kind) ?? 0) + 1);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    events,
    batches: latencies.length,
    failed,
    refusals,
    p95: sorted[Math.floor(sorted.length * 0.95)] ?? Number.NaN,
    perSecond: events / elapsed,
  };
}

/** With the queued projection: the queue's depth sampled every 2 s while the batches are sent, then the time
 * from the last answered batch until the queue is empty (how far the counters, points and rollups lag behind). */
function watchQueue(pool: pg.Pool): { drained: () => Promise<string> } {
  if (PROJECTION === 'inline')
    return { drained: async () => 'Counters, points and rollups lag: none (inline, same transaction)' };
  let deepest = 0;
  let sampling = true;
  // counted every 2 s (a count reads the whole queue: the bench's own load on the database stays small); its
  // emptiness is asked with exists, which stops at the first row
  const depth = async () =>
    Number(
      (await pool.query<{ n: string }>('select count(*) as n from behaviour_projection_queue')).rows[0]!.n,
    );
  const waiting = async () =>
    (await pool.query<{ any: boolean }>('select exists (select 1 from behaviour_projection_queue) as any'))
      .rows[0]!.any;
  const buffered = async () =>
    (
      await pool.query<{ any: boolean }>(
        'select exists (select 1 from behaviour_counter_delta) or exists (select 1 from user_points_delta) as any',
      )
    ).rows[0]!.any;
  let wake = () => {};
  const sampler = (async () => {
    while (sampling) {
      deepest = Math.max(deepest, await depth());
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 2000);
      });
    }
  })();
  return {
    drained: async () => {
      sampling = false;
      wake();
      await sampler;
      const t0 = performance.now();
      const left = await depth();
      while (await waiting()) await new Promise((resolve) => setTimeout(resolve, 100));
      const s = (performance.now() - t0) / 1000;
      // the counters and points of the last runs are folded into the companies, products and users after that
      while (await buffered()) await new Promise((resolve) => setTimeout(resolve, 100));
      const f = (performance.now() - t0) / 1000;
      return `Queued projection: at most ${deepest} events waiting during the run, ${left} at its end, projected ${s.toFixed(1)} s and folded ${f.toFixed(1)} s after the last batch was answered`;
    },
  };
}

/** The child's resident memory in MB, sampled each second; answers the peak when stopped. */
function watchMemory(pid: number): () => number {
  let peak = 0;
  const read = () => {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    peak = Math.max(peak, kb / 1024);
  };
  read();
  const timer = setInterval(read, 1000);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

/** Seconds of CPU a process has used (user and system, from /proc), 0 for one that has gone. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The PostgreSQL server's processes (every one whose command is postgres). */
function postgresPids(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    });
}

/** CPU seconds used from now until the answer's call by the API process, the PostgreSQL server (its backends that
 * ended meanwhile are not counted) and this process (the senders and the list's clients). */
function watchCpu(apiPid: number): () => { api: number; postgres: number; bench: number } {
  const pgAt = new Map(postgresPids().map((pid) => [pid, cpuSeconds(pid)]));
  const apiAt = cpuSeconds(apiPid);
  const benchAt = process.cpuUsage();
  return () => {
    let postgres = 0;
    for (const pid of postgresPids()) postgres += cpuSeconds(pid) - (pgAt.get(pid) ?? 0);
    const bench = process.cpuUsage(benchAt);
    return { api: cpuSeconds(apiPid) - apiAt, postgres, bench: (bench.user + bench.system) / 1e6 };
  };
}

export async function runEventsBench(): Promise<void> {
  const name = `bench_events_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const dataDir = path.join(tmpdir(), name);
  await admin(`create database "${name}"`);
  log(`database ${name}; ${COMPANIES} companies, ${COMPANIES * 5} products, ${BUYERS} buyers`);
  const servers: Server[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  try {
    await migrateAndSeed(url, pool, seed);
    const api = await startChild('--serve-api', {
      BENCH_DATABASE_URL: url,
      BENCH_CHECKOUT: here,
      BENCH_DATA_DIR: dataDir,
      BENCH_NODE_FLAGS: process.env.API_NODE_FLAGS ?? '',
      BENCH_OPEN_PER_SECOND: '1000000',
      BENCH_PROJECTION: PROJECTION,
    });
    servers.push(api);
    const token = await signIn(api.address);
    const listUrl = `${api.address}/api/company/list`;
    const headers = { 'x-token': token };
    const rest = await load(listUrl, headers, LIST_CONNECTIONS, Math.min(SECONDS, 10));
    const idleMemory = watchMemory(api.child.pid!)();
    const peakMemory = watchMemory(api.child.pid!);
    log(`ingesting with ${SENDERS} senders for ${SECONDS} s, the company list asked meanwhile …`);
    const queue = watchQueue(pool);
    const cpu = watchCpu(api.child.pid!);
    const [posted, during] = await Promise.all([
      ingest(api.address),
      load(listUrl, headers, LIST_CONNECTIONS, SECONDS),
    ]);
    const lag = await queue.drained();
    const used = cpu();
    // what the API answered with a server error, as its system log recorded it
    const errors = (
      await pool.query<{ message: string | null; n: string }>(
        `select coalesce(error_message, '') as message, count(*) as n from system_log
         where status_code >= 500 group by 1 order by 2 desc limit 5`,
      )
    ).rows;
    for (const e of errors) log(`server errors: ${e.n}× ${e.message}`);
    const peak = peakMemory();
    const { rows } = await pool.query<{ n: string }>('select count(*) as n from behaviour_event');
    process.stdout.write(
      `\nIngestion on PostgreSQL, batches of ${BATCH}, ${SENDERS} senders × ${SECONDS} s (loopback):\n\n${table(
        ['what', 'per second', 'p50 ms', 'p95 ms', 'other'],
        [
          [
            'events stored',
            posted.perSecond.toFixed(0),
            '',
            ms(posted.p95),
            `${posted.events} events in ${posted.batches} batches, ${posted.failed} failed${
              posted.failed > 0
                ? ` (${[...posted.refusals].map(([kind, n]) => `${n}× ${kind}`).join(', ')})`
                : ''
            }; ${rows[0]!.n} in the table`,
          ],
          ['company list during ingestion', during.rps.toFixed(0), ms(during.p50), ms(during.p95), ''],
          ['company list at rest', rest.rps.toFixed(0), ms(rest.p50), ms(rest.p95), ''],
        ],
      )}\n\nAPI resident memory: ${idleMemory.toFixed(0)} MB before, ${peak.toFixed(0)} MB at the peak. ` +
        `${lag}.\nCPU seconds from the start of ingestion until the projections caught up: API ${used.api.toFixed(1)}, ` +
        `PostgreSQL ${used.postgres.toFixed(1)}, this process (senders and list clients) ${used.bench.toFixed(1)}; ` +
        `per 1,000 events stored: ${[used.api, used.postgres, used.bench]
          .map((seconds) => ((seconds * 1000 * 1000) / Math.max(posted.events, 1)).toFixed(0))
          .join(' / ')} ms. Load average now ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}.\n`,
    );
  } finally {
    await tearDown({ servers, pool, name, dataDir });
  }
}

runWhenStarted(import.meta.url, runEventsBench);
