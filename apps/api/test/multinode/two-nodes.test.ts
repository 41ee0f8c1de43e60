import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../s3-server';
import { openBadgeStream } from '../sse-client';
import {
  ADMIN_PASSWORD,
  type ApiNode,
  answers,
  type BalancerProxy,
  buildServer,
  call,
  freshDatabase,
  load,
  login,
  type NodeOptions,
  PG_URL,
  postgresAnswers,
  REDIS_URL,
  startNode,
  startProxy,
  tryLogin,
  waitReady,
} from './cluster';

// Two real API processes on one fresh PostgreSQL database, one Redis (own key prefix) and one S3-compatible
// bucket, behind a round-robin proxy that follows /api/readyz. It belongs to the PostgreSQL run
// (`npm run test:api:pg`, which sets TEST_DATABASE_URL): the embedded-database run (`npm test`) skips it, as two
// processes cannot share an embedded database. Redis: TEST_REDIS_URL, default redis://127.0.0.1:6379.

const onPostgresRun = Boolean(process.env.TEST_DATABASE_URL);
const hasPostgres = onPostgresRun && (await postgresAnswers());
const hasRedis = onPostgresRun && (await answers(REDIS_URL, 6379));
const missing = [!hasPostgres && `PostgreSQL at ${PG_URL}`, !hasRedis && `Redis at ${REDIS_URL}`].filter(
  Boolean,
);
// CI's PostgreSQL run (.ci/run sets CI=true and TEST_DATABASE_URL) has both: there a missing one is a failure.
const mustRun = process.env.CI === 'true' && onPostgresRun;
if (missing.length && mustRun)
  throw new Error(`the two-node tier must run in CI but finds no ${missing.join(' and no ')}`);
if (!onPostgresRun)
  console.info('multinode/two-nodes.test.ts runs in npm run test:api:pg, not on the embedded database');
else if (missing.length) console.warn(`multinode/two-nodes.test.ts skipped: no ${missing.join(' and no ')}`);

const EDITOR = { account: 'editor', password: 'editor123' };
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(300, 9)]);

describe.skipIf(missing.length > 0)('two API nodes behind a load balancer', { timeout: 120_000 }, () => {
  let s3: TestS3Server;
  let db: { url: string; drop: () => Promise<void> };
  let proxy: BalancerProxy;
  let workDir: string;
  let nodeOptions: (name: string) => NodeOptions;
  let a: ApiNode;
  let b: ApiNode;

  beforeAll(async () => {
    workDir = mkdtempSync(path.join(os.tmpdir(), 'organiser-multinode-'));
    [s3, db, proxy] = await Promise.all([
      startS3Server(),
      freshDatabase('multinode'),
      startProxy(),
      buildServer(),
    ]);
    const prefix = `organiser-multinode-${process.pid}-${Date.now()}:`;
    nodeOptions = (name) => ({
      name,
      databaseUrl: db.url,
      workDir,
      env: {
        ...s3.env,
        REDIS_URL,
        REDIS_PREFIX: prefix,
        // Well above the proxy's readiness interval (100 ms), also on a busy machine.
        SHUTDOWN_DRAIN_MS: '2000',
        SHUTDOWN_TIMEOUT_MS: '5000',
      },
      deployment: {
        login: { maxFailures: 3, lockMinutes: 15 },
        rateLimit: {
          globalPerMinute: 100_000,
          loginPerMinute: 10_000,
          loginPerAccountPerMinute: 10_000,
          captchaPerMinute: 10_000,
        },
      },
    });
    // Both at once on the empty database: one of them migrates and seeds, the other waits for it.
    [a, b] = await Promise.all([startNode(nodeOptions('node-a')), startNode(nodeOptions('node-b'))]);
    proxy.setBackends([a.url, b.url]);
    await waitReady([a.url, b.url]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await proxy?.close();
    await s3?.close();
    await db?.drop();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  }, 60_000);

  it('ran the migrations and the first-start seed once when both started together', async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const applied = await client.query(
        'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash',
      );
      expect(applied.rows.length).toBeGreaterThan(0);
      expect(applied.rows.filter((r) => r.n !== 1)).toEqual([]);
      const admins = await client.query("select count(*)::int as n from admin_user where account = 'admin'");
      expect(admins.rows[0].n).toBe(1);
    } finally {
      await client.end();
    }
    // Both report every dependency.
    for (const node of [a, b]) {
      const ready = await call(node.url, 'GET', '/api/readyz');
      expect(ready.body.content).toEqual({
        ready: true,
        shuttingDown: false,
        database: 'ok',
        redis: 'ok',
        rateLimits: 'shared',
        storage: 'ok',
        storageKind: 's3',
      });
    }
  });

  it('signs in on B with a captcha from A', async () => {
    const res = await tryLogin(b.url, 'admin', ADMIN_PASSWORD, a.url);
    expect(res.body).toMatchObject({ success: true, code: 20000 });
  });

  it('ends a session on B when it logs out on A', async () => {
    const token = await login(b.url, 'admin', ADMIN_PASSWORD);
    const info = () => call(b.url, 'POST', '/api/user/get_current_user_info', { token });
    // B has the session in its cache now.
    expect((await info()).body.success).toBe(true);
    const out = await call(a.url, 'POST', '/api/user/logout', { token });
    expect(out.body).toMatchObject({ success: true, content: true });
    const after = await info();
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(50008);
  });

  it('ends the other sessions on B when the password is changed on A', async () => {
    const onB = await login(b.url, EDITOR.account, EDITOR.password);
    const onA = await login(a.url, EDITOR.account, EDITOR.password);
    expect((await call(b.url, 'POST', '/api/user/get_current_user_info', { token: onB })).body.success).toBe(
      true,
    );
    const change = await call(a.url, 'POST', '/api/user/change_password', {
      token: onA,
      json: {
        oldPassword: EDITOR.password,
        newPassword: 'Changed-pass-42',
        repeatPassword: 'Changed-pass-42',
      },
    });
    expect(change.body, JSON.stringify(change.body)).toMatchObject({ success: true });
    // B hears of the change through Redis: at once, though not within the same instant on a busy machine
    await expect
      .poll(
        async () => (await call(b.url, 'POST', '/api/user/get_current_user_info', { token: onB })).body.code,
        { timeout: 5_000, interval: 100 },
      )
      .toBe(50008);
    EDITOR.password = 'Changed-pass-42';
    expect((await tryLogin(b.url, EDITOR.account, EDITOR.password)).body.success).toBe(true);
  });

  it('reads on B what was uploaded through A, and the seeded demo images from the bucket', async () => {
    const token = await login(a.url, 'admin', ADMIN_PASSWORD);
    const form = new FormData();
    form.append('kind', 'image');
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'logo.png');
    const up = await call(a.url, 'POST', '/api/oss/upload', { token, form });
    expect(up.body, JSON.stringify(up.body)).toMatchObject({ success: true });
    const key = up.body.content as string;
    const prefix = (await call(b.url, 'POST', '/api/oss/get_url_prefix', { token })).body.content as string;
    expect(prefix).toBe(`${s3.endpoint}/${s3.bucket}/`);
    const read = await fetch(prefix + key);
    expect(read.status).toBe(200);
    expect(sha256(new Uint8Array(await read.arrayBuffer()))).toBe(sha256(PNG));
    const demo = await fetch(`${prefix}demo/banner-1.png`);
    expect(demo.status).toBe(200);
  });

  it('updates a badge stream held open on B when a buyer’s message is posted on A', async () => {
    const token = await login(a.url, 'admin', ADMIN_PASSWORD);
    const keyRecord = await call(a.url, 'POST', '/api/api_key', {
      token,
      json: { name: 'multinode chat', scopes: ['chat:write'], expiresAt: null },
    });
    const keyId = (keyRecord.body.content as { id: number }).id;
    const issued = await call(a.url, 'POST', `/api/api_key/issue/${keyId}`, { token, json: {} });
    const key = (issued.body.content as { key: string }).key;
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const [buyerId, companyId] = await Promise.all([
      client.query(
        "insert into user_manager (account, type) values ('multinode-buyer', 'buyer') returning id",
      ),
      client.query(
        "insert into company (name, audit_status, status) values ('Multinode Chat Co.', 'passed', 'enabled') returning id",
      ),
    ])
      .then(([u, c]) => [u.rows[0].id as number, c.rows[0].id as number])
      .finally(() => client.end());
    const onB = await login(b.url, 'admin', ADMIN_PASSWORD);
    const stream = openBadgeStream(b.url, onB);
    try {
      const [first] = await stream.until(1);
      const before = (first!.data as { chatUnread: number }).chatUnread;
      const posted = await fetch(`${a.url}/api/open/v1/chat/messages`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'idempotency-key': `multinode-${Date.now()}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ userId: buyerId, companyId, content: 'Hello from node A' }),
      });
      expect(posted.status, await posted.text()).toBe(200);
      // B hears of it through Redis and sends the new counts
      const events = await stream.until(2, 5_000);
      expect(events[1]).toMatchObject({ event: 'badges', data: { chatUnread: before + 1 } });
    } finally {
      stream.close();
    }
  });

  it('forgets on B the marketplace’s cached hot words as soon as staff add one on A', async () => {
    const token = await login(a.url, 'admin', ADMIN_PASSWORD);
    const keyRecord = await call(a.url, 'POST', '/api/api_key', {
      token,
      json: { name: 'multinode marketing', scopes: ['marketing:read'], expiresAt: null },
    });
    const keyId = (keyRecord.body.content as { id: number }).id;
    const issued = await call(a.url, 'POST', `/api/api_key/issue/${keyId}`, { token, json: {} });
    const key = (issued.body.content as { key: string }).key;
    const read = (etag?: string) =>
      fetch(`${b.url}/api/open/v1/hot-words`, {
        headers: { authorization: `Bearer ${key}`, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const first = await read();
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    // unchanged: B answers from what it holds
    expect((await read(etag)).status).toBe(304);
    const word = `multinode ${Date.now()}`;
    const added = await call(a.url, 'POST', '/api/search_top', {
      token,
      json: { enWord: word, zhWord: '双节点', sortNo: 1 },
    });
    expect(added.status).toBe(200);
    // B hears of the write through Redis (well before its cache would expire): the old ETag no longer holds,
    // and the new word is in its answer
    let after = await read(etag);
    for (let i = 0; i < 50 && after.status === 304; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await read(etag);
    }
    expect(after.status).toBe(200);
    expect(JSON.stringify(await after.json())).toContain(word);
  });

  it('shares the account lockout between the nodes', async () => {
    expect((await tryLogin(a.url, 'admin', 'wrong-1')).body.code).toBe(40011);
    expect((await tryLogin(b.url, 'admin', 'wrong-2')).body.code).toBe(40011);
    const third = await tryLogin(a.url, 'admin', 'wrong-3');
    expect(third.status).toBe(429);
    expect(third.body.code).toBe(40013);
    // Locked on the other node too, even with the right password.
    expect((await tryLogin(b.url, 'admin', ADMIN_PASSWORD)).body.code).toBe(40013);
  });

  it('loses no request when a node is stopped with SIGTERM under load and started again', async () => {
    const token = await login(proxy.url, EDITOR.account, EDITOR.password);
    const failuresBefore = proxy.failures();
    let stopping: Promise<number | null> | undefined;
    const statuses = await load(
      200,
      10,
      async () => {
        const res = await fetch(`${proxy.url}/api/user/get_current_user_info`, {
          method: 'POST',
          headers: { 'x-token': token },
        });
        await res.arrayBuffer();
        return res.status;
      },
      (done) => {
        if (done === 40) stopping = b.stop('SIGTERM');
      },
    );
    expect(stopping).toBeDefined();
    const code = await stopping!;
    expect(code, b.output()).toBe(0);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(proxy.failures() - failuresBefore).toBe(0);

    // Rolling restart: B comes back and takes requests again.
    b = await startNode(nodeOptions('node-b'));
    proxy.setBackends([a.url, b.url]);
    await waitReady([b.url]);
    const more = await load(20, 4, async () => {
      const res = await fetch(`${proxy.url}/api/user/get_current_user_info`, {
        method: 'POST',
        headers: { 'x-token': token },
      });
      await res.arrayBuffer();
      return res.status;
    });
    expect(more.filter((s) => s !== 200)).toEqual([]);
  });

  it('finishes a request under way after SIGTERM, and exits 0 even when another never ends', async () => {
    // Drain shorter than the slow upload's body (2 s): the upload finishes while the node is closing.
    const c = await startNode({
      ...nodeOptions('node-c'),
      env: { ...nodeOptions('node-c').env, SHUTDOWN_DRAIN_MS: '500', SHUTDOWN_TIMEOUT_MS: '6000' },
    });
    const token = await login(c.url, 'editor', EDITOR.password);
    const target = new URL('/api/oss/upload', c.url);
    const boundary = 'multinode-boundary';
    const head = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="kind"\r\n\r\nimage\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="slow.png"\r\ncontent-type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunks = Array.from({ length: 10 }, (_, i) => (i === 0 ? PNG : Buffer.alloc(20_000, i)));
    const length = head.length + chunks.reduce((n, c) => n + c.length, 0) + tail.length;
    const open = () =>
      http.request(target, {
        method: 'POST',
        headers: {
          'x-token': token,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(length),
        },
      });
    const answer = (request: http.ClientRequest) =>
      new Promise<number>((resolve) => {
        request.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        request.on('error', () => resolve(0));
      });

    // A slow upload: its body takes longer than the drain period to arrive.
    const slow = open();
    const slowAnswer = answer(slow);
    slow.write(head);
    // A stalled one: it sends its first bytes and nothing more.
    const stalled = open();
    const stalledAnswer = answer(stalled);
    stalled.write(head);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const exited = c.stop('SIGTERM');
    for (const chunk of chunks) {
      slow.write(chunk);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    slow.end(tail);
    expect(await slowAnswer).toBe(200);
    expect(await exited, c.output()).toBe(0);
    expect(await stalledAnswer).toBe(0);
  });
});
