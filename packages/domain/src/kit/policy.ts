import type { FieldPolicy } from '../config/schema';
import type { EntityDef, FieldDef } from './types';

/** What one field is allowed to do in this deployment, after the field policy. */
export type FieldState = {
  name: string;
  field: FieldDef;
  /** Neither shown nor accepted. */
  isHidden: boolean;
  /** A required field counts only if it is not hidden. */
  isRequired: boolean;
  /** Accepted when creating. */
  isCreatable: boolean;
  /** Accepted when updating (not computed, not read-only, not a status moved by actions). */
  isEditable: boolean;
  /** Shown disabled on the edit form. */
  isReadOnlyOnEdit: boolean;
  /** Moved only by its status machine's actions. */
  isStatus: boolean;
  /** Written only by actions (`actionOnly`): neither created nor edited, whoever calls. */
  isActionOnly: boolean;
};

export type EntityPolicy = FieldPolicy;

export const EMPTY_POLICY: EntityPolicy = { hidden: [], required: [], readOnly: [] };

/** The policy of one entity from the deployment's `fieldPolicy` map (keyed by API name or camelCase key). A
 * view follows its base's policy (a field hidden on companies is hidden on the audit list too). */
export function policyFor(def: EntityDef, all: Record<string, FieldPolicy> | undefined): EntityPolicy {
  const own = all?.[def.name] ?? all?.[def.key];
  const base = def.source ? all?.[def.source] : undefined;
  if (!base) return own ?? EMPTY_POLICY;
  return {
    hidden: [...(base.hidden ?? []), ...(own?.hidden ?? [])],
    required: [...(base.required ?? []), ...(own?.required ?? [])],
    readOnly: [...(base.readOnly ?? []), ...(own?.readOnly ?? [])],
  };
}

/** Every field's state; a policy entry may name a bilingual pair (`name`) to cover both halves. */
export function resolveFields(def: EntityDef, policy: EntityPolicy = EMPTY_POLICY): FieldState[] {
  const names = (list: readonly string[]) => {
    const out = new Set<string>();
    for (const n of list) {
      const pair = def.pairs[n];
      if (pair) {
        out.add(pair.en);
        out.add(pair.zh);
      } else out.add(n);
    }
    return out;
  };
  const hidden = names(policy.hidden ?? []);
  const required = names(policy.required ?? []);
  const readOnly = names(policy.readOnly ?? []);
  // A view writes nothing but its own status actions.
  const isView = Boolean(def.source);
  return Object.entries(def.fields).map(([name, field]) => {
    const isHidden = hidden.has(name);
    const isComputed = Boolean(field.computed) || isView;
    const isStatus = field.kind === 'enum' && Boolean(field.machine);
    const isReadOnlyOnEdit = Boolean(field.readOnlyOnEdit) || readOnly.has(name);
    const isActionOnly = Boolean(field.actionOnly);
    return {
      name,
      field,
      isHidden,
      isRequired:
        !isHidden && !isComputed && !isActionOnly && (Boolean(field.required) || required.has(name)),
      isCreatable: !isHidden && !isComputed && !isActionOnly,
      isEditable: !isHidden && !isComputed && !isReadOnlyOnEdit && !isStatus && !isActionOnly,
      isReadOnlyOnEdit: isReadOnlyOnEdit || isComputed || isStatus || isActionOnly,
      isStatus,
      isActionOnly,
    };
  });
}

export function fieldStateMap(def: EntityDef, policy?: EntityPolicy): Map<string, FieldState> {
  return new Map(resolveFields(def, policy).map((s) => [s.name, s]));
}

/** The fields a caller may see (hidden fields are dropped from every response and screen). */
export function visibleFields(def: EntityDef, policy?: EntityPolicy): FieldState[] {
  return resolveFields(def, policy).filter((s) => !s.isHidden);
}
