import { type EntityDef, isEmptyValue, type KitIssue, kitMessage } from '@organiser/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dictGroup as groupTable, dictItem as itemTable } from '../../db/schema';

// `dict` fields hold the value of a dictionary item (the system's editable dictionaries): a value is accepted
// only while its item is enabled and its dictionary (the group whose code the field names) is enabled too.

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

/**
 * Field issues for the `dict` fields of `values` whose non-empty value is not the value of an enabled item
 * of the enabled dictionary the field names. Fields absent from `values` (left unchanged by an update), and
 * values equal to the `stored` ones, are not checked. One query per dictionary named.
 */
export async function checkDictionaries(
  db: Db,
  def: EntityDef,
  values: Record<string, unknown>,
  stored: Record<string, unknown> | null = null,
): Promise<KitIssue[]> {
  const wanted = new Map<string, { name: string; value: string }[]>();
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.kind !== 'dict') continue;
    const value = values[name];
    // a value kept from before its item was disabled stays; only a new choice must be enabled
    if (isEmptyValue(value) || (stored && String(stored[name] ?? '') === String(value))) continue;
    const list = wanted.get(field.dict) ?? [];
    list.push({ name, value: String(value) });
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
