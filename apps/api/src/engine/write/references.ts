import {
  disablingField,
  entityLabel,
  type FieldDef,
  isJoinField,
  type KitIssue,
  kitMessage,
  recordLabel,
} from '@organiser/domain';
import { and, arrayOverlaps, count, eq, inArray } from 'drizzle-orm';
import { upload } from '../../db/schema/uploads';
import { AppError } from '../../errors';
import type { EngineEntity } from '../entity';
import { liveOnly, loadRow, scopeConditions } from '../read/row-scope';
import type { Row, RowScope, WriteContext } from '../write-context';
import { isJoinTarget } from './join-fields';

// What a record points at: related records must exist (and be reachable by the caller), a record others
// still point at cannot be removed for good, and file fields name uploads that fit their rule (a supplier
// account's only its own).

/** Related records must exist (and be live, and within the caller's row scope); a tree parent may not be the
 * record itself or below it. */
export async function checkReferences(
  ctx: Pick<WriteContext, 'db' | 'engine' | 'entity'> & { rowScope?: RowScope | null },
  values: Record<string, unknown>,
  selfId?: number,
  current?: Row | null,
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
    const disabled = await newlyChosenDisabled(ctx, target, ids, current?.[name]);
    if (disabled) {
      issues.push({
        path: name,
        message: kitMessage('disabledChoice', { label: field.label, value: disabled }),
      });
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
    if (
      field.kind === 'treeRelation' &&
      field.maxDepth !== undefined &&
      !issues.some((i) => i.path === name)
    ) {
      // the parent's level plus the levels the moved node brings with it (itself and its descendants)
      const parentLevel = await levelOf(db, entity, name, value as number);
      const height = selfId === undefined ? 1 : await subtreeHeight(db, entity, name, selfId);
      if (parentLevel + height > field.maxDepth)
        issues.push({
          path: name,
          message: kitMessage('treeTooDeep', { label: field.label, max: field.maxDepth }),
        });
    }
  }
  issues.push(...(await checkTreeLevels(ctx, values, current ?? null, issues)));
  return issues;
}

/** The label of a disabled record among `ids` that the stored value did not hold already (a choice kept from
 * before it was disabled stays), or null. */
async function newlyChosenDisabled(
  ctx: Pick<WriteContext, 'db'>,
  target: EngineEntity,
  ids: number[],
  stored: unknown,
): Promise<{ en: string; zh: string } | null> {
  const status = disablingField(target.def);
  if (!status) return null;
  const kept = new Set((Array.isArray(stored) ? stored : [stored]).map(Number));
  const fresh = ids.filter((id) => !kept.has(id));
  if (fresh.length === 0) return null;
  const [row] = (await ctx.db
    .select()
    .from(target.table)
    .where(and(inArray(target.col('id'), fresh), eq(target.col(status), 'disabled')))
    .limit(1)) as Row[];
  if (!row) return null;
  const label = (lang: 'en' | 'zh') => recordLabel(target.def, row, lang) || `#${row.id}`;
  return { en: label('en'), zh: label('zh') };
}

/** The tree field of an entity, if it is a tree. */
const treeFieldOf = (entity: { def: { fields: Record<string, FieldDef> } }) =>
  Object.entries(entity.def.fields).find(([, f]) => f.kind === 'treeRelation')?.[0];

/** `topLevel` relations name a root of the related tree; `under` relations a child of the record their
 * `under` field names (checked when either of the two changes). */
async function checkTreeLevels(
  ctx: Pick<WriteContext, 'db' | 'engine' | 'entity'>,
  values: Record<string, unknown>,
  current: Row | null,
  known: KitIssue[],
): Promise<KitIssue[]> {
  const issues: KitIssue[] = [];
  const { fields } = ctx.entity.def;
  for (const [name, field] of Object.entries(fields)) {
    if (field.kind !== 'relation' || known.some((i) => i.path === name)) continue;
    if (field.where && values[name] != null) {
      const target = ctx.engine.get(field.to);
      const row = target && (await loadRow(ctx.db, target, values[name] as number, 'any'));
      const { where } = field;
      if (row && !where.in.some((v) => v === row[where.field])) {
        const other = target.def.fields[where.field]!;
        const labels = where.in.map(
          (v) =>
            (other.kind === 'enum' ? other.options.find((o) => o.value === v)?.label : undefined) ?? {
              en: v,
              zh: v,
            },
        );
        issues.push({
          path: name,
          message: kitMessage('relationWhere', {
            label: field.label,
            field: other.label,
            values: { en: labels.map((l) => l.en).join(', '), zh: labels.map((l) => l.zh).join('、') },
          }),
        });
      }
    }
    if (!field.topLevel && !field.under) continue;
    const target = ctx.engine.get(field.to);
    const tree = target && treeFieldOf(target);
    if (!target || !tree) continue;
    const parentOf = async (id: number) => {
      const row = await loadRow(ctx.db, target, id, 'any');
      return row ? ((row[tree] as number | null) ?? null) : undefined;
    };
    if (field.topLevel && values[name] != null && (await parentOf(values[name] as number)) !== null)
      issues.push({ path: name, message: kitMessage('notTopLevel', { label: field.label }) });
    if (field.under && (name in values || field.under in values)) {
      const child = (name in values ? values[name] : current?.[name]) as number | null | undefined;
      const parent = (field.under in values ? values[field.under] : current?.[field.under]) as
        | number
        | null
        | undefined;
      if (child == null) continue;
      const found = await parentOf(child);
      if (found !== undefined && found !== (parent ?? null))
        issues.push({
          path: name,
          message: kitMessage('notUnder', { label: field.label, other: fields[field.under]!.label }),
        });
    }
  }
  return issues;
}

/** The level of node `id`: 1 for a top-level node, 2 for its children, … */
async function levelOf(
  db: WriteContext['db'],
  entity: WriteContext['entity'],
  field: string,
  id: number,
): Promise<number> {
  let count = 0;
  let current: number | null = id;
  for (; current !== null && count < 100; count++) {
    const row: Row | null = await loadRow(db, entity, current, 'any');
    current = (row?.[field] as number | null) ?? null;
  }
  return count;
}

/** Levels of the live subtree rooted at `id`, the node itself counting as one. */
async function subtreeHeight(
  db: WriteContext['db'],
  entity: WriteContext['entity'],
  field: string,
  id: number,
): Promise<number> {
  let level = [id];
  let height = 0;
  while (level.length > 0 && height < 100) {
    height++;
    const children = await db
      .select({ id: entity.col('id') })
      .from(entity.table)
      .where(and(inArray(entity.col(field), level), ...liveOnly(entity)));
    level = children.map((c) => Number(c.id));
  }
  return height;
}

/** Whether a record of `ref.entity` points at one of `ids` through `ref.field`. */
async function isReferenced(
  db: WriteContext['db'],
  ref: ReturnType<WriteContext['engine']['referencesTo']>[number],
  ids: number[],
): Promise<boolean> {
  const field = ref.entity.def.fields[ref.field]!;
  if (isJoinField(field)) return isJoinTarget(db, field.through, ids);
  const column = ref.entity.col(ref.field);
  const found = await db
    .select({ id: ref.entity.col('id') })
    .from(ref.entity.table)
    .where(ref.isMany ? arrayOverlaps(column, ids) : inArray(column, ids))
    .limit(1);
  return found.length > 0;
}

/** A record other records still point at cannot be removed for good: the refusal names what points at it (a
 * tree's parent, how many entries are under it). `exceptJoins`: holdings through join fields are left to the
 * delete's confirmation (`deleteHeld: 'confirm'`). */
export async function assertNotReferenced(
  ctx: Pick<WriteContext, 'db' | 'engine' | 'entity' | 'lang'>,
  ids: number[],
  options: { exceptJoins?: boolean } = {},
): Promise<void> {
  if (ids.length === 0) return;
  for (const ref of ctx.engine.referencesTo(ctx.entity.def.name)) {
    const field = ref.entity.def.fields[ref.field]!;
    if (options.exceptJoins && isJoinField(field)) continue;
    if (field.kind === 'treeRelation') {
      await assertNoChildren(ctx, ref.field, ids);
      continue;
    }
    if (await isReferenced(ctx.db, ref, ids)) {
      throw new AppError('inUse', {
        params: { entity: entityLabel(ref.entity.def, ctx.lang, { plural: true }) },
      });
    }
  }
}

/** A tree entry with entries under it stays: 409 naming the first such entry and how many are under it. */
async function assertNoChildren(
  ctx: Pick<WriteContext, 'db' | 'entity' | 'lang'>,
  field: string,
  ids: number[],
): Promise<void> {
  const { db, entity } = ctx;
  const parent = entity.col(field);
  const [found] = await db
    .select({ parent, n: count() })
    .from(entity.table)
    .where(and(inArray(parent, ids), ...liveOnly(entity)))
    .groupBy(parent)
    .limit(1);
  if (!found) return;
  const row = await loadRow(db, entity, Number(found.parent), 'any');
  throw new AppError('hasChildren', {
    params: {
      label: (row && recordLabel(entity.def, row, ctx.lang)) || `#${found.parent}`,
      count: Number(found.n),
    },
  });
}

const FILE_KINDS = new Set(['image', 'images', 'video', 'attachments']);

/** The stored keys a file field's value names. */
function fileKeys(field: FieldDef, value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (field.kind === 'images') return value as string[];
  if (field.kind === 'attachments') return (value as { url: string }[]).map((a) => a.url);
  return [String(value)];
}

type StoredFile = {
  path: string;
  contentType: string;
  size: number;
  companyId: number | null;
  apiKeyId: number | null;
};

/** Why a stored file does not fit a field's upload rule (its types and size), or null when it does. A scoped
 * caller may only name its own company's uploads, a marketplace API key only its own uploads: another's file
 * and a missing one answer alike. */
function fileProblem(
  field: FieldDef,
  file: StoredFile | undefined,
  ctx: Pick<WriteContext, 'rowScope' | 'apiKeyId'>,
): KitIssue['message'] | null {
  const label = field.label;
  const { rowScope, apiKeyId } = ctx;
  if (rowScope && file?.companyId !== rowScope.companyId) return kitMessage('notOwnFile', { label });
  if (apiKeyId != null && file?.apiKeyId !== apiKeyId) return kitMessage('notKeyFile', { label });
  if (!file) return kitMessage('fileMissing', { label });
  const rule = 'upload' in field ? field.upload : undefined;
  if (!rule) return null;
  if (!rule.types.includes(file.contentType))
    return kitMessage('fileWrongType', { label, types: rule.types.join(', ') });
  if (file.size > rule.maxBytes)
    return kitMessage('fileTooLarge', { label, max: Math.round((rule.maxBytes / 1024 / 1024) * 10) / 10 });
  return null;
}

/** Every file a write puts in an image, video or attachment field is an upload (the uploads table) of a type
 * and size the field's rule allows, for every caller; a caller scoped to a company may only name its own
 * company's uploads, a marketplace API key only its own. Files the record already had stay acceptable. One
 * issue per field. */
export async function checkFiles(
  ctx: Pick<WriteContext, 'db' | 'rowScope' | 'apiKeyId'>,
  fields: Readonly<Record<string, FieldDef>>,
  values: Record<string, unknown>,
  current: Record<string, unknown> | null,
): Promise<KitIssue[]> {
  const issues: KitIssue[] = [];
  for (const [name, field] of Object.entries(fields)) {
    if (!FILE_KINDS.has(field.kind) || !(name in values)) continue;
    const had = new Set(fileKeys(field, current?.[name]));
    const keys = [...new Set(fileKeys(field, values[name]))].filter((k) => !had.has(k));
    if (keys.length === 0) continue;
    const rows = (await ctx.db
      .select({
        path: upload.path,
        contentType: upload.contentType,
        size: upload.size,
        companyId: upload.companyId,
        apiKeyId: upload.apiKeyId,
      })
      .from(upload)
      .where(inArray(upload.path, keys))) as StoredFile[];
    const byPath = new Map(rows.map((r) => [r.path, r]));
    for (const key of keys) {
      const problem = fileProblem(field, byPath.get(key), ctx);
      if (!problem) continue;
      issues.push({ path: name, message: problem });
      break;
    }
  }
  return issues;
}
