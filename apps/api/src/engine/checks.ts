import { type FieldError, type KitIssue, kitMessage, type Lang } from '@organiser/domain';
import { and, arrayOverlaps, eq, inArray, isNotNull, isNull, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import type { Engine } from './engine';
import type { EngineEntity } from './entity';
import type { Actor } from './history';
import type { Row } from './records';

// The checks every write makes before it writes: the row exists, unique values are free, related records
// exist, and nothing still points at a record about to be removed.

export type WriteContext = { db: Db; engine: Engine; entity: EngineEntity; actor: Actor; lang: Lang };

// biome-ignore lint/suspicious/noExplicitAny: both drivers' transactions share the query API used here.
export type Tx = Db | any;

export const toFieldErrors = (issues: KitIssue[], lang: Lang): FieldError[] =>
  issues.map((i) => ({ path: i.path, message: i.message[lang] }));

export const fieldsError = (issues: KitIssue[], lang: Lang) => AppError.fields(toFieldErrors(issues, lang));

export const liveOnly = (entity: EngineEntity): SQL[] =>
  entity.def.softDelete ? [isNull(entity.col('deletedAt'))] : [];

/** One row by id: live, trashed, or either. */
export async function loadRow(
  db: Tx,
  entity: EngineEntity,
  id: number,
  scope: 'live' | 'trash' | 'any' = 'live',
): Promise<Row | null> {
  const conditions: SQL[] = [eq(entity.col('id'), id)];
  if (entity.def.softDelete && scope !== 'any') {
    conditions.push(scope === 'live' ? isNull(entity.col('deletedAt')) : isNotNull(entity.col('deletedAt')));
  }
  const rows = (await db
    .select()
    .from(entity.table)
    .where(and(...conditions))
    .limit(1)) as Row[];
  return rows[0] ?? null;
}

export const allFields = (entity: EngineEntity) => Object.keys(entity.def.fields);

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

/** Related records must exist (and be live); a tree parent may not be the record itself or below it. */
export async function checkReferences(
  ctx: Pick<WriteContext, 'db' | 'engine' | 'entity'>,
  values: Record<string, unknown>,
  selfId?: number,
): Promise<KitIssue[]> {
  const { db, engine, entity } = ctx;
  const issues: KitIssue[] = [];
  for (const [name, field] of Object.entries(entity.def.fields)) {
    if (field.kind !== 'relation' && field.kind !== 'relationMany' && field.kind !== 'treeRelation') continue;
    const value = values[name];
    if (value === undefined || value === null) continue;
    const ids = Array.isArray(value) ? (value as number[]) : [value as number];
    if (ids.length === 0) continue;
    const target = engine.get(field.kind === 'treeRelation' ? entity.def.name : field.to);
    if (!target) continue;
    const found = await db
      .select({ id: target.col('id') })
      .from(target.table)
      .where(and(inArray(target.col('id'), ids), ...liveOnly(target)));
    if (found.length < new Set(ids).size) {
      issues.push({ path: name, message: kitMessage('missingReference', { label: field.label }) });
      continue;
    }
    if (field.kind === 'treeRelation' && selfId !== undefined) {
      // Walk up from the new parent: meeting the record itself means a cycle.
      let parent: number | null = value as number;
      for (let depth = 0; parent !== null && depth < 100; depth++) {
        if (parent === selfId) {
          issues.push({ path: name, message: kitMessage('treeCycle', { label: field.label }) });
          break;
        }
        const row: Row | null = await loadRow(db, entity, parent, 'any');
        parent = (row?.[name] as number | null) ?? null;
      }
    }
  }
  return issues;
}

/** A record other records still point at cannot be removed for good. */
export async function assertNotReferenced(
  ctx: Pick<WriteContext, 'db' | 'engine' | 'entity'>,
  ids: number[],
): Promise<void> {
  if (ids.length === 0) return;
  for (const ref of ctx.engine.referencesTo(ctx.entity.def.name)) {
    const column = ref.entity.col(ref.field);
    const found = await ctx.db
      .select({ id: ref.entity.col('id') })
      .from(ref.entity.table)
      .where(ref.isMany ? arrayOverlaps(column, ids) : inArray(column, ids))
      .limit(1);
    if (found.length > 0) throw new AppError('conflict');
  }
}

/** Who changed a record, and when. */
export const stamp = (actor: Actor) => ({ updatedAt: new Date(), updatedBy: actor?.id ?? null });
