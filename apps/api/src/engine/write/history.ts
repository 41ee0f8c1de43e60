import { type FieldState, type HistoryItem, isSecretField, type Lang } from '@organiser/domain';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminUser } from '../../db/schema';
import { recordHistory } from '../../db/schema/entities';
import type { Actor, Change, RowScope, Tx } from '../write-context';

export type { Change } from '../write-context';

/** Shown in history instead of a password change (the hash is never recorded). */
export const SECRET_MASK = '******';

/** The history changes of secret fields a write set: that they changed, never their values. */
export const maskedChanges = (secrets: readonly string[]): Change[] =>
  secrets.map((field) => ({ field, old: SECRET_MASK, new: SECRET_MASK }));

import type { EngineEntity } from '../entity';

// Record history: every write stores who, when, which action and each changed field's old and
// new value. A record's earlier state is its current state with the later changes undone, which is what
// revert writes back.

export type HistoryEntry = {
  entity: string;
  recordId: number;
  version: number;
  action: string;
  actor: Actor;
  changes: Change[];
};

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Field-by-field differences between two API value sets, over the given fields. */
export function diff(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: string[],
): Change[] {
  const out: Change[] = [];
  for (const field of fields) {
    if (!(field in after)) continue;
    const o = before[field] ?? null;
    const n = after[field] ?? null;
    if (!same(o, n)) out.push({ field, old: o, new: n });
  }
  return out;
}

export async function writeHistory(tx: Tx, entries: HistoryEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map((e) => ({
    entity: e.entity,
    recordId: e.recordId,
    version: e.version,
    action: e.action,
    actorId: e.actor?.id ?? null,
    actorAccount: e.actor?.account ?? null,
    changes: e.changes,
  }));
  // Multi-row inserts in slices keep each statement's parameter count bounded.
  for (let i = 0; i < rows.length; i += 500) await tx.insert(recordHistory).values(rows.slice(i, i + 500));
}

/** A record's history, newest first; changes to fields hidden in this deployment are left out. */
export async function readHistory(db: Db, entity: EngineEntity, recordId: number): Promise<HistoryItem[]> {
  const rows = await db
    .select()
    .from(recordHistory)
    .where(
      and(
        eq(recordHistory.entity, entity.def.source ?? entity.def.name),
        eq(recordHistory.recordId, recordId),
      ),
    )
    .orderBy(desc(recordHistory.version), desc(recordHistory.id));
  return rows.map((r) => ({
    version: r.version,
    action: r.action,
    actorId: r.actorId,
    actorAccount: r.actorAccount,
    at: r.at.toISOString(),
    changes: (r.changes as Change[]).filter((c) => !entity.states.get(c.field)?.isHidden),
  }));
}

/** How a supplier sees an organiser's staff in a record's history: the organiser, not a staff account. */
export const ORGANISER_ACTOR = { en: 'Organiser', zh: '组织方' } as const;

/**
 * History as a caller confined to a company reads it: entries made by anyone but its own company's logins
 * (organiser staff) name the organiser instead of a staff account.
 */
export async function maskActorsFor(
  db: Db,
  items: HistoryItem[],
  scope: RowScope,
  lang: Lang,
): Promise<HistoryItem[]> {
  const ids = [...new Set(items.map((i) => i.actorId).filter((id): id is number => id !== null))];
  const own = new Set(
    ids.length
      ? (
          await db
            .select({ id: adminUser.id })
            .from(adminUser)
            .where(
              and(
                inArray(adminUser.id, ids),
                eq(adminUser.type, 'company'),
                eq(adminUser.companyId, scope.companyId),
              ),
            )
        ).map((r) => r.id)
      : [],
  );
  return items.map((i) =>
    i.actorId !== null && own.has(i.actorId)
      ? i
      : { ...i, actorId: null, actorAccount: i.actorAccount === null ? null : ORGANISER_ACTOR[lang] },
  );
}

/**
 * The editable values the record had at `version`: its current values with every change written after that
 * version undone, newest first. Null when the history does not reach that version.
 */
export async function valuesAtVersion(
  db: Db,
  entity: EngineEntity,
  recordId: number,
  version: number,
  current: Record<string, unknown>,
): Promise<Record<string, unknown> | null> {
  const known = await db
    .select({ version: recordHistory.version })
    .from(recordHistory)
    .where(
      and(
        eq(recordHistory.entity, entity.def.source ?? entity.def.name),
        eq(recordHistory.recordId, recordId),
        eq(recordHistory.version, version),
      ),
    )
    .limit(1);
  if (known.length === 0) return null;
  const later = await db
    .select()
    .from(recordHistory)
    .where(
      and(
        eq(recordHistory.entity, entity.def.source ?? entity.def.name),
        eq(recordHistory.recordId, recordId),
        gt(recordHistory.version, version),
      ),
    )
    .orderBy(desc(recordHistory.version), desc(recordHistory.id));
  const values = { ...current };
  for (const entry of later) for (const c of entry.changes as Change[]) values[c.field] = c.old;
  return values;
}

/** Fields a revert writes back: the ones an update may change (never a password); a caller scoped to its
 * company leaves the organiser's fields as they are. */
export const revertableFields = (states: Map<string, FieldState>, isScoped = false): string[] =>
  [...states.values()]
    .filter((s) => s.isEditable && !isSecretField(s.field) && !(isScoped && s.field.organiserOnly))
    .map((s) => s.name);

/** The history of a view's records is its base's: an audit decision shows in the company's history. */
export const historyName = (entity: EngineEntity): string => entity.def.source ?? entity.def.name;

/** Fields a write records in history: all but passwords and virtual fields. */
export const allFields = (entity: EngineEntity) =>
  Object.keys(entity.def.fields).filter((name) => !isSecretField(entity.def.fields[name]!));

/** Who changed a record, and when. */
export const stamp = (actor: Actor) => ({ updatedAt: new Date(), updatedBy: actor?.id ?? null });
