import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTables } from '../src/db/schema/entities';
import { rebuildCounters } from '../src/modules/behaviour';
import { createAccountWithRole } from './engine/roles';
import { client, companyBody, okClient } from './engine/setup';
import { createTestApp, login, type TestApp } from './helpers';
import { issueApiKey, openCall } from './open-helpers';

// The counters of companies and products, kept by increments as events arrive, equal what a rebuild from the
// stored events computes: a property over generated event streams posted in generated batches.

describe('rebuilding the counters from the behaviour events', () => {
  let t: TestApp;
  let admin: string;
  let key: string;
  let ok: ReturnType<typeof okClient>;
  let call: ReturnType<typeof client>;
  const companyIds: number[] = [];
  const productIds: number[] = [];
  let buyer: number;
  let run = 0;
  const companies = entityTables.company!;
  const products = entityTables.product!;

  const counters = async () => ({
    companies: await t.db
      .select({ id: companies.id, collect: companies.collectNum, share: companies.shareNum })
      .from(companies)
      .where(inArray(companies.id, companyIds))
      .orderBy(companies.id),
    products: await t.db
      .select({
        id: products.id,
        collect: products.collectNum,
        share: products.shareNum,
        click: products.clickNum,
      })
      .from(products)
      .where(inArray(products.id, productIds))
      .orderBy(products.id),
  });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    call = client(t.app, admin);
    ok = okClient(call);
    key = (await issueApiKey(t.app, { scopes: ['events:write'], token: admin })).key;
    for (const i of [1, 2]) {
      const c = await ok({ method: 'POST', url: '/api/company', body: companyBody(`rebuild${i}`) });
      companyIds.push(c.id as number);
      const [p] = await t.db
        .insert(products)
        .values({ name: `Valve ${i}`, companyId: c.id, kind: 'device' } as never)
        .returning({ id: products.id });
      productIds.push(p!.id as number);
    }
    const [u] = await t.db
      .insert(entityTables.user_manager!)
      .values({ account: 'rebuildbuyer', type: 'buyer' } as never)
      .returning({ id: entityTables.user_manager!.id });
    buyer = u!.id as number;
  });
  afterAll(() => t?.close());

  // An action on a target: collects and uncollects keep a target's collects at zero or more in arrival order (an
  // uncollect of something not collected is never sent), so no increment is clamped.
  const action = fc.record({
    type: fc.constantFrom('collect', 'uncollect', 'share', 'view_product', 'view_company', 'search'),
    onProduct: fc.boolean(),
    target: fc.integer({ min: 0, max: 1 }),
    minutesAgo: fc.integer({ min: 1, max: 60 * 24 * 90 }),
  });

  it('equals the live counters after any stream of events in any batches', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 25 }),
        async (actions, size) => {
          run++;
          const live = await counters();
          const held = new Map<string, number>();
          for (const c of live.companies) held.set(`c${c.id}`, c.collect ?? 0);
          for (const p of live.products) held.set(`p${p.id}`, p.collect ?? 0);
          const now = Date.now();
          const events = actions.flatMap((a, i) => {
            const onProduct = a.type === 'view_product' || (a.onProduct && a.type !== 'view_company');
            const id = onProduct ? productIds[a.target]! : companyIds[a.target]!;
            const slot = `${onProduct ? 'p' : 'c'}${id}`;
            if (a.type === 'uncollect' && (held.get(slot) ?? 0) === 0) return [];
            if (a.type === 'collect') held.set(slot, (held.get(slot) ?? 0) + 1);
            if (a.type === 'uncollect') held.set(slot, held.get(slot)! - 1);
            return [
              {
                eventId: `r${run}-${i}`,
                type: a.type,
                occurredAt: new Date(now - a.minutesAgo * 60_000).toISOString(),
                userId: buyer,
                ...(a.type === 'search'
                  ? { keyword: 'pump' }
                  : onProduct
                    ? { productId: id }
                    : { companyId: id }),
              },
            ];
          });
          for (let i = 0; i < events.length; i += size) {
            const res = await openCall(t.app, key, 'POST', '/events', { events: events.slice(i, i + size) });
            expect(res.statusCode, res.body).toBe(200);
            expect(res.json().content.rejected).toEqual([]);
          }
          const before = await counters();
          expect(await rebuildCounters(t.db)).toEqual({ companies: 0, products: 0 });
          expect(await counters()).toEqual(before);
        },
      ),
      { numRuns: 12, seed: 20261128 },
    );
  });

  it('puts wrong counters right, and only for the period asked', async () => {
    const right = await counters();
    await t.db
      .update(companies)
      .set({ collectNum: 999, shareNum: 999 } as never)
      .where(inArray(companies.id, companyIds));
    expect(await rebuildCounters(t.db)).toEqual({ companies: companyIds.length, products: 0 });
    expect(await counters()).toEqual(right);
    // a period without events: every counter is zero
    const empty = await rebuildCounters(t.db, { from: new Date('2001-01-01'), to: new Date('2001-02-01') });
    expect(empty.products).toBeGreaterThan(0);
    const zeroed = await counters();
    expect(zeroed.products.every((p) => p.click === 0 && p.share === 0 && p.collect === 0)).toBe(true);
    await rebuildCounters(t.db);
    expect(await counters()).toEqual(right);
  });

  it('is an organiser action behind its own permission, refusing bad bodies with 400', async () => {
    const url = '/api/behaviour/rebuild_counters';
    const done = await call({ method: 'POST', url, body: {} });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.content).toEqual({ companies: 0, products: 0 });
    for (const body of [
      { from: 'yesterday' },
      { to: 3 },
      { extra: true },
      { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
    ]) {
      const res = await call({ method: 'POST', url, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    await createAccountWithRole(t.db, {
      account: 'historyreader',
      password: 'secret123',
      menus: ['/searchManage/search_history_list'],
      resources: [],
    });
    const reader = await login(t.app, 'historyreader', 'secret123');
    expect((await call({ method: 'POST', url, body: {}, token: reader })).status).toBe(403);
  });
});
