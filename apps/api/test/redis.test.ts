import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testRedis, tryLogin } from './helpers';

// With REDIS_URL the rate-limit counters are shared, so several API nodes enforce one limit; when Redis cannot be
// reached the limits are counted on each node instead of turning off. The shared tests run when a Redis server
// answers at TEST_REDIS_URL (default redis://127.0.0.1:6379) and say so when they skip.

const { url: redisUrl, isReachable: hasRedis } = await testRedis();
if (!hasRedis) console.warn(`redis.test.ts skipped: no Redis server at ${redisUrl}`);

describe.skipIf(!hasRedis)('rate limits shared through Redis', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('counts captcha requests of two API nodes against one limit', async () => {
    const env = { REDIS_URL: redisUrl, REDIS_PREFIX: `organiser-test-${process.pid}-${Date.now()}:` };
    const config = { rateLimit: { captchaPerMinute: 3 } };
    apps.push(await createTestApp({ env, config }), await createTestApp({ env, config }));
    const [a, b] = apps as [TestApp, TestApp];
    const get = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/user/captcha' });
    expect((await get(a)).statusCode).toBe(200);
    expect((await get(b)).statusCode).toBe(200);
    expect((await get(a)).statusCode).toBe(200);
    const limited = await get(b);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 42900, content: null });

    const ready = await a.app.inject({ method: 'GET', url: '/api/readyz' });
    expect(ready.json().content).toMatchObject({ ready: true, redis: 'ok', rateLimits: 'shared' });
    const metrics = await a.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.body).toMatch(/^rate_limit_per_node 0$/m);
  });
});

describe.skipIf(!hasRedis)('rate-limit keys in Redis', () => {
  it('name their counter: the route, or the per-account login limit and the account', async () => {
    const prefix = `organiser-test-${process.pid}-${Date.now()}-keys:`;
    const t = await createTestApp({ env: { REDIS_URL: redisUrl, REDIS_PREFIX: prefix } });
    const redis = new Redis(redisUrl);
    try {
      await tryLogin(t.app, 'nobody-here', 'wrong-password');
      const keys = (await redis.keys(`${prefix}*`)).map((k) => k.slice(prefix.length)).sort();
      expect(keys).toContain('rate-limit:login-account-nobody-here');
      expect(keys).toContain('rate-limit:GET/api/user/captcha-127.0.0.1');
      expect(keys.filter((k) => k.includes('undefined'))).toEqual([]);
      if (keys.length) await redis.del(...keys.map((k) => prefix + k));
    } finally {
      redis.disconnect();
      await t.close();
    }
  });
});

describe('rate limits while Redis is unreachable', () => {
  it('are counted on the node instead of turning off', async () => {
    // nothing listens on port 1: every Redis command fails at once
    const t = await createTestApp({
      env: { REDIS_URL: 'redis://127.0.0.1:1', REDIS_PREFIX: `organiser-test-${process.pid}-down:` },
      config: { rateLimit: { captchaPerMinute: 3 } },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await t.app.inject({ method: 'GET', url: '/api/user/captcha' })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);

      // The node stays ready and says the limits are its own; the metrics say the same.
      const ready = await t.app.inject({ method: 'GET', url: '/api/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json().content).toMatchObject({
        ready: true,
        redis: 'unreachable',
        rateLimits: 'per node',
      });
      const metrics = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(metrics.body).toMatch(/^rate_limit_per_node 1$/m);
    } finally {
      await t.close();
    }
  });
});
