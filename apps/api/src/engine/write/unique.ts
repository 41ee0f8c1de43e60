import type { Lang } from '@organiser/domain';
import { and, eq, ne } from 'drizzle-orm';
import { AppError } from '../../errors';
import type { EngineEntity } from '../entity';
import { liveOnly } from '../read/row-scope';
import type { Tx, WriteContext } from '../write-context';

// Unique fields: checked before a write with a refusal naming the field, and a unique violation that raced
// past the check reported the same way.

function duplicateOf(entity: EngineEntity, field: string, lang: Lang): AppError {
  const label = entity.def.fields[field]?.label[lang] ?? field;
  return new AppError('duplicate', { params: { field: label } });
}

/** 409 `duplicate` naming the field when another live record holds one of the unique values. */
export async function assertUnique(
  db: Tx,
  entity: EngineEntity,
  values: Record<string, unknown>,
  lang: Lang,
  exceptId?: number,
): Promise<void> {
  for (const [name, field] of Object.entries(entity.def.fields)) {
    if (!field.unique || values[name] === undefined || values[name] === null) continue;
    const conditions = [eq(entity.col(name), values[name]), ...liveOnly(entity)];
    if (exceptId !== undefined) conditions.push(ne(entity.col('id'), exceptId));
    const found = await db
      .select({ id: entity.col('id') })
      .from(entity.table)
      .where(and(...conditions))
      .limit(1);
    if (found.length > 0) throw duplicateOf(entity, name, lang);
  }
}

/** A unique violation raced past the check: name the field from the index (`<table>_<column>_unique`). */
export function fromUniqueViolation(error: unknown, entity: EngineEntity, lang: Lang): AppError | null {
  let current: unknown = error;
  for (let i = 0; i < 3 && current; i++) {
    const e = current as { code?: string; constraint?: string; cause?: unknown };
    if (e.code === '23505') {
      for (const [name, field] of Object.entries(entity.def.fields)) {
        const column = entity.col(name).name;
        if (field.unique && e.constraint === `${entity.def.table}_${column}_unique`)
          return duplicateOf(entity, name, lang);
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
