import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

// Client gone, query gone; every statement bounded. PostgreSQL only (TEST_DATABASE_URL): the embedded
// database runs one statement at a time inside this process and has neither cancel requests nor timers.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const marker = `probe_${process.pid}_${Date.now()}`;

/** A public probe route whose statement sleeps for `?s=` seconds. */
const probe: FastifyPluginAsync = async (app) => {
  app.get('/probe/sleep/:s', { config: { access: { kind: 'public' } } }, async (request) => {
    const seconds = Number((request.params as { s: string }).s);
    await app.db.execute(sql.raw(`select pg_sleep(${seconds}), '${marker}'`));
    return { success: true, code: 20000, message: '', content: true };
  });
};

async function running(t: TestApp): Promise<number> {
  const result = (await t.db.execute(
    sql`select count(*)::int as n from pg_stat_activity
        where state = 'active' and query like ${`%${marker}%`} and pid <> pg_backend_pid()`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
}

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

describe.skipIf(!onPostgres)('database statements on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ extraModules: [probe], statementTimeoutMs: 500 });
  });
  afterAll(() => t?.close());

  it('stops a statement past the timeout and answers queryTimeout in the caller’s language', async () => {
    const started = Date.now();
    const en = await t.app.inject({ method: 'GET', url: '/api/probe/sleep/5' });
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(en.statusCode).toBe(503);
    expect(en.json()).toMatchObject({ success: false, code: 50301, content: null });
    expect(en.json().message).toContain('narrow the search');
    const zh = await t.app.inject({ method: 'GET', url: '/api/probe/sleep/5?lang=zh' });
    expect(zh.statusCode).toBe(503);
    expect(zh.json().message).toContain('缩小查询范围');
    // Nothing is left running, and the pool answers the next statement.
    expect(await running(t)).toBe(0);
    const ok = await t.app.inject({ method: 'GET', url: '/api/probe/sleep/0' });
    expect(ok.statusCode).toBe(200);
  });

  it('cancels the statement of a request whose client disconnects', async () => {
    const slow = await createTestApp({ extraModules: [probe], statementTimeoutMs: 60_000 });
    try {
      await slow.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = slow.app.server.address() as AddressInfo;
      const request = http.get({ host: '127.0.0.1', port, path: '/api/probe/sleep/30' });
      request.on('error', () => {});
      expect(await waitFor(async () => (await running(slow)) === 1, 5_000)).toBe(true);
      request.destroy();
      // The database stops working for the client that went away (it would sleep 30 s otherwise).
      expect(await waitFor(async () => (await running(slow)) === 0, 3_000)).toBe(true);
    } finally {
      await slow.close();
    }
  });
});
