import { type KitIssue, kitMessage, normaliseBody, sameValue } from '@organiser/domain';
import { and, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { AppError } from '../../errors';
import type { EngineEntity } from '../entity';
import { fieldsError } from '../field-errors';
import type { Row, RowScope, Tx, WriteContext } from '../write-context';
import { withJoinValues } from './join-fields';

// Which rows a caller reaches: live rows (not in the trash), within its row scope (a supplier account sees
// only its company's), and what it may send for them.

export const liveOnly = (entity: EngineEntity): SQL[] =>
  entity.def.softDelete ? [isNull(entity.col('deletedAt'))] : [];

/** The row-scope conditions of an entity for a scoped caller: rows of other companies do not exist for it, nor
 * its own company's rows that the scope's `only` condition leaves out. */
export function scopeConditions(entity: EngineEntity, rowScope: RowScope | null | undefined): SQL[] {
  const scope = entity.def.scope;
  if (!rowScope || !scope) return [];
  const own = eq(entity.col(scope.field), rowScope.companyId);
  return scope.only ? [own, inArray(entity.col(scope.only.field), [...scope.only.in])] : [own];
}

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
  await withJoinValues(db, entity, rows);
  return rows[0] ?? null;
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
    const field = Object.hasOwn(entity.def.fields, key) ? entity.def.fields[key] : undefined;
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
