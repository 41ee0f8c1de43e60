import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeySecret } from '../src/db/schema';
import { registerModules } from '../src/extensions';
import { openModule } from '../src/modules/open';
import { client, companyBody, okClient } from './engine/setup';
import { createTestApp, login, type TestApp } from './helpers';
import { issueApiKey, openCall, secretOf } from './open-helpers';

// GET /api/open/v1/companies/{id}/contacts: a public company's customer-service contacts, only while its
// customer service is on; and the demo marketplace key.

describe('company contacts for the marketplace', () => {
  let t: TestApp;
  let ok: ReturnType<typeof okClient>;
  let key: string;
  let n = 0;

  const company = async (patch: Record<string, unknown>, pass = true) => {
    n++;
    const created = await ok({ method: 'POST', url: '/api/company', body: companyBody(`open${n}`, patch) });
    if (pass) await ok({ method: 'POST', url: `/api/company_audit/pass/${created.id}` });
    return created.id as number;
  };
  const contact = (companyId: number, body: Record<string, unknown>) =>
    ok({ method: 'POST', url: '/api/customer_service', body: { companyId, ...body } });

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await login(t.app);
    ok = okClient(client(t.app, admin));
    key = (await issueApiKey(t.app, { scopes: ['companies:read'], token: admin })).key;
  });
  afterAll(() => t.close());

  it('lists the enabled contacts, default first, while customer service is on', async () => {
    const id = await company({ enableCustomerService: true });
    await contact(id, { name: 'Second', mobile: '13800138001' });
    const chosen = await contact(id, { name: 'Chosen', email: 'chosen@example.com' });
    await ok({ method: 'POST', url: `/api/customer_service/setDefault/${chosen.id}` });
    const off = await contact(id, { name: 'Away' });
    await ok({ method: 'POST', url: `/api/customer_service/disable/${off.id}` });
    const res = await openCall(t.app, key, 'GET', `/companies/${id}/contacts`);
    expect(res.statusCode).toBe(200);
    const content = res.json().content;
    expect(content).toMatchObject({ companyId: id, enabled: true });
    expect(content.contacts.map((c: { name: string }) => c.name)).toEqual(['Chosen', 'Second']);
    expect(content.contacts[0]).toMatchObject({ isDefault: true, email: 'chosen@example.com' });
    expect(JSON.stringify(content)).not.toContain('password');
  });

  it('answers enabled: false and no contacts while customer service is off', async () => {
    const id = await company({ enableCustomerService: false });
    await contact(id, { name: 'Hidden' });
    const res = await openCall(t.app, key, 'GET', `/companies/${id}/contacts`);
    expect(res.json().content).toEqual({ companyId: id, enabled: false, contacts: [] });
  });

  it('answers 404 naming an unknown, unaudited or deleted company', async () => {
    const pending = await company({ enableCustomerService: true }, false);
    const gone = await company({ enableCustomerService: true });
    await ok({ method: 'DELETE', url: `/api/company/${gone}` });
    for (const id of [99999, pending, gone]) {
      const res = await openCall(t.app, key, 'GET', `/companies/${id}/contacts`, undefined, { lang: 'zh' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(`不存在 ID 为 ${id} 的企业`);
    }
    const bad = await openCall(t.app, key, 'GET', '/companies/abc/contacts');
    expect(bad.statusCode).toBe(400);
  });

  it('needs the companies:read scope', async () => {
    const other = await issueApiKey(t.app, { scopes: ['consults:read'] });
    const res = await openCall(t.app, other.key, 'GET', '/companies/1/contacts');
    expect(res.statusCode).toBe(403);
  });

  it('seeds a demo marketplace key with every scope, announced once and stored hashed', async () => {
    const lines: string[] = [];
    const logged: string[] = [];
    const seed = registerModules([openModule]).seeds.demo.find((d) => d.name === 'api-key')!.run;
    await seed({ db: t.db, config: t.config, log: (m) => logged.push(m), announce: (l) => lines.push(l) });
    expect(lines).toHaveLength(1);
    const demoKey = lines[0]!.split(': ')[1]!;
    expect(logged.join('\n')).not.toContain(demoKey);
    const res = await openCall(t.app, demoKey, 'GET', '/companies/99999/contacts');
    expect(res.statusCode).toBe(404);
    const prefix = demoKey.split('_')[1]!;
    const stored = await t.db.select().from(apiKeySecret);
    expect(stored.length).toBeGreaterThan(0);
    const secret = secretOf(demoKey);
    expect(secret.length).toBeGreaterThan(20);
    for (const row of stored) expect(row.secretHash).not.toContain(secret);
    const record = await ok({ method: 'GET', url: `/api/api_key/list?keyword=${prefix}` });
    expect(record.list[0]).toMatchObject({
      name: 'Demo marketplace',
      prefix,
      scopes: expect.arrayContaining(['companies:read', 'consults:write']),
    });
  });
});
