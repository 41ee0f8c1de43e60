import type { EntityPolicy } from './policy';
import { fieldStateMap } from './policy';
import type { EntityDef, MachineAction } from './types';

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

/** The actions a record offers now (the row's status buttons), leaving out machines on hidden fields. */
export function availableActions(
  def: EntityDef,
  record: Record<string, unknown>,
  policy?: EntityPolicy,
): string[] {
  const states = fieldStateMap(def, policy);
  return Object.entries(def.actions)
    .filter(([, a]) => !states.get(a.field)?.isHidden && a.from.includes(String(record[a.field] ?? '')))
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
