import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultReply } from '../src/db/schema';
import { entityTables } from '../src/db/schema/entities';
import { seedConsultDemo } from '../src/modules/consults/demo';
import { supplierCompanyBody } from './access-fixtures';
import { client, okClient } from './engine/setup';
import { createTestApp, login, type TestApp, uploadFile } from './helpers';

// The consult's reply command: staff, or a supplier of the consult's company, append to the thread within
// the company's monthly consultReplyLimit (exact under concurrency); another company's consult is out of
// reach; a bad body writes nothing.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const MP4 = Buffer.concat([Buffer.from('0000001866747970', 'hex'), Buffer.alloc(200, 1)]);

describe('replies to a consult', () => {
  let t: TestApp;
  let admin: string;
  let ok: ReturnType<typeof okClient>;
  let n = 0;
  const consults = entityTables.consult!;

  const supplier = async (limit: number | null) => {
    n++;
    const account = `replier${n}`;
    const c = await ok({
      method: 'POST',
      url: '/api/company',
      body: { ...supplierCompanyBody(account, 'Secret12345'), consultReplyLimit: limit },
    });
    return { companyId: c.id as number, token: await login(t.app, account, 'Secret12345') };
  };
  const consult = async (companyId: number) => {
    const [row] = await t.db
      .insert(consults)
      .values({ companyId, content: `Enquiry ${++n}`, consultTime: new Date() } as never)
      .returning({ id: consults.id });
    return row!.id as number;
  };
  const reply = (id: number, body: unknown, token = admin, lang: 'en' | 'zh' = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/api/consult/reply/${id}`,
      payload: body as never,
      headers: { 'x-token': token, 'accept-language': lang === 'zh' ? 'zh-CN' : 'en-US' },
    });
  const upload = (file: { filename: string; type: string; data: Buffer }, kind: string, token = admin) =>
    uploadFile(t.app, token, file, kind);
  const repliesOf = async (id: number) =>
    (await t.db.select({ c: count() }).from(consultReply).where(eq(consultReply.consultId, id)))[0]!.c;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    ok = okClient(client(t.app, admin));
  });
  afterAll(() => t.close());

  it('lets the company’s supplier and staff reply with images; the consult is marked replied', async () => {
    const s = await supplier(10);
    const id = await consult(s.companyId);
    const image = await upload({ filename: 'a.png', type: 'image/png', data: PNG }, 'image', s.token);
    const staffImage = await upload({ filename: 'b.png', type: 'image/png', data: PNG }, 'image');
    const content = '<b>Price</b> 12 USD';
    const mine = await reply(id, { content, images: [image] }, s.token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect((await reply(id, { content: '平台补充说明', images: [staffImage] })).statusCode).toBe(200);
    const rows = await t.db.select().from(consultReply).where(eq(consultReply.consultId, id));
    expect(rows.map((r) => [r.authorKind, r.content, r.images])).toEqual([
      ['supplier', content, [image]],
      ['staff', '平台补充说明', [staffImage]],
    ]);
    expect(await ok({ method: 'GET', url: `/api/consult/${id}` })).toMatchObject({ isFeedback: true });
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/consult/replies/${id}`,
      headers: { 'x-token': s.token },
    });
    expect(thread.json().content.map((r: { authorKind: string }) => r.authorKind)).toEqual([
      'supplier',
      'staff',
    ]);
  });

  it('keeps another company’s consult out of a supplier’s reach', async () => {
    const mine = await supplier(10);
    const other = await supplier(10);
    const id = await consult(other.companyId);
    expect((await reply(id, { content: 'hi' }, mine.token)).statusCode).toBe(404);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/consult/${id}`,
      headers: { 'x-token': mine.token },
    });
    expect(read.statusCode).toBe(404);
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/consult/replies/${id}`,
      headers: { 'x-token': mine.token },
    });
    expect(thread.statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/consult/list',
      headers: { 'x-token': mine.token },
    });
    expect(list.json().content.list.map((r: { id: number }) => r.id)).not.toContain(id);
    expect(await repliesOf(id)).toBe(0);
  });

  it('refuses a bad body naming the field and writes nothing', async () => {
    const s = await supplier(10);
    const id = await consult(s.companyId);
    const video = await upload({ filename: 'clip.mp4', type: 'video/mp4', data: MP4 }, 'video', s.token);
    const staffImage = await upload({ filename: 'c.png', type: 'image/png', data: PNG }, 'image');
    const cases: [unknown, string][] = [
      [{}, 'content'],
      [{ content: 'x'.repeat(2001) }, 'content'],
      [{ content: 'ok', images: [video] }, 'images'],
      [{ content: 'ok', images: ['2026/01/no-such-file.png'] }, 'images'],
      [{ content: 'ok', images: 'nope' }, 'images'],
      [{ content: 'ok', images: [staffImage] }, 'images'],
    ];
    for (const [body, field] of cases) {
      const res = await reply(id, body, s.token);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(400);
      expect(res.body, field).toContain(field);
    }
    expect(await repliesOf(id)).toBe(0);
    expect(await ok({ method: 'GET', url: `/api/consult/${id}` })).toMatchObject({ isFeedback: false });
  });

  it('never lets parallel replies pass the monthly consultReplyLimit', async () => {
    const s = await supplier(2);
    const ids = await Promise.all([1, 2, 3].map(() => consult(s.companyId)));
    const answers = await Promise.all(
      [...ids, ...ids].map((id) => reply(id, { content: 'Thanks' }, s.token)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(429);
      expect(a.json().message).toBe('the current limit is exceeded');
    }
    const zh = await reply(ids[0]!, { content: 'again' }, s.token, 'zh');
    expect(zh.json().message).toBe('已超出当前限额');
    const total = (await Promise.all(ids.map(repliesOf))).reduce((a, b) => a + b, 0);
    expect(total).toBe(2);
  });

  it('seeds demo consults in both languages, some with a reply thread and some waiting', async () => {
    await supplier(10);
    await t.db.insert(entityTables.user_manager!).values({ account: 'demobuyer', type: 'buyer' } as never);
    const lines: string[] = [];
    await seedConsultDemo({ db: t.db, config: t.config, log: (l) => void lines.push(l) });
    const rows = await t.db.select().from(consults);
    const demo = rows.filter(
      (r) => String(r.content).includes('Rotterdam') || String(r.content).includes('起订量'),
    );
    expect(demo.length).toBeGreaterThan(1);
    expect(rows.some((r) => r.isFeedback === false)).toBe(true);
    const replied = rows.find((r) => r.isFeedback === true && demo.includes(r))!;
    expect(await repliesOf(Number(replied.id))).toBeGreaterThan(0);
    expect(lines.join()).toContain('demo consults');
  });
});
