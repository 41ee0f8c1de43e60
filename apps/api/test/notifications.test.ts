import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxMessage, informMessage, mailLog } from '../src/db/schema';
import { entityTables } from '../src/db/schema/entities';
import { referenceTemplates } from '../src/modules/letters';
import { client, companyBody, okClient } from './engine/setup';
import { createTestApp, login, type TestApp } from './helpers';
import { issueApiKey, openCall } from './open-helpers';

// Notification templates: one in use per event, its placeholders checked against the event's own; and a
// notification delivered into the company's inbox (and mailed where the template says so) on each of the five
// events: a company passed, a company refused, a product refused, a consult received, a requirement matched.

// biome-ignore lint/suspicious/noExplicitAny: API records; the assertions check their fields.
type Rec = Record<string, any>;

describe('notification templates and their delivery', () => {
  let t: TestApp;
  let admin: string;
  let ok: ReturnType<typeof okClient>;
  let call: ReturnType<typeof client>;
  let n = 0;

  const company = async (patch: Rec = {}) =>
    (await ok({ method: 'POST', url: '/api/company', body: companyBody(`note${++n}`, patch) })) as Rec;
  const inboxOf = (companyId: number, event: string) =>
    t.db
      .select()
      .from(inboxMessage)
      .where(and(eq(inboxMessage.companyId, companyId), eq(inboxMessage.event, event)));
  const mailsTo = (to: string) =>
    t.db
      .select()
      .from(mailLog)
      .where(and(eq(mailLog.to, to), eq(mailLog.template, 'notification')));
  const template = (event: string, patch: Rec = {}) => ({
    event,
    enTitle: 'Hello {companyName}',
    zhTitle: '您好 {companyName}',
    enBody: 'Body',
    zhBody: '内容',
    ...patch,
  });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    call = client(t.app, admin);
    ok = okClient(call);
  });
  afterAll(() => t.close());

  it('starts with one template in use for each of the five events', async () => {
    const rows = await t.db.select().from(informMessage!);
    expect(rows.map((r) => r.event).sort()).toEqual(referenceTemplates.map((r) => r.event).sort());
    for (const r of rows) expect(r).toMatchObject({ inUse: true, status: 'enabled' });
  });

  it('refuses a placeholder the event does not have, naming the field and the placeholder', async () => {
    for (const [field, text] of [
      ['enBody', 'Your product {productName} passed'],
      ['zhTitle', '{reason} 您好'],
    ] as const) {
      const res = await call({
        method: 'POST',
        url: '/api/inform_message',
        body: template('companyPassed', { [field]: text }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      const errors = res.body.content.errors as { path: string; message: string }[];
      expect(errors.map((e) => e.path)).toEqual([field]);
      expect(errors[0]!.message).toContain(`{${text.includes('product') ? 'productName' : 'reason'}}`);
    }
    const zh = await call({
      method: 'POST',
      url: '/api/inform_message',
      body: template('companyPassed', { enBody: '{content}' }),
      lang: 'zh',
    });
    expect(JSON.stringify(zh.body)).toContain('没有占位符 {content}');
    // the same text is accepted for an event that has the placeholder
    const accepted = await ok({
      method: 'POST',
      url: '/api/inform_message',
      body: template('productRefused', { enBody: 'Your product {productName} was refused: {reason}' }),
    });
    expect(accepted.inUse).toBe(false);
    // changing the event to one without the placeholder is refused too
    const moved = await call({
      method: 'PATCH',
      url: `/api/inform_message/${accepted.id}`,
      body: { version: accepted.version, event: 'companyPassed' },
    });
    expect(moved.status).toBe(400);
    expect(JSON.stringify(moved.body)).toContain('enBody');
    await ok({ method: 'DELETE', url: `/api/inform_message/${accepted.id}` });
  });

  it('tells a company it passed (inbox and mail) or was refused (with the reason)', async () => {
    const passed = await company({ name: 'Harbour Pumps Ltd.' });
    await ok({ method: 'POST', url: `/api/company_audit/pass/${passed.id}`, body: {} });
    const [note] = await inboxOf(passed.id, 'companyPassed');
    expect(note).toMatchObject({ kind: 'notification', title: 'Your company has passed the audit' });
    expect(note!.content).toContain('Harbour Pumps Ltd.');
    expect(note!.contentZh).toContain('Harbour Pumps Ltd.');
    const mails = await mailsTo(passed.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your company has passed the audit');

    const refused = await company();
    await ok({
      method: 'POST',
      url: `/api/company_audit/refuse/${refused.id}`,
      body: { reason: 'Licence unreadable' },
    });
    const [no] = await inboxOf(refused.id, 'companyRefused');
    expect(no!.content).toContain('Licence unreadable');
  });

  it('tells the company its product was refused, and nothing while the template is disabled', async () => {
    const c = await company();
    const products = entityTables.product!;
    const product = async () =>
      (
        await t.db
          .insert(products)
          .values({ name: `Valve ${++n}`, companyId: c.id, kind: 'device' } as never)
          .returning({ id: products.id })
      )[0]!.id;
    const first = await product();
    await ok({ method: 'POST', url: `/api/product/refuse/${first}`, body: { reason: 'Blurry photos' } });
    const [note] = await inboxOf(c.id, 'productRefused');
    expect(note!.title).toContain('Valve');
    expect(note!.content).toContain('Blurry photos');
    // the product template sends no mail
    expect(await mailsTo(c.email)).toHaveLength(0);

    const [tpl] = await t.db.select().from(informMessage!).where(eq(informMessage!.event, 'productRefused'));
    await ok({ method: 'POST', url: `/api/inform_message/disable/${tpl!.id}`, body: {} });
    await ok({ method: 'POST', url: `/api/product/refuse/${await product()}`, body: { reason: 'Again' } });
    expect(await inboxOf(c.id, 'productRefused')).toHaveLength(1);
    await ok({ method: 'POST', url: `/api/inform_message/enable/${tpl!.id}`, body: {} });
  });

  it('tells the company a consult was received through the marketplace', async () => {
    const c = await company({ enableConsult: true });
    await ok({ method: 'POST', url: `/api/company_audit/pass/${c.id}`, body: {} });
    const users = entityTables.user_manager!;
    const [buyer] = await t.db
      .insert(users)
      .values({ account: `notebuyer${++n}`, realname: 'Anna de Vries', type: 'buyer' } as never)
      .returning({ id: users.id });
    const { key } = await issueApiKey(t.app, { scopes: ['consults:write'], token: admin });
    const res = await openCall(t.app, key, 'POST', '/consults', {
      userId: buyer!.id,
      companyId: c.id,
      content: 'Please quote 200 units.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [note] = await inboxOf(c.id, 'consultReceived');
    expect(note!.title).toBe('New enquiry from Anna de Vries');
    expect(note!.content).toContain('Please quote 200 units.');
  });

  it('tells each matching company of an authorised purchase requirement', async () => {
    const category = await ok({
      method: 'POST',
      url: '/api/product_category',
      body: { name: `Pumps ${++n}`, zhName: '泵' },
    });
    const other = await ok({
      method: 'POST',
      url: '/api/product_category',
      body: { name: `Motors ${++n}`, zhName: '电机' },
    });
    const matching = await company({ productCategoryIds: [category.id] });
    const notMatching = await company({ productCategoryIds: [other.id] });
    const buyer = await ok({
      method: 'POST',
      url: '/api/user_manager',
      body: { account: `reqbuyer${++n}`, password: 'Buyer12345', type: 'buyer' },
    });
    const r = await ok({
      method: 'POST',
      url: '/api/buy_requirement',
      body: {
        title: 'Stainless pumps',
        categoryId: category.id,
        endTime: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        userId: buyer.id,
        company: 'Lagos Water Works Ltd.',
        country: 'Nigeria',
        contactTypes: ['email'],
        contactName: 'Ade Okafor',
        mobile: '13800001234',
        tel: '0512-62345678',
        email: 'ade@lagoswater.example',
      },
    });
    await ok({ method: 'POST', url: `/api/buy_requirement/authorise/${r.id}`, body: {} });
    const [note] = await inboxOf(matching.id, 'requirementMatched');
    expect(note!.content).toContain('Stainless pumps');
    expect(note!.content).toContain(r.requirementNo);
    expect(await inboxOf(notMatching.id, 'requirementMatched')).toHaveLength(0);
  });
});
