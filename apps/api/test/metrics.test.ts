import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineApp } from './engine/setup';
import { createTestApp } from './helpers';

// GET /metrics: Prometheus text with request durations by route pattern and status, pool use (PostgreSQL),
// event-loop lag and memory; answered on loopback (not through a proxy) or with the configured bearer token.

const TOKEN = 'metrics-token-0123456789abcdef';
let t: Awaited<ReturnType<typeof createEngineApp>>;

beforeAll(async () => {
  t = await createEngineApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t?.close());

const scrape = (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', ...options });

describe('metrics', () => {
  it('counts requests by route pattern and status, never by raw URL, beside process and pool figures', async () => {
    const headers = { 'x-token': t.token };
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/banner/list?page=2&size=10', headers })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/banner/987654', headers })).statusCode).toBe(404);
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/banner\/list",status_code="200"\} 1\n/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.5",method="GET",route="\/api\/banner\/:id",status_code="404"\} 1\n/,
    );
    expect(text).not.toContain('page=2');
    expect(text).not.toContain('987654');
    expect(text).toMatch(/\nprocess_resident_memory_bytes \d+/);
    expect(text).toMatch(/\nnodejs_heap_size_used_bytes \d+/);
    expect(text).toMatch(/\nnodejs_eventloop_lag_seconds [\d.e-]+/);
    if (t.handle.kind === 'postgres') {
      expect(text).toMatch(/\ndb_pool_connections \d+/);
      expect(text).toMatch(/\ndb_pool_waiting_requests \d+/);
    } else {
      expect(t.handle.kind).toBe('pglite');
      expect(text).not.toContain('db_pool_connections');
    }
  });

  it('refuses callers from elsewhere, and loopback requests forwarded by a proxy', async () => {
    const remote = await scrape({ remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ success: false, code: 40300 });
    expect(remote.body).not.toContain('process_resident_memory_bytes');
    const proxied = await scrape({ headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.statusCode).toBe(403);
    const wrong = await scrape({
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${TOKEN.replace(/.$/, 'x')}` },
    });
    expect(wrong.statusCode).toBe(403);
  });

  it('answers a caller from elsewhere that sends the configured token', async () => {
    const res = await scrape({ remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('http_request_duration_seconds');
  });

  it('has no route with METRICS=false', async () => {
    const off = await createTestApp({ env: { METRICS: 'false' } });
    try {
      const res = await off.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('process_resident_memory_bytes');
    } finally {
      await off.close();
    }
  });
});
