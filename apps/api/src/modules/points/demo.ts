import { userVipPackage } from '@organiser/domain';
import { sql } from 'drizzle-orm';
import { insertDemoRows } from '../../engine';
import type { SeedContext } from '../../seed';
import { recomputeAllLevels } from './levels';

// Demo membership levels in both languages, one range after the other from 0 points. They are written before the
// demo behaviour (the behaviour module's demo seed runs after this one), whose events earn the demo buyers their
// first ledger rows through the ingestion, so the buyers' levels follow as they do for the marketplace's events.

export const DEMO_LEVELS = [
  {
    enName: 'Member',
    zhName: '普通会员',
    shortName: 'MEMBER',
    minPoint: 0,
    maxPoint: 199,
    info: 'Every registered buyer',
    publishPurchase: true,
  },
  {
    enName: 'Silver',
    zhName: '白银会员',
    shortName: 'SILVER',
    minPoint: 200,
    maxPoint: 999,
    info: 'Active buyers',
    publishPurchase: true,
    exchangeContact: true,
    luckyDraw: true,
  },
  {
    enName: 'Gold',
    zhName: '黄金会员',
    shortName: 'GOLD',
    minPoint: 1000,
    maxPoint: 4999,
    info: 'Frequent buyers',
    publishPurchase: true,
    exchangeContact: true,
    download: true,
    luckyDraw: true,
    specialTag: true,
  },
  {
    enName: 'Platinum',
    zhName: '铂金会员',
    shortName: 'PLATINA',
    minPoint: 5000,
    maxPoint: 100_000_000,
    info: 'Key buyers with a dedicated contact',
    publishPurchase: true,
    exchangeContact: true,
    download: true,
    exclusiveCustomer: true,
    luckyDraw: true,
    oneToOne: true,
    specialTag: true,
    videoTour: true,
  },
];

export async function seedPointsDemo(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const existing = (await db.execute(sql`select count(*)::int as n from user_vip_package`)) as unknown as {
    rows: { n: number }[];
  };
  if (Number(existing.rows[0]?.n ?? 0) > 0) return;
  await insertDemoRows(
    db,
    userVipPackage,
    DEMO_LEVELS.map((l, i) => ({ sortNo: i + 1, ...l })),
  );
  await recomputeAllLevels(db);
}
