import { count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { region } from '../../db/schema';
import type { RegionRow } from './data';

const CHUNK = 500;

/**
 * Fills the region table when it is empty (reference data: on every start, whatever DEMO_DATA says). The
 * builder and its packages (country names in every language, the pinyin dictionary) are loaded only then.
 * Returns how many rows it wrote (0 when the table already had its data).
 */
export async function seedRegions(db: Db, build?: () => RegionRow[]): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(region);
  if (Number(existing?.n ?? 0) > 0) return 0;
  const rows = build ? build() : (await import('./data')).buildRegionRows();
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += CHUNK) {
      // Another node seeding at the same instant wrote the same codes: keep its rows.
      await tx
        .insert(region)
        .values(rows.slice(i, i + CHUNK))
        .onConflictDoNothing({ target: region.code });
    }
  });
  return rows.length;
}
