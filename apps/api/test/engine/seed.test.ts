import { existsSync } from 'node:fs';
import path from 'node:path';
import { defaultOf, entities, validateCreate } from '@organiser/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine';
import { seedAnnouncementDemo } from '../../src/modules/announcements/demo';
import { seedBehaviourDemo } from '../../src/modules/behaviour/demo';
import { seedChatDemo } from '../../src/modules/chat/demo';
import { seedSupplierDemo } from '../../src/modules/companies';
import { seedConsultDemo } from '../../src/modules/consults/demo';
import { seedContentDemo } from '../../src/modules/content';
import { seedLetterDemo } from '../../src/modules/letters/demo';
import { seedMarketingDemo } from '../../src/modules/marketing/demo';
import { seedDemoKey } from '../../src/modules/open';
import { seedPointsDemo } from '../../src/modules/points/demo';
import { seedProductDemo } from '../../src/modules/products';
import { seedRequirementDemo } from '../../src/modules/requirements/demo';
import { seedUserDemo } from '../../src/modules/users';
import { type Call, client, createEngineApp, listUrl } from './setup';

let t: Awaited<ReturnType<typeof createEngineApp>>;
let call: (c: Call) => ReturnType<ReturnType<typeof client>>;

beforeAll(async () => {
  t = await createEngineApp();
  call = client(t.app, t.token);
  await seedContentDemo(t.db, { storage: t.app.storage });
  await seedSupplierDemo(createEngine(t.config.deployment))({ db: t.db, config: t.config, log: () => {} });
  await seedProductDemo({ db: t.db, config: t.config, log: () => {} });
  await seedUserDemo({ db: t.db, config: t.config, log: () => {} });
  await seedConsultDemo({ db: t.db, config: t.config, log: () => {} });
  await seedRequirementDemo({ db: t.db, config: t.config, log: () => {} });
  await seedDemoKey({ db: t.db, config: t.config, log: () => {} });
  // in the modules' order (modules/index.ts): a buyer's levels before the behaviour that earns points
  const seedCtx = { db: t.db, config: t.config, log: () => {} };
  await seedPointsDemo(seedCtx);
  await seedAnnouncementDemo(seedCtx);
  await seedBehaviourDemo(seedCtx);
  await seedMarketingDemo(t.db, { storage: t.app.storage });
  await seedLetterDemo(seedCtx);
  await seedChatDemo(seedCtx);
});
afterAll(() => t?.close());

describe('engine demo data', () => {
  it('seeds every entity, each record valid by its definition', async () => {
    for (const [name, def] of Object.entries(entities)) {
      if (def.source) continue;
      const res = await call({ method: 'GET', url: `${listUrl(name)}?size=50` });
      // the demo marketplace has one API key and the demo logins three roles (root, editor, supplier); every
      // other entity shows a few records
      const fewest: Record<string, number> = { api_key: 1, role: 3 };
      expect(res.body.content.total, name).toBeGreaterThanOrEqual(fewest[name] ?? 4);
      for (const record of res.body.content.list) {
        const body = Object.fromEntries(
          Object.keys(def.fields)
            // audit fields are set by the audit actions, never by a create
            .filter((f) => !def.fields[f]!.computed && !def.fields[f]!.actionOnly && record[f] !== null)
            // '' where the default is '' is "none", as the API takes it (a menu permission's method)
            .filter((f) => !(record[f] === '' && defaultOf(def.fields[f]!) === ''))
            .map((f) => [f, record[f]]),
        );
        const check = validateCreate(def, body);
        // A self-registered company that has not finished its information lacks required fields, and says so.
        const issues = check.ok
          ? []
          : check.issues.filter((i) => record.completeInfoStatus !== false || record[i.path] !== null);
        expect(issues, `${name} ${record.id}`).toEqual([]);
      }
    }
    const banners = (await call({ method: 'GET', url: '/api/banner/list?size=50', lang: 'zh' })).body.content
      .list;
    expect(new Set(banners.map((b: { displayStatus: string }) => b.displayStatus))).toEqual(
      new Set(['online', 'offline']),
    );
    expect(banners.some((b: { title: string }) => /[\u4e00-\u9fff]/.test(b.title))).toBe(true);
    expect(banners.some((b: { title: string }) => /^[A-Za-z]/.test(b.title))).toBe(true);
    expect(banners[0].positionLabel).toMatch(/[\u4e00-\u9fff]/);
    for (const name of ['announcement', 'notice']) {
      const rows = (await call({ method: 'GET', url: `${listUrl(name)}?size=50` })).body.content.list;
      expect(new Set(rows.map((r: { status: string }) => r.status)), name).toEqual(
        new Set(['effective', 'invalid']),
      );
      // one scheduled for later, some in Chinese
      expect(
        rows.some((r: { publishTime: string }) => Date.parse(r.publishTime) > Date.now()),
        name,
      ).toBe(true);
      expect(
        rows.some((r: { title: string }) => /[\u4e00-\u9fff]/.test(r.title)),
        name,
      ).toBe(true);
    }
    const history = await call({ method: 'GET', url: `/api/banner/${banners[0].id}/history` });
    expect(history.body.content[0].action).toBe('create');
  });

  it('stores a real PNG cover for the banners', async () => {
    const banner = (await call({ method: 'GET', url: '/api/banner/list?size=1' })).body.content.list[0];
    const file = path.join(t.app.storage.root!, banner.coverImg);
    expect(existsSync(file)).toBe(true);
    const image = await t.app.inject({ method: 'GET', url: `/uploads/${banner.coverImg}` });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });
});
