import {
  type DynamicFormConfig,
  type DynamicFormField,
  type DynamicFormType,
  dynamicFormIssues,
  type EntityDef,
  isApplicable,
  isEmptyValue,
  type KitIssue,
  kitMessage,
  type ListFilter,
} from '@organiser/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { invalidateShared, onSharedInvalidation } from '../access/auth-cache';
import type { Db } from '../db/client';
import { dynamicFormConfig as configTable } from '../db/schema';
import { AppError } from '../errors';
import type { EngineEntity } from './entity';

// Dynamic forms: a `dynamicForm` field holds `{ [code]: value }`, each code an enabled `dynamic_form_config`
// of the group its entity's group field names, in the field's category. The enabled configs of a group are
// cached in-process; any write of a config empties the cache here and, through the shared invalidation
// channel, on the other API nodes. Stored values are never rewritten when configs change: a value that no
// longer fits is reported when the record is read (`formIssues`) and refused when a save keeps it.

/** The table of the `dynamic_form_config` entity. */
export const dynamicFormConfig = configTable!;

export const DYNAMIC_FORM_ENTITY = 'dynamic_form_config';
const TOPIC = 'dynamic-forms';
/** A safety net: a cached group is read again after this long even without an invalidation. */
const TTL_MS = 60_000;

/** A row of the configs' table (JSON names). */
type Row = Record<string, unknown>;
type Entry = { configs: DynamicFormConfig[]; at: number };
const caches = new WeakMap<object, Map<string, Entry>>();
let clearedAt = 0;

/** Forgets every cached group, here and on the other nodes. Called after a config is written. */
export function invalidateDynamicForms(): void {
  invalidateShared(TOPIC);
}

onSharedInvalidation(TOPIC, () => {
  clearedAt = Date.now();
  // A WeakMap cannot be cleared: entries older than the invalidation are ignored and replaced.
});

const decimal = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function toConfig(row: Row): DynamicFormConfig {
  return {
    code: String(row.code),
    type: row.type as DynamicFormType,
    label: { en: String(row.enLabel ?? ''), zh: String(row.zhLabel ?? '') },
    options: Array.isArray(row.options) ? (row.options as DynamicFormConfig['options']) : [],
    required: Boolean(row.required),
    min: decimal(row.min),
    max: decimal(row.max),
    maxLength: row.maxLength === null || row.maxLength === undefined ? null : Number(row.maxLength),
    filterable: Boolean(row.filterable),
    sortNo: Number(row.sortNo ?? 0),
  };
}

/** The enabled configs of a group, in their order (empty when the group has none). Cached. */
export async function groupConfigs(
  db: Db,
  category: string,
  groupCode: string,
): Promise<DynamicFormConfig[]> {
  const key = `${category}\u0000${groupCode}`;
  const cache = caches.get(db) ?? new Map<string, Entry>();
  caches.set(db, cache);
  const startedAt = Date.now();
  const hit = cache.get(key);
  if (hit && hit.at > clearedAt && startedAt - hit.at < TTL_MS) return hit.configs;
  const rows = (await db
    .select()
    .from(dynamicFormConfig)
    .where(
      and(
        eq(dynamicFormConfig.category, category),
        eq(dynamicFormConfig.groupCode, groupCode),
        eq(dynamicFormConfig.status, 'enabled'),
      ),
    )
    .orderBy(asc(dynamicFormConfig.sortNo), asc(dynamicFormConfig.id))) as Row[];
  const configs = rows.map(toConfig);
  // A read that began before the last invalidation may carry what it cleared.
  if (startedAt > clearedAt) {
    if (cache.size >= 1_000) cache.delete(cache.keys().next().value as string);
    cache.set(key, { configs, at: startedAt });
  }
  return configs;
}

/** The enabled, filterable configs of a category, one per code (the first group's, by order). */
/** The groups of a category that have enabled inputs, by code, with how many inputs each has. */
export async function formGroups(db: Db, category: string): Promise<{ groupCode: string; inputs: number }[]> {
  const rows = (await db
    .select({ groupCode: dynamicFormConfig.groupCode, inputs: sql<number>`count(*)::int` })
    .from(dynamicFormConfig)
    .where(and(eq(dynamicFormConfig.category, category), eq(dynamicFormConfig.status, 'enabled')))
    .groupBy(dynamicFormConfig.groupCode)
    .orderBy(asc(dynamicFormConfig.groupCode))) as { groupCode: string; inputs: number }[];
  return rows.map((r) => ({ groupCode: String(r.groupCode), inputs: Number(r.inputs) }));
}

export async function filterableConfigs(db: Db, category: string): Promise<DynamicFormConfig[]> {
  const rows = (await db
    .select()
    .from(dynamicFormConfig)
    .where(
      and(
        eq(dynamicFormConfig.category, category),
        eq(dynamicFormConfig.status, 'enabled'),
        eq(dynamicFormConfig.filterable, true),
      ),
    )
    .orderBy(asc(dynamicFormConfig.sortNo), asc(dynamicFormConfig.id))) as Row[];
  const byCode = new Map<string, DynamicFormConfig>();
  for (const row of rows) if (!byCode.has(String(row.code))) byCode.set(String(row.code), toConfig(row));
  return [...byCode.values()];
}

/** The dynamic form fields of a definition, by name. */
export const dynamicFields = (def: EntityDef): [string, DynamicFormField][] =>
  Object.entries(def.fields).filter((e): e is [string, DynamicFormField] => e[1].kind === 'dynamicForm');

/** Values without their empty entries (a cleared input is no value). */
function filledValues(value: unknown): Record<string, unknown> | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => !isEmptyValue(v)));
}

async function issuesOf(
  db: Db,
  def: EntityDef,
  name: string,
  field: DynamicFormField,
  record: Record<string, unknown>,
): Promise<KitIssue[]> {
  const values = filledValues(record[name]);
  const group = record[field.groupField];
  if (isEmptyValue(group)) {
    if (!values || Object.keys(values).length === 0) return [];
    const label = def.fields[field.groupField]!.label;
    return [{ path: field.groupField, message: kitMessage('required', { label }) }];
  }
  const configs = await groupConfigs(db, field.category, String(group));
  if (configs.length === 0) {
    const label = def.fields[field.groupField]!.label;
    return [
      { path: field.groupField, message: kitMessage('dynamicUnknownGroup', { label, value: String(group) }) },
    ];
  }
  return dynamicFormIssues(name, configs, values, String(group));
}

/**
 * Field issues of the dynamic form fields a write sets (or whose group it changes), against the enabled
 * configs of the group in force after the write; `<field>.<code>` names each bad value. Empty entries are
 * dropped from `values` so the stored object holds only filled codes. Fields the write leaves alone are not
 * checked.
 */
export async function checkDynamicForms(
  db: Db,
  def: EntityDef,
  values: Record<string, unknown>,
  current: Record<string, unknown> | null,
): Promise<KitIssue[]> {
  const issues: KitIssue[] = [];
  for (const [name, field] of dynamicFields(def)) {
    if (!(name in values) && !(field.groupField in values)) continue;
    const merged = { ...(current ?? {}), ...values };
    if (!isApplicable(field, merged)) continue;
    if (name in values) {
      const filled = filledValues(values[name]);
      values[name] = filled && Object.keys(filled).length > 0 ? filled : null;
    }
    issues.push(
      ...(await issuesOf(db, def, name, field, { ...merged, [name]: values[name] ?? merged[name] })),
    );
  }
  return issues;
}

/** What a stored record's dynamic form values no longer satisfy under the current configs (a config changed
 * after they were stored), as the edit form shows them: `<field>.<code>` and the message. */
export async function storedFormIssues(
  db: Db,
  def: EntityDef,
  row: Record<string, unknown>,
): Promise<KitIssue[]> {
  const issues: KitIssue[] = [];
  for (const [name, field] of dynamicFields(def)) {
    if (!isApplicable(field, row)) continue;
    issues.push(...(await issuesOf(db, def, name, field, row)));
  }
  return issues;
}

/** The entities that own dynamic form fields, by category (whoever may write one may read its configs). */
const owners = new Map<string, Set<EntityDef>>();

/** Remembers the entities with dynamic form fields an engine serves. */
export function registerDynamicFormOwners(defs: readonly EntityDef[]): void {
  for (const def of defs)
    for (const [, field] of dynamicFields(def)) {
      const set = owners.get(field.category) ?? new Set();
      set.add(def);
      owners.set(field.category, set);
    }
}

export const dynamicFormOwners = (category: string): EntityDef[] => [...(owners.get(category) ?? [])];

/**
 * Checks the `<field>.<code>` filters of a list query against the configs: the code must be an enabled,
 * filterable config of the field's category (otherwise a 400 naming the parameter), and each value must fit
 * its type (`true` / `false` for a yes/no input, a number for a numeric one, an option for a choice). Returns
 * the filters with their values as stored.
 */
export async function resolveDynamicFilters(
  db: Db,
  entity: EngineEntity,
  filters: ListFilter[],
): Promise<ListFilter[]> {
  const out: ListFilter[] = [];
  for (const f of filters) {
    if (f.op !== 'dynamic') {
      out.push(f);
      continue;
    }
    const param = `${f.field}.${f.code}`;
    const field = entity.def.fields[f.field];
    if (field?.kind !== 'dynamicForm') throw new AppError('badParameter', { params: { name: param } });
    const config = (await filterableConfigs(db, field.category)).find((c) => c.code === f.code);
    if (!config) throw new AppError('badParameter', { params: { name: param } });
    const values = f.values.map((raw) => typedFilterValue(config, String(raw)));
    if (values.some((v) => v === undefined)) throw new AppError('badParameter', { params: { name: param } });
    out.push({ ...f, values: values as (string | number | boolean)[], type: config.type });
  }
  return out;
}

function typedFilterValue(config: DynamicFormConfig, raw: string): string | number | boolean | undefined {
  switch (config.type) {
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : undefined;
    case 'number':
    case 'integer':
      return /^-?\d{1,15}(\.\d{1,6})?$/.test(raw) ? Number(raw) : undefined;
    case 'select':
    case 'multiSelect':
      return config.options.some((o) => o.value === raw) ? raw : undefined;
    default:
      return raw;
  }
}

/** The condition of a resolved `<field>.<code>` filter: jsonb containment (`@>`, backed by the column's GIN
 * index), one of the values; a multiple choice holds the value among its own. */
export function dynamicFilterCondition(entity: EngineEntity, f: Extract<ListFilter, { op: 'dynamic' }>): SQL {
  const column = entity.col(f.field);
  const parts = f.values.map((v) => {
    const probe = JSON.stringify({ [f.code]: f.type === 'multiSelect' ? [v] : v });
    return sql`${column} @> ${probe}::jsonb`;
  });
  return sql`(${sql.join(parts, sql` or `)})`;
}
