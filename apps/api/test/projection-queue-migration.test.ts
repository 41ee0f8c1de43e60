import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client';
import { migratedAcross } from './migration-helpers';

// Migration 0039 on a database with behaviour events still queued for the projection (PGlite, or PostgreSQL when
// TEST_DATABASE_URL is set): each queued key gets what the projections read of its event; a key whose event is
// gone is dropped.

const TAG = '0039_projection_queue_events';

let handle: DbHandle;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ handle, close } = await migratedAcross(TAG, async (before) => {
    await before.db.execute(sql`insert into behaviour_event
      (event_id, type, user_id, company_id, product_id, keyword, results_count, language, duration, created_at)
      values ('view', 'view_product', 7, null, 11, null, null, null, 42, '2026-11-30T23:59:59Z'),
        ('search', 'search', null, null, null, '离心泵', 3, 'zh', null, '2026-12-01T00:00:00Z')`);
    await before.db.execute(sql`insert into behaviour_projection_queue (event_id, created_at)
      values ('view', '2026-11-30T23:59:59Z'), ('search', '2026-12-01T00:00:00Z'),
        ('gone', '2026-12-01T00:00:00Z')`);
  }));
}, 120_000);

afterAll(async () => close?.());

describe('migration 0039: the projection queue carries its events', () => {
  it('fills the queued keys from their events and drops a key without one', async () => {
    const rows = (
      (await handle.db.execute(sql`select event_id, type, user_id, company_id, product_id, keyword, results_count,
          language, duration from behaviour_projection_queue order by event_id`)) as unknown as {
        rows: Record<string, unknown>[];
      }
    ).rows;
    expect(rows).toEqual([
      {
        event_id: 'search',
        type: 'search',
        user_id: null,
        company_id: null,
        product_id: null,
        keyword: '离心泵',
        results_count: 3,
        language: 'zh',
        duration: null,
      },
      {
        event_id: 'view',
        type: 'view_product',
        user_id: 7,
        company_id: null,
        product_id: 11,
        keyword: null,
        results_count: null,
        language: null,
        duration: 42,
      },
    ]);
  });
});
