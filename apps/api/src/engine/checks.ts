import {
  entityLabel,
  type FieldDef,
  type FieldError,
  isSecretField,
  type KitIssue,
  kitMessage,
  type Lang,
  normaliseBody,
  sameValue,
} from '@organiser/domain';
import { and, arrayOverlaps, eq, inArray, isNotNull, isNull, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { upload } from '../db/schema/uploads';
import { AppError } from '../errors';
import type { Engine } from './engine';
import type { EngineEntity } from './entity';
import type { Actor } from './history';
import type { Row } from './records';

// The checks every write makes before it writes: the row exists, unique values are free, related records
// exist, and nothing still points at a record about to be removed.

/** The company a caller is confined to (a supplier account): it reads and writes only rows of the entities
 * with a `scope` whose scope field is this id. Organiser staff have none. */
export type RowScope = { companyId: number };

export type WriteContext = {
  db: Db;
  engine: Engine;
  entity: EngineEntity;
  actor: Actor;
  lang: Lang;
  rowScope: RowScope | null;
  /** argon2id with the server's settings, for `password` fields. */
  hashPassword: (plain: string) => Promise<string>;
};

// biome-ignore lint/suspicious/noExplicitAny: both drivers' transactions share the query API used here.
export type Tx = Db | any;

export const toFieldErrors = (issues: KitIssue[], lang: Lang): FieldError[] =>
  issues.map((i) => ({ path: i.path, message: i.message[lang] }));

export const fieldsError = (issues: KitIssue[], lang: Lang) => AppError.fields(toFieldErrors(issues, lang));

export const liveOnly = (entity: EngineEntity): SQL[] =>
  entity.def.softDelete ? [isNull(entity.col('deletedAt'))] : [];

/** The row-scope condition of an entity for a scoped caller: rows of other companies do not exist for it. */
export const scopeConditions = (entity: EngineEntity, rowScope: RowScope | null | undefined): SQL[] =>
  rowScope && entity.def.scope ? [eq(entity.col(entity.def.scope.field), rowScope.companyId)] : [];

/** The history of a view's records is its base's: an audit decision shows in the company's history. */
export const historyName = (entity: EngineEntity): string => entity.def.source ?? entity.def.name;

/** One row by id: live, trashed, or either; only within the caller's row scope. */
export async function loadRow(
  db: Tx,
  entity: EngineEntity,
  id: number,
  scope: 'live' | 'trash' | 'any' = 'live',
  rowScope?: RowScope | null,
): Promise<Row | null> {
  const conditions: SQL[] = [eq(entity.col('id'), id), ...scopeConditions(entity, rowScope)];
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

/** Fields a write records in history: all but passwords and virtual fields. */
export const allFields = (entity: EngineEntity) =>
  Object.keys(entity.def.fields).filter((name) => !isSecretField(entity.def.fields[name]!));

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

/** Related records must exist (and be live, and within the caller's row scope); a tree parent may not be the
 * record itself or below it. */
export async function checkReferences(
  ctx: Pick<WriteContext, 'db' | 'engine' | 'entity'> & { rowScope?: RowScope | null },
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
      .where(
        and(inArray(target.col('id'), ids), ...liveOnly(target), ...scopeConditions(target, ctx.rowScope)),
      );
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

/** A record other records still point at cannot be removed for good: the refusal names what points at it. */
export async function assertNotReferenced(
  ctx: Pick<WriteContext, 'db' | 'engine' | 'entity' | 'lang'>,
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
    if (found.length > 0) {
      throw new AppError('inUse', {
        params: { entity: entityLabel(ref.entity.def, ctx.lang, { plural: true }) },
      });
    }
  }
}

const FILE_KINDS = new Set(['image', 'images', 'video', 'attachments']);

/** The stored keys a file field's value names. */
function fileKeys(field: FieldDef, value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (field.kind === 'images') return value as string[];
  if (field.kind === 'attachments') return (value as { url: string }[]).map((a) => a.url);
  return [String(value)];
}

/** A scoped caller may only point a file field at files its own company uploaded (uploads record their
 * company); files the record already had stay acceptable. */
export async function checkOwnFiles(
  ctx: Pick<WriteContext, 'db' | 'entity' | 'rowScope'>,
  values: Record<string, unknown>,
  current: Record<string, unknown> | null,
): Promise<KitIssue[]> {
  if (!ctx.rowScope) return [];
  const issues: KitIssue[] = [];
  for (const [name, field] of Object.entries(ctx.entity.def.fields)) {
    if (!FILE_KINDS.has(field.kind) || !(name in values)) continue;
    const had = new Set(fileKeys(field, current?.[name]));
    const keys = [...new Set(fileKeys(field, values[name]))].filter((k) => !had.has(k));
    if (keys.length === 0) continue;
    const own = await ctx.db
      .select({ path: upload.path })
      .from(upload)
      .where(and(inArray(upload.path, keys), eq(upload.companyId, ctx.rowScope.companyId)));
    if (own.length < keys.length)
      issues.push({ path: name, message: kitMessage('notOwnFile', { label: field.label }) });
  }
  return issues;
}

/**
 * What a scoped caller (a supplier account) may send: organiser-only fields are refused by name, and the
 * scope field is its own company (filled in on create; another company's id is a 403). Organiser staff send
 * what the definition allows; on update an organiser-only field sent with its stored value (`current`) is
 * left out. Returns the body to validate.
 */
export function scopedBody(
  ctx: Pick<WriteContext, 'entity' | 'rowScope' | 'lang'>,
  body: unknown,
  mode: 'create' | 'update',
  current?: Record<string, unknown>,
): unknown {
  const { entity, rowScope, lang } = ctx;
  if (!rowScope || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out = normaliseBody(entity.def.fields, body) as Record<string, unknown>;
  const refused: KitIssue[] = [];
  for (const key of Object.keys(out)) {
    const field = entity.def.fields[key];
    if (!field?.organiserOnly || entity.states.get(key)?.isHidden) continue;
    // The record sent back as it was read: an unchanged organiser-only value is no change, so it is left out.
    if (mode === 'update' && current && sameValue(field, out[key], current[key])) delete out[key];
    else refused.push({ path: key, message: kitMessage('organiserOnly', { label: field.label }) });
  }
  if (refused.length) throw fieldsError(refused, lang);
  const scope = entity.def.scope;
  if (!scope) return out;
  if (scope.field === 'id') {
    // A supplier account cannot add companies, whatever its role says.
    if (mode === 'create') throw new AppError('forbidden');
    return out;
  }
  const sent = out[scope.field];
  if (sent !== undefined && sent !== null && sent !== rowScope.companyId) throw new AppError('forbidden');
  if (mode === 'create') out[scope.field] = rowScope.companyId;
  return out;
}

/** Who changed a record, and when. */
export const stamp = (actor: Actor) => ({ updatedAt: new Date(), updatedBy: actor?.id ?? null });
