import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Call, client, createEngineApp } from './engine/setup';

// Event information beyond the entity contract: its rich content is stored through the one sanitiser, its link
// must be a web address, and a body missing what the route needs is a 400 naming the field.

let t: Awaited<ReturnType<typeof createEngineApp>>;
let call: (c: Call) => ReturnType<ReturnType<typeof client>>;

beforeAll(async () => {
  t = await createEngineApp();
  call = client(t.app, t.token);
});
afterAll(() => t?.close());

const item = {
  title: 'Hardware week opens',
  targetType: 'news',
  tag: 'news',
  date: '2026-03-02',
  source: 'Organising committee',
  abbrContent: 'Four hundred hardware suppliers on site.',
};

describe('event information', () => {
  it('stores rich content without scripts, handlers or overlays, on create and on edit', async () => {
    const created = await call({
      method: 'POST',
      url: '/api/event_information',
      body: {
        ...item,
        content:
          '<p onclick="steal()">Opening <strong>day</strong></p><script>alert(1)</script>' +
          '<div style="position:fixed;inset:0">cover</div><a href="javascript:alert(1)">x</a>',
      },
    });
    expect(created.status).toBe(200);
    const stored = (await call({ method: 'GET', url: `/api/event_information/${created.body.content.id}` }))
      .body.content;
    expect(stored.content).toContain('<strong>day</strong>');
    expect(stored.content).not.toMatch(/script|onclick|position|javascript/i);
    expect(stored.status).toBe('enabled');

    const edited = await call({
      method: 'PATCH',
      url: `/api/event_information/${stored.id}`,
      body: { version: stored.version, content: '<p>Day two</p><img src="x" onerror="alert(1)">' },
    });
    expect(edited.status).toBe(200);
    const again = (await call({ method: 'GET', url: `/api/event_information/${stored.id}` })).body.content;
    expect(again.content).toContain('Day two');
    expect(again.content).not.toMatch(/onerror/i);
  });

  it('refuses a link that is not a web address and a body without a title, naming the field', async () => {
    const badLink = await call({
      method: 'POST',
      url: '/api/event_information',
      body: { ...item, targetLink: 'javascript:alert(1)' },
    });
    expect(badLink.status).toBe(400);
    expect(JSON.stringify(badLink.body)).toContain('targetLink');

    const { title: _omit, ...untitled } = item;
    const noTitle = await call({ method: 'POST', url: '/api/event_information', body: untitled, lang: 'zh' });
    expect(noTitle.status).toBe(400);
    expect(JSON.stringify(noTitle.body)).toContain('title');
    expect(noTitle.body.message).toMatch(/[\u4e00-\u9fff]/);

    const badType = await call({
      method: 'POST',
      url: '/api/event_information',
      body: { ...item, tag: 'content' },
    });
    expect(badType.status).toBe(400);
    expect(JSON.stringify(badType.body)).toContain('tag');
  });

  it('lists in publish order and filters by type on the server', async () => {
    for (const [title, sortNo, targetType] of [
      ['Late item', 90, 'activity'],
      ['Early item', 1, 'activity'],
    ] as const) {
      const res = await call({
        method: 'POST',
        url: '/api/event_information',
        body: { ...item, title, sortNo, targetType, tag: 'activity' },
      });
      expect(res.status).toBe(200);
    }
    const list = (await call({ method: 'GET', url: '/api/event_information/list?targetType=activity' })).body
      .content;
    expect(list.list.map((r: { title: string }) => r.title)).toEqual(['Early item', 'Late item']);
    expect(list.total).toBe(2);
  });
});
