import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ossLog, systemLog } from '../src/db/schema';
import { type Call, client, companyBody, createEngineApp, okClient } from './engine/setup';
import { multipart } from './helpers';

// What a Chinese reader gets from stored data that has a Chinese form: relation labels of product categories
// on every read path (the list's joined labels, one record, the options of the pickers, the category tree), and
// the error messages of the system and upload logs, in the reader's language whoever's call they logged.

// biome-ignore lint/suspicious/noExplicitAny: API records; the assertions check their fields.
type Rec = Record<string, any>;

let t: Awaited<ReturnType<typeof createEngineApp>>;
let call: (c: Call) => ReturnType<ReturnType<typeof client>>;

beforeAll(async () => {
  t = await createEngineApp();
  call = client(t.app, t.token);
});
afterAll(() => t?.close());

const ok = (c: Call): Promise<Rec> => okClient(call)(c);

describe('product category labels in Chinese', () => {
  it('shows the Chinese name on every read path, and the English one to an English reader', async () => {
    const top = await ok({
      method: 'POST',
      url: '/api/product_category',
      body: { name: 'Pumps', enName: 'Pumps', zhName: '泵' },
    });
    const sub = await ok({
      method: 'POST',
      url: '/api/product_category',
      body: { name: 'Centrifugal pumps', enName: 'Centrifugal pumps', zhName: '离心泵', parentId: top.id },
    });
    const company = await ok({ method: 'POST', url: '/api/company', body: companyBody('labels') });
    const product = await ok({
      method: 'POST',
      url: '/api/product',
      body: {
        name: 'Label pump',
        companyId: company.id,
        categoryId1: top.id,
        categoryId: sub.id,
        logo: 'demo/product-l.png',
        shortContent: 'A pump',
        brand: 'Huaxin',
        belongAddress: 'Suzhou',
        content: '<p>A pump.</p>',
        model: 'HX-L',
      },
    });

    const list = await ok({ method: 'GET', url: `/api/product/list?keyword=Label%20pump`, lang: 'zh' });
    expect(list.list.find((p: Rec) => p.id === product.id)).toMatchObject({
      categoryId1Label: '泵',
      categoryIdLabel: '离心泵',
    });
    const one = await ok({ method: 'GET', url: `/api/product/${product.id}`, lang: 'zh' });
    expect(one).toMatchObject({ categoryId1Label: '泵', categoryIdLabel: '离心泵' });
    const options = await ok({
      method: 'GET',
      url: `/api/product_category/options?ids=${top.id},${sub.id}`,
      lang: 'zh',
    });
    expect(options).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: top.id, label: '泵' }),
        expect.objectContaining({ id: sub.id, label: '离心泵' }),
      ]),
    );
    const categories = await ok({
      method: 'GET',
      url: '/api/product_category/list?keyword=离心',
      lang: 'zh',
    });
    expect(categories.list.find((c: Rec) => c.id === sub.id)).toMatchObject({ parentIdLabel: '泵' });
    const tree = await ok({ method: 'GET', url: '/api/product_category/tree?keyword=离心', lang: 'zh' });
    const root = tree.list.find((c: Rec) => c.id === top.id);
    expect(root.children.find((c: Rec) => c.id === sub.id)).toMatchObject({ parentIdLabel: '泵' });

    const english = await ok({ method: 'GET', url: `/api/product/${product.id}`, lang: 'en' });
    expect(english).toMatchObject({ categoryId1Label: 'Pumps', categoryIdLabel: 'Centrifugal pumps' });
  });
});

describe("log messages in the reader's language", () => {
  it('shows a refusal logged from an English call in Chinese, and an old row as it was stored', async () => {
    const tag = await ok({ method: 'POST', url: '/api/company_tag', body: { name: 'Logged tag' } });
    await ok({
      method: 'PUT',
      url: `/api/company_tag/${tag.id}`,
      body: { version: 1, name: 'Logged tag 2' },
    });
    const stale = await call({
      method: 'PUT',
      url: `/api/company_tag/${tag.id}`,
      body: { version: 1, name: 'Stale' },
      lang: 'en',
    });
    expect(stale.status).toBe(409);
    const form = await multipart({
      file: { filename: 'page.html', type: 'text/html', data: Buffer.from('<p>') },
    });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/oss/upload?lang=en',
      payload: form.payload,
      headers: { ...form.headers, 'x-token': t.token },
    });
    expect(upload.statusCode).toBe(400);
    await t.db.insert(systemLog).values({
      account: 'old-row',
      url: '/api/old',
      method: 'POST',
      success: false,
      statusCode: 400,
      errorMessage: 'An old English message',
    });
    await t.db
      .insert(ossLog)
      .values({ account: 'old-row', success: false, errorMessage: 'An old upload message' });
    await t.app.flushSystemLog();

    const logs = await ok({ method: 'GET', url: '/api/system_log/list?success=false&size=50', lang: 'zh' });
    const refused = logs.list.find(
      (r: Rec) => r.url === `/api/company_tag/${tag.id}` && r.statusCode === 409,
    );
    expect(refused.errorMessage).toMatch(/[\u4e00-\u9fff]/);
    expect(refused.errorMessage).not.toMatch(/[A-Za-z]{4,}/);
    const english = await ok({
      method: 'GET',
      url: '/api/system_log/list?success=false&size=50',
      lang: 'en',
    });
    expect(english.list.find((r: Rec) => r.logId === refused.logId).errorMessage).toMatch(/^[\x20-\x7e]+$/);
    expect(logs.list.find((r: Rec) => r.account === 'old-row').errorMessage).toBe('An old English message');

    const uploads = await ok({ method: 'GET', url: '/api/oss_log/list?success=false', lang: 'zh' });
    const html = uploads.list.find((r: Rec) => r.fileName === 'page.html');
    expect(html.errorMessage).toMatch(/^不支持该文件类型/);
    expect(uploads.list.find((r: Rec) => r.account === 'old-row').errorMessage).toBe('An old upload message');
  });
});
