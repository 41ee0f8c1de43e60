import type { Lang } from '@organiser/domain';
import { and, eq, ne } from 'drizzle-orm';
import { uniqueIndexName } from '../../db/entity-tables';
import { AppError } from '../../errors';
import type { EngineEntity } from '../entity';
import { liveOnly } from '../read/row-scope';
import type { Tx, WriteContext } from '../write-context';

// Unique fields: checked before a write with a refusal naming the field, and a unique violation that raced
// past the check reported the same way.

function duplicateOf(entity: EngineEntity, fields: string | readonly string[], lang: Lang): AppError {
  const names = typeof fields === 'string' ? [fields] : fields;
  const label = names
    .map((name) => entity.def.fields[name]?.label[lang] ?? name)
    .join(lang === 'zh' ? '、' : ', ');
  return new AppError('duplicate', { params: { field: label } });
}

/** 409 `duplicate` naming the fields of the first set whose values (all given) another live record holds. */
async function assertFree(
  db: Tx,
  entity: EngineEntity,
  sets: readonly (readonly string[])[],
  values: Record<string, unknown>,
  options: { lang: Lang; exceptId?: number },
): Promise<void> {
  for (const set of sets) {
    if (set.some((name) => values[name] === undefined || values[name] === null)) continue;
    const conditions = [...set.map((name) => eq(entity.col(name), values[name])), ...liveOnly(entity)];
    if (options.exceptId !== undefined) conditions.push(ne(entity.col('id'), options.exceptId));
    const found = await db
      .select({ id: entity.col('id') })
      .from(entity.table)
      .where(and(...conditions))
      .limit(1);
    if (found.length > 0) throw duplicateOf(entity, set, options.lang);
  }
}

/** 409 `duplicate` naming the fields when another live record holds the same values: each unique field among
 * the values a write sets (`changes`), and each set of fields unique together over the record as it would be
 * stored (`record`: an update's changes over its stored values). */
export async function assertUnique(
  db: Tx,
  entity: EngineEntity,
  values: { changes: Record<string, unknown>; record: Record<string, unknown> },
  lang: Lang,
  exceptId?: number,
): Promise<void> {
  const singles = Object.entries(entity.def.fields).flatMap(([name, field]) =>
    field.unique ? [[name]] : [],
  );
  await assertFree(db, entity, singles, values.changes, { lang, exceptId });
  await assertFree(db, entity, entity.def.uniqueTogether, values.record, { lang, exceptId });
}

/** A unique violation raced past the check: name the field from the index (`<table>_<column>_unique`, or the name it kept). */
export function fromUniqueViolation(error: unknown, entity: EngineEntity, lang: Lang): AppError | null {
  let current: unknown = error;
  for (let i = 0; i < 3 && current; i++) {
    const e = current as { code?: string; constraint?: string; cause?: unknown };
    if (e.code === '23505') {
      for (const [name, field] of Object.entries(entity.def.fields)) {
        const column = entity.col(name).name;
        if (field.unique && e.constraint === uniqueIndexName(entity.def, [column]))
          return duplicateOf(entity, name, lang);
      }
      for (const set of entity.def.uniqueTogether) {
        const columns = set.map((name) => entity.col(name).name);
        if (e.constraint === uniqueIndexName(entity.def, columns)) return duplicateOf(entity, set, lang);
      }
      return new AppError('conflict');
    }
    current = e.cause;
  }
  return null;
}

export async function guarded<T>(ctx: WriteContext, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw fromUniqueViolation(error, ctx.entity, ctx.lang) ?? error;
  }
}
