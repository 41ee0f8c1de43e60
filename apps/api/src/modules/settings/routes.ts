import {
  checkSettingValue,
  DEFAULT_PAGE_SIZE,
  type FieldError,
  MAX_PAGE_SIZE,
  SETTINGS,
  SETTINGS_BY_KEY,
  type SettingValue,
  settingMax,
  validationMessage,
} from '@organiser/domain';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appSetting, appSettingHistory } from '../../db/schema';
import { AppError } from '../../errors';
import { ok, okSchema } from '../../plugins/envelope';
import { announceSettingsChange, storedSettings } from './store';

// /configManage/config_manage: the run-time settings, their changes and the history of every change.

export const CONFIG_MENU = '/configManage/config_manage';

const settingValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.object({ en: z.string(), zh: z.string() }),
  z.null(),
]);

const valuesSchema = z.object({
  /** The stored values (settings at their default are null). */
  values: z.record(z.string(), settingValue),
  /** The value in force of each setting. */
  effective: z.record(z.string(), settingValue),
  /** The highest value integer settings accept in this deployment. */
  max: z.record(z.string(), z.number().int()),
});

const historySchema = z.object({
  id: z.number().int(),
  key: z.string(),
  oldValue: settingValue,
  newValue: settingValue,
  changedBy: z.number().int().nullable(),
  changedByAccount: z.string(),
  changedAt: z.string(),
});

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const uploads = app.config.deployment.uploads;

  const current = async () => {
    const stored = await storedSettings(db);
    const values: Record<string, SettingValue> = {};
    const effective: Record<string, SettingValue> = {};
    const max: Record<string, number> = {};
    for (const def of SETTINGS) {
      values[def.key] = stored.get(def.key) ?? null;
      effective[def.key] = stored.get(def.key) ?? def.default;
      const bound = settingMax(def, uploads);
      if (def.kind === 'integer' && bound !== undefined) max[def.key] = bound;
    }
    return { values, effective, max };
  };

  app.get(
    '/setting/list',
    {
      config: { access: { kind: 'menu', url: CONFIG_MENU } },
      schema: {
        tags: ['settings'],
        operationId: 'setting_list',
        summary: 'The run-time settings: stored values, values in force and the bounds of this deployment',
        response: { 200: okSchema(valuesSchema) },
      },
    },
    async () => ok(await current()),
  );

  app.put(
    '/setting',
    {
      config: {
        access: { kind: 'resource', menu: CONFIG_MENU, name: { en: 'Change settings', zh: '修改配置' } },
      },
      schema: {
        tags: ['settings'],
        operationId: 'setting_update',
        summary: 'Change some settings (an empty value: back to the default); every change is recorded',
        body: z.strictObject({
          values: z.record(z.string(), z.unknown()).describe('New values by setting key'),
        }),
        response: { 200: okSchema(valuesSchema) },
      },
    },
    async (request) => {
      const { lang } = request;
      const errors: FieldError[] = [];
      const next = new Map<string, SettingValue>();
      for (const [key, raw] of Object.entries(request.body.values)) {
        const def = SETTINGS_BY_KEY.get(key);
        if (!def) {
          errors.push({ path: key, message: validationMessage('unknownField', lang) });
          continue;
        }
        const checked = checkSettingValue(def, raw, lang, uploads);
        if (checked.ok) next.set(key, checked.value);
        else errors.push({ path: key, message: checked.message });
      }
      if (errors.length) throw AppError.fields(errors);
      const user = request.auth!.user;
      let changed = 0;
      await db.transaction(async (tx) => {
        for (const [key, value] of next) {
          const [before] = await tx
            .select({ value: appSetting.value })
            .from(appSetting)
            .where(eq(appSetting.key, key))
            .for('update');
          const old = (before?.value ?? null) as SettingValue;
          if (same(old, value)) continue;
          changed++;
          if (value === null) await tx.delete(appSetting).where(eq(appSetting.key, key));
          else if (before)
            await tx
              .update(appSetting)
              .set({ value, updatedAt: new Date(), updatedBy: user.id })
              .where(eq(appSetting.key, key));
          else await tx.insert(appSetting).values({ key, value, updatedBy: user.id });
          await tx.insert(appSettingHistory).values({
            key,
            oldValue: old,
            newValue: value,
            changedBy: user.id,
            changedByAccount: user.account,
          });
        }
      });
      if (changed) announceSettingsChange();
      return ok(await current());
    },
  );

  app.get(
    '/setting/history',
    {
      config: { access: { kind: 'menu', url: CONFIG_MENU } },
      schema: {
        tags: ['settings'],
        operationId: 'setting_history',
        summary: 'Every change of the settings, newest first: who, when, old and new value',
        querystring: z.strictObject({
          page: z.coerce.number().int().min(1).default(1),
          size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
          key: z.string().max(100).optional(),
        }),
        response: {
          200: okSchema(
            z.object({
              list: z.array(historySchema),
              total: z.number().int(),
              page: z.number().int(),
              size: z.number().int(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { page, size, key } = request.query;
      const where = key ? eq(appSettingHistory.key, key) : undefined;
      const rows = await db
        .select()
        .from(appSettingHistory)
        .where(where)
        .orderBy(desc(appSettingHistory.changedAt), desc(appSettingHistory.id))
        .limit(size)
        .offset((page - 1) * size);
      const [total] = await db.select({ n: count() }).from(appSettingHistory).where(where);
      return ok({
        list: rows.map((r) => ({
          ...r,
          oldValue: (r.oldValue ?? null) as SettingValue,
          newValue: (r.newValue ?? null) as SettingValue,
          changedAt: r.changedAt.toISOString(),
        })),
        total: Number(total?.n ?? 0),
        page,
        size,
      });
    },
  );
};
