import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, okClient } from './engine/setup';
import { createTestApp, login, type TestApp } from './helpers';
import { issueApiKey, openCall } from './open-helpers';

// Announcements and notices: rich content stored sanitised; the marketplace reads the effective ones whose
// publish time has come (for everyone, or for its user type too) and counts reads; scheduled and invalid
// ones stay hidden; the routes need the announcements:read scope.

describe('announcements and notices', () => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let ok: ReturnType<typeof okClient>;
  let key: string;
  const hour = 3_600_000;
  const at = (offset: number) => new Date(Date.now() + offset).toISOString();

  const add = (entity: string, patch: Record<string, unknown>) =>
    ok({
      method: 'POST',
      url: `/api/${entity}`,
      body: { title: 'Fair', target: 'all', publishTime: at(-hour), content: '<p>Hello</p>', ...patch },
    });

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await login(t.app);
    call = client(t.app, admin);
    ok = okClient(call);
    key = (await issueApiKey(t.app, { scopes: ['announcements:read'], token: admin })).key;
  });
  afterAll(() => t.close());

  it('stores rich content without scripts or event handlers', async () => {
    const created = await add('announcement', {
      content: '<p onclick="alert(1)">Open<script>alert(2)</script></p><img src="x" onerror="alert(3)">',
    });
    const read = await ok({ method: 'GET', url: `/api/announcement/${created.id}` });
    expect(read.content).not.toMatch(/script|onclick|onerror/);
    expect(read.content).toContain('Open');
  });

  it('refuses a missing publish time and an unknown target, naming the field', async () => {
    const missing = await call({
      method: 'POST',
      url: '/api/notice',
      body: { title: 'x', target: 'all', content: '<p>x</p>' },
    });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('publishTime');
    const target = await call({
      method: 'POST',
      url: '/api/notice',
      body: { title: 'x', target: 'everyone', publishTime: at(0), content: '<p>x</p>' },
    });
    expect(target.status).toBe(400);
    expect(JSON.stringify(target.body)).toContain('target');
  });

  it('serves the marketplace the effective, published ones for its user type, newest first', async () => {
    const old = await add('notice', { title: 'Old for all', publishTime: at(-3 * hour) });
    const recent = await add('notice', {
      title: 'Recent for buyers',
      target: 'buyer',
      publishTime: at(-hour),
    });
    const suppliers = await add('notice', { title: 'For suppliers', target: 'supplier' });
    const scheduled = await add('notice', { title: 'Later', publishTime: at(48 * hour) });
    const invalid = await add('notice', { title: 'Withdrawn' });
    await ok({ method: 'POST', url: `/api/notice/invalidate/${invalid.id}` });

    const buyers = await openCall(t.app, key, 'GET', '/notices?target=buyer');
    expect(buyers.statusCode).toBe(200);
    const ids = buyers.json().content.list.map((n: { id: number }) => n.id);
    expect(ids).toEqual([recent.id, old.id]);
    expect(buyers.json().content.total).toBe(2);

    const everyone = await openCall(t.app, key, 'GET', '/notices');
    expect(everyone.json().content.list.map((n: { id: number }) => n.id)).toEqual([old.id]);
    const forSuppliers = await openCall(t.app, key, 'GET', '/notices?target=supplier');
    const supplierIds = forSuppliers.json().content.list.map((n: { id: number }) => n.id);
    expect(supplierIds).toContain(suppliers.id);
    expect(supplierIds).not.toContain(scheduled.id);
    expect(supplierIds).not.toContain(invalid.id);

    // Announcements are listed apart from notices.
    const announcements = await openCall(t.app, key, 'GET', '/announcements?target=buyer');
    const titles = announcements.json().content.list.map((n: { title: string }) => n.title);
    expect(titles).not.toContain('Old for all');
  });

  it('counts reads of a published one and refuses scheduled, invalid and unknown ones', async () => {
    const published = await add('announcement', { title: 'Counted' });
    const scheduled = await add('announcement', { title: 'Not yet', publishTime: at(hour) });
    const first = await openCall(t.app, key, 'POST', `/announcements/${published.id}/read`);
    expect(first.statusCode).toBe(200);
    expect(first.json().content).toEqual({ id: published.id, readCount: 1 });
    await openCall(t.app, key, 'POST', `/announcements/${published.id}/read`);
    const stored = await ok({ method: 'GET', url: `/api/announcement/${published.id}` });
    expect(stored.readCount).toBe(2);
    expect((await openCall(t.app, key, 'POST', `/announcements/${scheduled.id}/read`)).statusCode).toBe(404);
    expect((await openCall(t.app, key, 'POST', '/announcements/999999/read')).statusCode).toBe(404);
    expect((await openCall(t.app, key, 'POST', '/announcements/abc/read')).statusCode).toBe(400);
  });

  it('refuses a malformed query naming the parameter', async () => {
    const res = await openCall(t.app, key, 'GET', '/announcements?target=admin&size=500');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('target');
  });

  it('needs the announcements:read scope and a key', async () => {
    const other = await issueApiKey(t.app, { scopes: ['consults:read'] });
    expect((await openCall(t.app, other.key, 'GET', '/announcements')).statusCode).toBe(403);
    expect((await openCall(t.app, other.key, 'POST', '/notices/1/read')).statusCode).toBe(403);
    expect((await openCall(t.app, null, 'GET', '/notices')).statusCode).toBe(401);
  });
});
