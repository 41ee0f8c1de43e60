import { type EntityDef, type FieldDef, isEmptyValue, type KitIssue, kitMessage } from '@organiser/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dictGroup as groupTable, dictItem as itemTable } from '../../db/schema';

// `dict` fields hold the value of a dictionary item (the system's editable dictionaries), `dictMany` fields a
// list of them: a value is accepted only while its item is enabled and its dictionary (the group whose code the
// field names) is enabled too.

/** The tables of the `dict_group` and `dict_item` entities. */
export const dictGroup = groupTable!;
export const dictItem = itemTable!;

/** An enabled item of an enabled dictionary, as the console offers it. */
export type DictOption = { value: string; label: { en: string; zh: string } };

/** The enabled items of the enabled dictionary `code`, in their order (empty when the dictionary is
 * unknown or disabled). */
export async function enabledDictItems(db: Db, code: string): Promise<DictOption[]> {
  const rows = await db
    .select({ value: dictItem.value, en: dictItem.enLabel, zh: dictItem.zhLabel })
    .from(dictItem)
    .innerJoin(dictGroup, eq(dictGroup.id, dictItem.groupId))
    .where(and(eq(dictGroup.code, code), eq(dictGroup.status, 'enabled'), eq(dictItem.status, 'enabled')))
    .orderBy(asc(dictItem.sort), asc(dictItem.id));
  return rows.map((r) => ({ value: String(r.value), label: { en: r.en ?? '', zh: r.zh ?? '' } }));
}

/** The values of a `dict` or `dictMany` field that a write must check: none for a field absent or empty, and
 * none the record already holds (a value kept from before its item was disabled stays; only a new choice must
 * be enabled). */
function newDictValues(field: FieldDef, value: unknown, stored: unknown): string[] {
  if (isEmptyValue(value)) return [];
  if (field.kind === 'dict') return stored != null && String(stored) === String(value) ? [] : [String(value)];
  const kept = new Set(Array.isArray(stored) ? stored.map(String) : []);
  return (Array.isArray(value) ? value : [value]).map(String).filter((v) => !kept.has(v));
}

/**
 * Field issues for the `dict` and `dictMany` fields of `values` naming a value that is not the value of an
 * enabled item of the enabled dictionary the field names, one issue per such value. Fields absent from
 * `values` (left unchanged by an update), and values the `stored` record already holds, are not checked. One
 * query per dictionary named.
 */
export async function checkDictionaries(
  db: Db,
  def: EntityDef,
  values: Record<string, unknown>,
  stored: Record<string, unknown> | null = null,
): Promise<KitIssue[]> {
  const wanted = new Map<string, { name: string; value: string }[]>();
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.kind !== 'dict' && field.kind !== 'dictMany') continue;
    const fresh = newDictValues(field, values[name], stored?.[name]);
    if (fresh.length === 0) continue;
    const list = wanted.get(field.dict) ?? [];
    for (const value of fresh) list.push({ name, value });
    wanted.set(field.dict, list);
  }
  const issues: KitIssue[] = [];
  for (const [code, fields] of wanted) {
    const rows = await db
      .select({ value: dictItem.value })
      .from(dictItem)
      .innerJoin(dictGroup, eq(dictGroup.id, dictItem.groupId))
      .where(
        and(
          eq(dictGroup.code, code),
          eq(dictGroup.status, 'enabled'),
          eq(dictItem.status, 'enabled'),
          inArray(
            dictItem.value,
            fields.map((f) => f.value),
          ),
        ),
      );
    const found = new Set(rows.map((r) => r.value));
    for (const f of fields) {
      if (found.has(f.value)) continue;
      issues.push({
        path: f.name,
        message: kitMessage('dictValue', { label: def.fields[f.name]!.label, value: f.value }),
      });
    }
  }
  return issues;
}

/** Every item of the dictionaries `codes`, disabled ones too (a stored value keeps its label), as
 * dictionary code → item value → label. */
async function itemLabels(db: Db, codes: string[]): Promise<Map<string, Map<string, DictOption['label']>>> {
  const out = new Map<string, Map<string, DictOption['label']>>();
  if (codes.length === 0) return out;
  const rows = await db
    .select({ code: dictGroup.code, value: dictItem.value, en: dictItem.enLabel, zh: dictItem.zhLabel })
    .from(dictItem)
    .innerJoin(dictGroup, eq(dictGroup.id, dictItem.groupId))
    .where(inArray(dictGroup.code, [...new Set(codes)]));
  for (const r of rows) {
    const items = out.get(String(r.code)) ?? new Map<string, DictOption['label']>();
    items.set(String(r.value), { en: r.en ?? '', zh: r.zh ?? '' });
    out.set(String(r.code), items);
  }
  return out;
}

const dictManyFields = (def: EntityDef) =>
  Object.entries(def.fields).filter(
    (entry): entry is [string, FieldDef & { kind: 'dictMany'; dict: string }] => entry[1].kind === 'dictMany',
  );

/** Records with `<field>Labels` beside each `dictMany` field: its values' labels in `lang` (a value without an
 * item as itself), as an export writes them. */
export async function withDictLabels<T extends Record<string, unknown>>(
  db: Db,
  def: EntityDef,
  records: T[],
  lang: 'en' | 'zh',
): Promise<T[]> {
  const fields = dictManyFields(def);
  if (fields.length === 0 || records.length === 0) return records;
  const labels = await itemLabels(
    db,
    fields.map(([, f]) => f.dict),
  );
  return records.map((record) => {
    const out: Record<string, unknown> = { ...record };
    for (const [name, field] of fields) {
      const values = record[name];
      if (!Array.isArray(values)) continue;
      const items = labels.get(field.dict);
      out[`${name}Labels`] = values.map((v) => items?.get(String(v))?.[lang] || String(v));
    }
    return out as T;
  });
}

const folded = (text: string) => text.trim().toLowerCase();

/** An import's `dictMany` values given as labels in either language, or as values written in other case, become
 * their items' values, in place (case and surrounding spaces aside). A value that is an item's value stays; text
 * naming no item, or more than one, stays as it is, so the dictionary check names it. */
export async function resolveDictLabels(
  db: Db,
  def: EntityDef,
  rows: Record<string, unknown>[],
): Promise<void> {
  const fields = dictManyFields(def).filter(([name]) => rows.some((r) => Array.isArray(r[name])));
  if (fields.length === 0) return;
  const labels = await itemLabels(
    db,
    fields.map(([, f]) => f.dict),
  );
  for (const [name, field] of fields) {
    const items = labels.get(field.dict) ?? new Map<string, DictOption['label']>();
    const byText = new Map<string, Set<string>>();
    for (const [value, label] of items)
      for (const text of [value, label.en, label.zh].map(folded)) {
        if (text) byText.set(text, (byText.get(text) ?? new Set<string>()).add(value));
      }
    const resolve = (v: unknown) => {
      if (typeof v !== 'string' || items.has(v)) return v;
      const found = [...(byText.get(folded(v)) ?? [])];
      return found.length === 1 ? found[0] : v;
    };
    for (const row of rows) if (Array.isArray(row[name])) row[name] = (row[name] as unknown[]).map(resolve);
  }
}
