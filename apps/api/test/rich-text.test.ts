import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTables } from '../src/db/schema/entities';
import { type Call, client, createEngineApp } from './engine/setup';

// Rich text is stored reduced to the allow-list the console uses too: the marketplace and mail show the stored
// HTML as it is, so a description must not be able to cover the page or borrow the console's classes.

// biome-ignore lint/suspicious/noExplicitAny: API records; the assertions check their fields.
type Rec = Record<string, any>;

let t: Awaited<ReturnType<typeof createEngineApp>>;
let call: (c: Call) => ReturnType<ReturnType<typeof client>>;

beforeAll(async () => {
  t = await createEngineApp();
  call = client(t.app, t.token);
});
afterAll(() => t?.close());

async function ok(c: Call): Promise<Rec> {
  const res = await call(c);
  if (res.status !== 200) throw new Error(`${c.method} ${c.url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.content;
}

const OVERLAY =
  '<div class="ant-modal-mask" style="position:fixed; inset:0; z-index:99999; background:#000">Sale!</div>' +
  '<p style="text-align:center; color:red" class="x">Centred</p>' +
  '<p style="TEXT-ALIGN: Right">Right</p><span style="width:100vw">plain</span>';

describe('rich text as stored', () => {
  it('keeps only text alignment of styles and no class, on create and on edit (fresh reads)', async () => {
    const category = await ok({ method: 'POST', url: '/api/product_category', body: { name: 'Valves' } });
    const company = await ok({
      method: 'POST',
      url: '/api/company',
      body: {
        name: 'Ningbo Valve Co., Ltd.',
        logo: 'demo/logo-rt.png',
        backgroundImg: 'demo/bg-rt.png',
        account: 'valvesrt',
        telphone: '0574-62345678',
        introduce: 'Valves.',
        email: 'valves-rt@example.com',
        countryCode: 'CN',
        belongAddress: 'No. 1 Harbour Road',
      },
    });
    const product = await ok({
      method: 'POST',
      url: '/api/product',
      body: {
        name: 'Gate Valve',
        companyId: company.id,
        categoryId1: category.id,
        logo: 'demo/product-rt.png',
        shortContent: 'Cast iron',
        brand: 'Ningbo',
        belongAddress: 'Ningbo',
        content: OVERLAY,
        model: 'GV-1',
      },
    });
    const clean =
      '<div>Sale!</div><p style="text-align: center">Centred</p><p style="text-align: right">Right</p><span>plain</span>';
    const table = entityTables.product!;
    const stored = async () =>
      (await t.db.select({ content: table.content }).from(table).where(eq(table.id, product.id)))[0]!.content;
    expect(await stored()).toBe(clean);
    expect((await ok({ method: 'GET', url: `/api/product/${product.id}` })).content).toBe(clean);

    const read = await ok({ method: 'GET', url: `/api/product/${product.id}` });
    await ok({
      method: 'PUT',
      url: `/api/product/${product.id}`,
      body: { version: read.version, content: `${OVERLAY}<a href="https://x.test" target="_blank">x</a>` },
    });
    const edited = await stored();
    expect(edited).toBe(`${clean}<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>`);
    expect(edited).not.toMatch(/class|position|z-index/);
  });
});
