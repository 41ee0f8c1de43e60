import { MARKETPLACE_USER_TYPES } from '@organiser/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../errors';
import type { OpenRoute } from '../../open/types';

// `GET /api/open/v1/users/{userId}/level` (scope users:read): what the marketplace needs to serve a buyer by their
// membership level: their points, the level those points fall in now (its name in both languages, short name and
// range) and the level's online benefits (publish purchase information, contact exchange, download, exclusive
// customer service). The level is read from the points (the live ranges neither overlap nor leave a gap, so at most
// one holds them), so a user added after the levels has one before their points first move. The offline benefits (lucky draw, one-to-one, special tag, video tour) are information for
// staff and are not served. A user without a level gets every benefit false.

const id = z.coerce.number().int().positive().max(2147483647);

const benefits = z.object({
  publishPurchase: z.boolean().describe('May publish purchase information'),
  exchangeContact: z.boolean().describe('May exchange contact details'),
  download: z.boolean().describe('May download'),
  exclusiveCustomer: z.boolean().describe('Has exclusive customer service'),
});

const answer = z.object({
  userId: z.number().int(),
  points: z.number().int().describe('The points the ledger adds up to'),
  level: z
    .object({
      id: z.number().int(),
      name: z.object({ en: z.string(), zh: z.string() }),
      shortName: z.string(),
      minPoint: z.number().int(),
      maxPoint: z.number().int(),
    })
    .nullable()
    .describe('The level whose range holds the points; null when none does'),
  benefits: benefits.describe('The online benefits of the level (all false without a level)'),
});

type Row = {
  id: number;
  points: number | null;
  level_id: number | null;
  en_name: string | null;
  zh_name: string | null;
  short_name: string | null;
  min_point: number | null;
  max_point: number | null;
  publish_purchase: boolean | null;
  exchange_contact: boolean | null;
  download: boolean | null;
  exclusive_customer: boolean | null;
};

export const userLevelRoute: OpenRoute = {
  method: 'GET',
  url: '/users/:userId/level',
  operationId: 'openUserLevel',
  summary: 'A buyer’s points, membership level and online benefits',
  description:
    'The points of a marketplace user (buyer or trader), the membership level their points fall in now (names in English and Chinese) and that level’s online benefits; the offline benefits are not served. A user that is not a live marketplace user is not found.',
  scope: 'users:read',
  params: z.object({ userId: id.describe('The marketplace user') }),
  response: answer,
  examples: {
    response: {
      userId: 1042,
      points: 260,
      level: { id: 2, name: { en: 'Silver', zh: '白银' }, shortName: 'SILVER', minPoint: 100, maxPoint: 499 },
      benefits: { publishPurchase: true, exchangeContact: true, download: true, exclusiveCustomer: false },
    },
  },
  handler: async ({ params }, ctx) => {
    const { userId } = params as { userId: number };
    const types = sql.join(
      MARKETPLACE_USER_TYPES.map((v) => sql`${v}`),
      sql`, `,
    );
    const result = await ctx.db.execute(sql`
      select u.id, p.points, v.id as level_id, v.en_name, v.zh_name, v.short_name, v.min_point, v.max_point,
        v.publish_purchase, v.exchange_contact, v.download, v.exclusive_customer
      from user_manager u
      cross join lateral (select coalesce(u.points, 0)
        + coalesce((select d.points from user_points_delta d where d.user_id = u.id), 0) as points) p
      left join user_vip_package v
        on v.deleted_at is null and p.points between v.min_point and v.max_point
      where u.id = ${userId} and u.deleted_at is null and u.type in (${types})`);
    const row = rowsOf<Row>(result)[0];
    if (!row)
      throw new AppError('openNotFound', {
        params: { entityEn: 'marketplace user', entityZh: '买家', id: userId },
      });
    const level = row.level_id == null ? null : row;
    return {
      userId: Number(row.id),
      points: Number(row.points ?? 0),
      level: level && {
        id: Number(level.level_id),
        name: { en: level.en_name ?? '', zh: level.zh_name ?? '' },
        shortName: level.short_name ?? '',
        minPoint: Number(level.min_point ?? 0),
        maxPoint: Number(level.max_point ?? 0),
      },
      benefits: {
        publishPurchase: level?.publish_purchase === true,
        exchangeContact: level?.exchange_contact === true,
        download: level?.download === true,
        exclusiveCustomer: level?.exclusive_customer === true,
      },
    };
  },
};
