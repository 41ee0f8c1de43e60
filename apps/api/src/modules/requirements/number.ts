import type { KitIssue } from '@organiser/domain';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { Row, WriteContext } from '../../engine';

// The requirement number: `BR` + the UTC day it was created + a running number from a database sequence
// (`BR20261126-000123`), so it is unique across nodes and readable on the phone. Given on create only;
// the field is computed, so no caller can set or change it.

export const requirementNumber = (day: Date, seq: number): string =>
  `BR${day.toISOString().slice(0, 10).replaceAll('-', '')}-${String(seq).padStart(6, '0')}`;

export async function numberRequirement(
  ctx: WriteContext,
  values: Record<string, unknown>,
  current: Row | null,
): Promise<KitIssue[]> {
  if (current) return [];
  const result = await ctx.db.execute(sql`select nextval('buy_requirement_no_seq')::int as n`);
  const [row] = rowsOf<{ n: number }>(result);
  values.requirementNo = requirementNumber(new Date(), Number(row!.n));
  return [];
}
