import type { EntityPolicy } from './policy';
import { fieldStateMap } from './policy';
import type { EntityDef, FieldCondition, MachineAction } from './types';

export type TransitionCheck =
  | { ok: true; field: string; from: string; to: string; action: MachineAction }
  | { ok: false; reason: 'unknownAction' | 'notAllowed' };

/** May this action run on a record in its current status? */
export function checkTransition(
  def: EntityDef,
  action: string,
  record: Record<string, unknown>,
): TransitionCheck {
  const a = def.actions[action];
  if (!a) return { ok: false, reason: 'unknownAction' };
  const current = String(record[a.field] ?? '');
  if (!a.from.includes(current)) return { ok: false, reason: 'notAllowed' };
  return { ok: true, field: a.field, from: current, to: a.to, action: a };
}

const holds = (condition: FieldCondition, record: Record<string, unknown>) =>
  condition.in.some((value) => value === record[condition.field]);

/** Whether a record is one the system relies on (the definition's `builtIn` rule: the root role, a permission
 * synchronised from the routes). Such a record changes only in its editable fields and is deleted only once the
 * rule's `removableWhen` holds. */
export function isBuiltInRecord(def: EntityDef, record: Record<string, unknown>): boolean {
  const rule = def.builtIn;
  return Boolean(rule && holds(rule.when, record));
}

/** Whether a delete may remove the record as far as the built-in rule goes: any record that is not built in, and
 * a built-in one whose `removableWhen` holds (a synchronised permission whose route is gone). */
export function isRemovableRecord(def: EntityDef, record: Record<string, unknown>): boolean {
  const removable = def.builtIn?.removableWhen;
  return !isBuiltInRecord(def, record) || Boolean(removable && holds(removable, record));
}

/** The actions a record offers now (the row's status buttons), leaving out machines on hidden fields and, on a
 * built-in record, those moving a field it may not change. */
export function availableActions(
  def: EntityDef,
  record: Record<string, unknown>,
  policy?: EntityPolicy,
): string[] {
  const states = fieldStateMap(def, policy);
  const fixed = isBuiltInRecord(def, record) ? def.builtIn!.editable : null;
  return Object.entries(def.actions)
    .filter(
      ([, a]) =>
        !states.get(a.field)?.isHidden &&
        a.from.includes(String(record[a.field] ?? '')) &&
        (!fixed || fixed.includes(a.field)),
    )
    .map(([name]) => name);
}

/** Every declared action with the status field it moves, in declaration order. */
export function actionList(
  def: EntityDef,
  policy?: EntityPolicy,
): ({ name: string; field: string } & MachineAction)[] {
  const states = fieldStateMap(def, policy);
  return Object.entries(def.actions)
    .filter(([, a]) => !states.get(a.field)?.isHidden)
    .map(([name, a]) => ({ name, ...a }));
}
