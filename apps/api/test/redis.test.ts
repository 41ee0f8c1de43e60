import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testRedis } from './helpers';

// With REDIS_URL the rate-limit counters are shared, so several API nodes enforce one limit.
// Runs when a Redis server answers at TEST_REDIS_URL (default redis://127.0.0.1:6379); says so when it skips.

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
  });
});
