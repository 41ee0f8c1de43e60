import { isEmptyValue, type KitIssue, kitMessage } from '@organiser/domain';
import { and, eq, ne } from 'drizzle-orm';
import { dictItem, type EntityHooks, type Row, type WriteContext } from '../../engine';

/** A dictionary item's value is unique within its dictionary: a second item with the same value in the same
 * dictionary is refused as a field issue on `value` (the unique index on (group_id, value) backs it up). */
export async function checkItemValueUnique(
  ctx: WriteContext,
  values: Record<string, unknown>,
  current: Row | null,
): Promise<KitIssue[]> {
  const groupId = values.groupId ?? current?.groupId;
  const value = values.value ?? current?.value;
  if (isEmptyValue(groupId) || isEmptyValue(value)) return [];
  const conditions = [eq(dictItem.groupId, Number(groupId)), eq(dictItem.value, String(value))];
  if (current) conditions.push(ne(dictItem.id, Number(current.id)));
  const [taken] = await ctx.db
    .select({ id: dictItem.id })
    .from(dictItem)
    .where(and(...conditions))
    .limit(1);
  if (!taken) return [];
  const label = ctx.entity.def.fields.value!.label;
  return [{ path: 'value', message: kitMessage('dictDuplicate', { label, value: String(value) }) }];
}

/** The write hooks of `dict_item`. */
export const dictItemHooks: EntityHooks = { beforeWrite: checkItemValueUnique };
