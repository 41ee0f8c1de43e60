import { isBuiltInRecord, isRemovableRecord, recordLabel } from '@organiser/domain';
import { AppError } from '../../errors';
import type { EngineEntity } from '../entity';
import type { Row, WriteContext } from '../write-context';

// Built-in records (the definition's `builtIn` rule): the system relies on them, so a write changes only their
// editable fields and removes them only once the rule's `removableWhen` holds. Every write path asks here before
// its statement takes effect.

/** Whether the stored row is one of the entity's built-in records. */
export const isBuiltInRow = (entity: EngineEntity, row: Row): boolean => isBuiltInRecord(entity.def, row);

/** Whether a write may change these fields of the row (any row that is not built in). */
export const mayChange = (entity: EngineEntity, row: Row, fields: readonly string[]): boolean =>
  !isBuiltInRow(entity, row) || fields.every((f) => entity.def.builtIn!.editable.includes(f));

/** 409 naming the record and the fields when a write would change fields of a built-in record that are not
 * editable. `fields` are the fields the write changes. */
export function assertBuiltInChange(
  ctx: Pick<WriteContext, 'entity' | 'lang'>,
  row: Row,
  fields: readonly string[],
): void {
  const { entity, lang } = ctx;
  if (mayChange(entity, row, fields)) return;
  const refused = fields.filter((f) => !entity.def.builtIn!.editable.includes(f));
  const labels = refused.map((f) => entity.def.fields[f]?.label[lang] ?? f);
  throw new AppError('builtInRecord', {
    params: { label: recordLabel(entity.def, row, lang), fields: labels.join(lang === 'zh' ? '、' : ', ') },
  });
}

/** 409 naming the first built-in record among rows a delete or purge would remove, unless the rule's
 * `removableWhen` holds for it. */
export function assertNoneBuiltIn(ctx: Pick<WriteContext, 'entity' | 'lang'>, rows: readonly Row[]): void {
  const found = rows.find((row) => !isRemovableRecord(ctx.entity.def, row));
  if (found)
    throw new AppError('builtInRecordDelete', {
      params: { label: recordLabel(ctx.entity.def, found, ctx.lang) },
    });
}
