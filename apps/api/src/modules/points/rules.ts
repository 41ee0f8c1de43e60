import { POINT_ACTIONS, type PointAction } from '@organiser/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type CommandHandler, type CommandSchemas, updateRecord } from '../../engine';
import { AppError } from '../../errors';
import type { ReferenceSeed } from '../../seed';

// The seven point rules are reference data, one per action a buyer earns or loses points by, added when missing
// on every start; the console edits them one by one or all at once: `POST /api/user_point_rule/save_all` writes each changed rule through
// the engine (a new version and its history entry each) inside the command's one transaction; any refused rule
// refuses them all, each error named by its row (`rules.3.points`).

/** Arbitrary constant naming the rules seed's advisory lock (several nodes may start at once). */
const RULES_SEED_LOCK = 7_310_402_281;

/** What every deployment starts with: points and times a day per action. */
export const DEFAULT_RULES: Record<PointAction, { points: number; maxTimesPerDay: number }> = {
  post_lead: { points: 20, maxTimesPerDay: 3 },
  exchange_contacts: { points: 5, maxTimesPerDay: 10 },
  download: { points: 2, maxTimesPerDay: 10 },
  no_login: { points: -5, maxTimesPerDay: 1 },
  view_company: { points: 1, maxTimesPerDay: 20 },
  view_product: { points: 1, maxTimesPerDay: 30 },
  request_price: { points: 3, maxTimesPerDay: 10 },
};

export const pointRulesSeed: ReferenceSeed = {
  name: 'point-rules',
  run: async ({ db }) => {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${RULES_SEED_LOCK})`);
      for (const action of POINT_ACTIONS) {
        const rule = DEFAULT_RULES[action];
        await tx.execute(sql`insert into user_point_rule (action, points, max_times_per_day)
          select ${action}, ${rule.points}, ${rule.maxTimesPerDay}
          where not exists (select 1 from user_point_rule where action = ${action})`);
      }
    });
  },
};

const ruleChange = z
  .object({
    id: z.number().int().positive(),
    version: z.number().int().positive(),
    points: z.unknown(),
    maxTimesPerDay: z.unknown(),
    remark: z.unknown().optional(),
  })
  .strict();

export const saveAllSchemas: CommandSchemas = {
  body: z.object({ rules: z.array(ruleChange).min(1).max(POINT_ACTIONS.length) }).strict(),
  result: z.object({ saved: z.number().int().describe('Rules that changed (each a new version)') }),
};

/** `saveAll`: every rule sent, in one transaction; all or nothing. */
export const saveAllRules: CommandHandler = async (tx, ctx, { input }) => {
  const { rules } = input as { rules: z.infer<typeof ruleChange>[] };
  const entity = ctx.engine.get('user_point_rule')!;
  const errors: { path: string; message: string }[] = [];
  let saved = 0;
  const seen = new Set<number>();
  for (const [index, { id, ...body }] of rules.entries()) {
    if (seen.has(id)) {
      errors.push({ path: `rules.${index}.id`, message: ctx.lang === 'zh' ? '规则重复' : 'Rule sent twice' });
      continue;
    }
    seen.add(id);
    try {
      const before = body.version;
      const after = await updateRecord({ ...ctx, db: tx, entity }, id, body);
      if (after.version !== before) saved++;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const fields = (error.content as { errors?: { path: string; message: string }[] } | null)?.errors;
      if (fields)
        for (const f of fields) errors.push({ path: `rules.${index}.${f.path}`, message: f.message });
      else errors.push({ path: `rules.${index}`, message: error.messageIn(ctx.lang) });
    }
  }
  if (errors.length > 0) throw AppError.fields(errors);
  return { result: { saved } };
};
