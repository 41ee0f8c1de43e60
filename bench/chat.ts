import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  admin,
  capturePage,
  compareWithBare,
  log,
  median,
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

// The site chat at scale, on PostgreSQL: ROWS (1,000,000) messages in conversations of 10 messages, and one
// conversation of LONG (1,000) messages. The conversation list (page 1, the unread filter) and the long
// conversation's messages (its first and its last page of 50) through the API (its own process) beside the bare
// peer (Fastify + pg running the page statement the engine builds), autocannon CONNECTIONS × SECONDS per target,
// RUNS interleaved, medians. Then the badge stream (GET /api/badges/stream): the server's resident memory added
// by STREAMS (1,000) idle streams, and the time from a buyer's message posted through the marketplace API to the
// badge event on a stream held open beside them (SAMPLES posts, one at a time). The database is a fresh one on
// BENCH_ADMIN_URL's server, dropped at the end.
//
//   npx tsx bench/chat.ts
//   ROWS=100000 SECONDS=5 npx tsx bench/chat.ts
//
// Environment: ROWS (1000000), LONG (1000), STREAMS (1000), SAMPLES (30), SECONDS (10), CONNECTIONS (50),
// RUNS (1), POOL (10), CASES (names separated by ';').

const { ROWS, SECONDS, CONNECTIONS, RUNS, ADMIN_URL, CASES } = benchSettings({ runs: 1 });
const LONG = envNumber('LONG', 1000);
const STREAMS = envNumber('STREAMS', 1000);
const SAMPLES = envNumber('SAMPLES', 30);
const COMPANIES = 200;
const BUYERS = 5000;
const PER_CONVERSATION = 10;
const here = fileURLToPath(new URL('..', import.meta.url));

const keyPrefix = randomBytes(6).toString('hex');
const keySecret = randomBytes(32).toString('base64url');
const apiKey = `omk_${keyPrefix}_${keySecret}`;

type Case = { name: string; query: Record<string, string> };

/** The long conversation is the last one seeded: its id is the number of conversations. */
const conversations = () => Math.ceil((ROWS - LONG) / PER_CONVERSATION) + 1;

const listCases: Case[] = [
  { name: 'conversations page 1', query: {} },
  { name: 'conversations unread', query: { readedByStaff: 'false' } },
];
const threadCases = (): Case[] => [
  {
    name: `${LONG}-message conversation, first page`,
    query: { conversationId: String(conversations()), size: '50' },
  },
  {
    name: `${LONG}-message conversation, last page`,
    query: { conversationId: String(conversations()), size: '50', page: String(Math.ceil(LONG / 50)) },
  },
];
const pick = (cases: Case[]) => (CASES ? cases.filter((c) => CASES.includes(c.name)) : cases);

async function dropIndexes(pool: pg.Pool, tableName: string) {
  const { rows } = await pool.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where tablename = $1 and indexname <> $2`,
    [tableName, `${tableName}_pkey`],
  );
  for (const ix of rows) await pool.query(`drop index "${ix.indexname}"`);
  return rows;
}

async function seed(pool: pg.Pool): Promise<void> {
  const n = conversations();
  await pool.query(`insert into company (name, account, status, audit_status)
    select 'Bench Company ' || i, 'bench' || i, 'enabled', 'passed' from generate_series(1, ${COMPANIES}) i`);
  await pool.query(`insert into user_manager (account, type, realname, status)
    select 'buyer' || i, 'buyer', 'Buyer ' || i, 'enabled' from generate_series(1, ${BUYERS}) i`);
  const conversationIndexes = await dropIndexes(pool, 'site_chat_conversation');
  const messageIndexes = await dropIndexes(pool, 'site_chat_message');
  // conversation i: buyer 1 + i % BUYERS, company 1 + i % COMPANIES, subject i (unique together)
  await pool.query(
    `insert into site_chat_conversation (user_id, company_id, source, subject_id, title, user_realname,
       company_name, last_message, last_sender, message_count, readed_by_staff, readed_by_company, replied,
       last_message_at, created_at, updated_at)
     select 1 + i % ${BUYERS}, 1 + i % ${COMPANIES}, 'product', i, 'Valve DN' || i, 'Buyer ' || (1 + i % ${BUYERS}),
       'Bench Company ' || (1 + i % ${COMPANIES}), 'Can you ship 200 units? ' || i,
       case when i % 3 = 0 then 'buyer' else 'company' end,
       case when i = ${n} then ${LONG} else ${PER_CONVERSATION} end,
       i % 7 <> 0, i % 5 <> 0, i % 3 <> 0, now() - make_interval(secs => i), now() - make_interval(secs => i * 2), now()
     from generate_series(1, ${n}) i`,
  );
  const batch = 100_000;
  const regular = ROWS - LONG;
  for (let start = 0; start < ROWS; start += batch) {
    const end = Math.min(ROWS, start + batch) - 1;
    // message j: in conversation 1 + j / PER_CONVERSATION, the last LONG messages in the long conversation
    await pool.query(
      `insert into site_chat_message (conversation_id, company_id, user_id, source, subject_id, title, content,
         attachments, sender, sender_account, recipients, readed, replied, created_at, updated_at)
       select c, 1 + c % ${COMPANIES}, 1 + c % ${BUYERS}, 'product', c, 'Valve DN' || c,
         (array['请报价 200 台，交货到鹿特丹','Can you ship 200 units to Rotterdam?','Yes, by sea in 30 days.',
                '可以提供样品'])[1 + j % 4] || ' ' || j,
         '[]'::jsonb, case when j % 2 = 0 then 'buyer' else 'company' end, 'bench', 'Bench', true, j % 2 = 0,
         now() - make_interval(secs => ${ROWS} - j), now()
       from (select j, case when j >= ${regular} then ${n} else 1 + j / ${PER_CONVERSATION} end as c
             from generate_series($1::int, $2::int) j) s`,
      [start, end],
    );
    log(`seeded ${(end + 1).toLocaleString('en')} messages`);
  }
  for (const ix of [...conversationIndexes, ...messageIndexes]) await pool.query(ix.indexdef);
  await settleSearchTargets(pool);
  const [key] = (
    await pool.query<{ id: number }>(
      `insert into api_key (name, scopes, prefix, status) values ('Bench marketplace', $1, $2, 'active') returning id`,
      [['chat:write', 'chat:read'], keyPrefix],
    )
  ).rows;
  await pool.query(`insert into api_key_secret (api_key_id, secret_hash) values ($1, $2)`, [
    key!.id,
    createHash('sha256').update(keySecret).digest('hex'),
  ]);
  for (const t of ['site_chat_conversation', 'site_chat_message', 'company', 'user_manager'])
    await pool.query(`vacuum analyze ${t}`);
}

/** Resident memory of a process (kB), from /proc. */
function rssKb(pid: number): number {
  const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return Number(match?.[1] ?? 0);
}

type Stream = { next: () => Promise<number>; close: () => void };

/** A badge stream; `next` resolves at the next `badges` event with the time it arrived. */
function openStream(address: string, token: string, agent: http.Agent): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const waiters: ((at: number) => void)[] = [];
    let buffer = '';
    const request = http.get(
      `${address}/api/badges/stream`,
      { headers: { 'x-token': token }, agent },
      (res) => {
        res.setEncoding('utf8');
        let first = true;
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let cut = buffer.indexOf('\n\n');
          while (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            if (block.startsWith('event: badges')) {
              const at = performance.now();
              if (first) {
                first = false;
                resolve({ next: () => new Promise((r) => waiters.push(r)), close: () => request.destroy() });
              } else for (const wake of waiters.splice(0)) wake(at);
            }
            cut = buffer.indexOf('\n\n');
          }
        });
      },
    );
    request.on('error', reject);
  });
}

async function measureStreams(api: Server, token: string): Promise<string> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const pid = api.child.pid!;
  const before = rssKb(pid);
  const idle: Stream[] = [];
  for (let i = 0; i < STREAMS; i += 50) {
    const opened = await Promise.all(
      Array.from({ length: Math.min(50, STREAMS - i) }, () => openStream(api.address, token, agent)),
    );
    idle.push(...opened);
  }
  await new Promise((r) => setTimeout(r, 2000));
  const after = rssKb(pid);
  log(`${idle.length} idle streams open`);
  const watched = await openStream(api.address, token, agent);
  const latencies: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const arrived = watched.next();
    const t0 = performance.now();
    const res = await fetch(`${api.address}/api/open/v1/chat/messages`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiKey}`,
        'idempotency-key': `bench-${i}-${randomBytes(4).toString('hex')}`,
        'content-type': 'application/json',
      },
      // a new conversation each time, so the unread count always moves
      body: JSON.stringify({ userId: 1 + i, companyId: 1 + (i % COMPANIES), content: `Bench message ${i}` }),
    });
    if (res.status !== 200) throw new Error(`post ${res.status}: ${await res.text()}`);
    latencies.push((await arrived) - t0);
  }
  const duringWave = rssKb(pid);
  watched.close();
  for (const s of idle) s.close();
  agent.destroy();
  const sorted = [...latencies].sort((a, b) => a - b);
  return table(
    ['measure', 'value'],
    [
      ['server RSS before the streams', `${(before / 1024).toFixed(1)} MB`],
      [`server RSS with ${STREAMS} idle streams`, `${(after / 1024).toFixed(1)} MB`],
      ['added per idle stream', `${((after - before) / STREAMS).toFixed(1)} kB`],
      [
        `RSS after ${SAMPLES} messages (each a wave to ${STREAMS + 1} streams)`,
        `${(duringWave / 1024).toFixed(1)} MB`,
      ],
      ['message posted → badge event, median', `${ms(median(latencies))} ms`],
      [
        'message posted → badge event, p95',
        `${ms(sorted[Math.floor(sorted.length * 0.95)] ?? Number.NaN)} ms`,
      ],
      ['message posted → badge event, max', `${ms(sorted.at(-1) ?? Number.NaN)} ms`],
    ],
  );
}

export async function runChatBench(): Promise<void> {
  const name = `bench_chat_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const dataDir = path.join(tmpdir(), name);
  await admin(`create database "${name}"`);
  log(
    `database ${name}; ${ROWS.toLocaleString('en')} messages, ${CONNECTIONS} connections, ${SECONDS} s per target`,
  );
  const servers: Server[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  try {
    await migrateAndSeed(url, pool, seed);
    const api = await startChild('--serve-api', {
      BENCH_DATABASE_URL: url,
      BENCH_CHECKOUT: here,
      BENCH_DATA_DIR: dataDir,
      BENCH_NODE_FLAGS: '',
      BENCH_OPEN_PER_SECOND: '10000',
    });
    servers.push(api);
    const token = await signIn(api.address);
    const parts: string[] = [];
    for (const [entity, cases] of [
      ['site_chat_conversation', pick(listCases)],
      ['site_chat_message', pick(threadCases())],
    ] as const) {
      if (cases.length === 0) continue;
      const statements: Statement[] = [];
      for (const c of cases) statements.push(await capturePage(url, c.query, entity));
      const bare = await startChild('--serve-bare', {
        BENCH_DATABASE_URL: url,
        BENCH_STATEMENTS: JSON.stringify(statements),
      });
      servers.push(bare);
      parts.push(
        await compareWithBare({
          cases,
          api,
          bare,
          token,
          listPath: `${entity}/list`,
          pool,
          database: name,
          runs: RUNS,
          connections: CONNECTIONS,
          seconds: SECONDS,
        }),
      );
      await bare.stop();
    }
    parts.push(await measureStreams(api, token));
    process.stdout.write(
      `\n${ROWS.toLocaleString('en')} messages (${conversations().toLocaleString('en')} conversations) on PostgreSQL; autocannon ${CONNECTIONS} connections × ${SECONDS} s per target, ` +
        `${RUNS} run(s), medians; ratio = req/s ÷ bare req/s; bare = Fastify + pg running the page statement only.\n\n` +
        `${parts.join('\n\n')}\n\nload average now ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}.\n`,
    );
  } finally {
    await tearDown({ servers, pool, name, dataDir });
  }
}

runWhenStarted(import.meta.url, runChatBench);
