import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSetting, appSettingHistory } from '../src/db/schema';
import { getSetting } from '../src/modules/settings';
import { createTestApp, EDITOR, login, multipart, type TestApp, testRedis } from './helpers';

// Configuration management: typed run-time settings, validated, recorded, and in force at once.

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(3000, 7)]);

describe('run-time settings', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    // the deployment allows images up to 8 KB
    t = await createTestApp({ config: { uploads: { imageMaxBytes: 8 * 1024 } } });
    admin = await login(t.app);
  });
  afterAll(() => t.close());

  const put = (values: Record<string, unknown>, lang = 'en', token = admin) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/setting?lang=${lang}`,
      headers: { 'x-token': token },
      payload: { values },
    });
  const read = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/setting/list',
      headers: { 'x-token': admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().content as {
      values: Record<string, unknown>;
      effective: Record<string, unknown>;
      max: Record<string, number>;
    };
  };
  const errorsOf = (res: { json: () => { content: { errors: { path: string; message: string }[] } } }) =>
    res.json().content.errors;

  it('reads every setting with its default and the deployment bounds', async () => {
    const all = await read();
    expect(all.values['points.expiryDays']).toBeNull();
    expect(all.effective['points.expiryDays']).toBe(365);
    expect(all.effective['mail.purchaseRequirementMail']).toBe(true);
    expect(all.max['uploads.imageMaxKb']).toBe(8);
  });

  it('validates each kind, naming the setting in the caller’s language', async () => {
    const cases: [string, unknown, string][] = [
      ['site.contactPhone', 'x'.repeat(51), 'Contact phone: At most 50 characters'],
      ['site.name', 'plain', 'Site name: Expected English and Chinese text'],
      ['points.expiryDays', 1.5, 'Point expiry (days): Must be a whole number'],
      ['points.expiryDays', 0, 'Point expiry (days): Must be at least 1'],
      [
        'mail.purchaseRequirementMail',
        'yes',
        'Mail suppliers about new purchase requirements: Expected true or false',
      ],
      ['mail.senderAddress', 'not-an-address', 'Mail sender address: Not a valid email address'],
      ['points.expiryRule', 'weekly', 'Points expire: Not one of the allowed values: rolling, yearEnd'],
      ['nothing.here', 1, 'Unknown field'],
    ];
    for (const [key, value, message] of cases) {
      const res = await put({ [key]: value });
      expect(res.statusCode, key).toBe(400);
      expect(errorsOf(res)).toEqual([{ path: key, message }]);
    }
    expect(await t.db.select().from(appSetting)).toEqual([]);
  });

  it('refuses an upload limit above the deployment’s, in English and Chinese', async () => {
    const en = await put({ 'uploads.imageMaxKb': 9 });
    expect(errorsOf(en)).toEqual([
      { path: 'uploads.imageMaxKb', message: 'Image upload limit (KB): Must be at most 8' },
    ]);
    const zh = await put({ 'uploads.imageMaxKb': 9 }, 'zh');
    expect(errorsOf(zh)).toEqual([{ path: 'uploads.imageMaxKb', message: '图片上传上限（KB）：不能大于 8' }]);
  });

  it('applies a lower upload limit at once, and the deployment’s again once cleared', async () => {
    const upload = async () => {
      const form = await multipart({
        kind: 'image',
        file: { filename: 'a.png', type: 'image/png', data: PNG },
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/oss/upload',
        payload: form.payload,
        headers: { ...form.headers, 'x-token': admin },
      });
    };
    expect((await upload()).statusCode).toBe(200);
    expect((await put({ 'uploads.imageMaxKb': 2 })).statusCode).toBe(200);
    const refused = await upload();
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe('The file is too large: at most 2 KB');
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().content.uploads.imageMaxBytes).toBe(2048);
    expect((await put({ 'uploads.imageMaxKb': null })).statusCode).toBe(200);
    expect((await upload()).statusCode).toBe(200);
    expect((await read()).values['uploads.imageMaxKb']).toBeNull();
  });

  it('sets and clears values of every kind, reads them back, and records each change', async () => {
    const values = {
      'site.name': { en: ' Trade Fair ', zh: '展会' },
      'site.contactEmail': 'help@example.com',
      'points.expiryDays': '30',
      'points.expiryRule': 'yearEnd',
      'mail.purchaseRequirementMail': false,
    };
    const saved = await put(values);
    expect(saved.statusCode, saved.body).toBe(200);
    const back = await read();
    expect(back.values).toMatchObject({
      'site.name': { en: 'Trade Fair', zh: '展会' },
      'site.contactEmail': 'help@example.com',
      'points.expiryDays': 30,
      'points.expiryRule': 'yearEnd',
      'mail.purchaseRequirementMail': false,
    });
    expect(await getSetting(t.db, 'mail.purchaseRequirementMail')).toBe(false);
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().content.site.title).toEqual({ en: 'Trade Fair', zh: '展会' });

    expect((await put({ 'mail.purchaseRequirementMail': true, 'points.expiryDays': '' })).statusCode).toBe(
      200,
    );
    expect(await getSetting(t.db, 'mail.purchaseRequirementMail')).toBe(true);
    expect(await getSetting(t.db, 'points.expiryDays')).toBe(365);
    // the same value again is no change
    await put({ 'mail.purchaseRequirementMail': true });

    const history = await t.app.inject({
      method: 'GET',
      url: '/api/setting/history?key=mail.purchaseRequirementMail',
      headers: { 'x-token': admin },
    });
    const list = history.json().content.list as Record<string, unknown>[];
    expect(list.map((h) => [h.oldValue, h.newValue])).toEqual([
      [false, true],
      [null, false],
    ]);
    expect(list[0]).toMatchObject({ changedByAccount: 'admin' });
    const stored = await t.db
      .select()
      .from(appSettingHistory)
      .where(eq(appSettingHistory.key, 'points.expiryDays'));
    expect(stored.map((h) => [h.oldValue, h.newValue])).toEqual([
      [null, 30],
      [30, null],
    ]);
  });

  it('is changed only with the permission to', async () => {
    const editor = await login(t.app, EDITOR.account, EDITOR.password);
    expect((await put({ 'points.expiryDays': 10 }, 'en', editor)).statusCode).toBe(403);
  });
});

const { url: redisUrl, isReachable: hasRedis } = await testRedis();
if (!hasRedis) console.warn(`settings.test.ts: Redis part skipped, no Redis server at ${redisUrl}`);

describe.skipIf(!hasRedis)('settings changed on another API node', () => {
  let node: TestApp;
  const prefix = `organiser-test-settings-${process.pid}-${Date.now()}:`;
  const raw: Redis[] = [];
  beforeAll(async () => {
    node = await createTestApp({ env: { REDIS_URL: redisUrl, REDIS_PREFIX: prefix } });
  });
  afterAll(async () => {
    for (const r of raw) r.disconnect();
    await node?.close();
  });

  it('reads the settings again when another node announces a change', async () => {
    expect(await getSetting(node.db, 'points.expiryDays')).toBe(365);
    // another node stores a value: this node's cache still holds the old one
    await node.db.insert(appSetting).values({ key: 'points.expiryDays', value: 90 });
    expect(await getSetting(node.db, 'points.expiryDays')).toBe(365);
    const other = new Redis(redisUrl);
    raw.push(other);
    await other.publish(`${prefix}auth-invalidate`, 'another-node topic:settings');
    let value = 0;
    for (let i = 0; i < 40 && value !== 90; i++) {
      value = await getSetting<number>(node.db, 'points.expiryDays');
      if (value !== 90) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(value).toBe(90);
  });

  it('announces its own changes to the other nodes', async () => {
    const listener = new Redis(redisUrl);
    raw.push(listener);
    const received: string[] = [];
    listener.on('message', (_: string, message: string) => received.push(message));
    await listener.subscribe(`${prefix}auth-invalidate`);
    const token = await login(node.app);
    const res = await node.app.inject({
      method: 'PUT',
      url: '/api/setting',
      headers: { 'x-token': token },
      payload: { values: { 'points.expiryDays': 120 } },
    });
    expect(res.statusCode).toBe(200);
    for (let i = 0; i < 40 && !received.some((m) => m.endsWith('topic:settings')); i++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(received.some((m) => m.endsWith(' topic:settings'))).toBe(true);
  });
});
