import {
  type EntityDef,
  type EntityPolicy,
  type EntityRecord,
  initialValues,
  type KitIssue,
  resolveFields,
  ruleFields,
  toCreateBody,
  toUpdateBody,
  validateCreate,
  validateUpdate,
} from '@organiser/domain';
import { InvalidJson } from '../../widgets/json-input';

// Form values are kept in the API's own shapes (dates as 'YYYY-MM-DD', ids as numbers, uploads as stored paths),
// so the kit's schemas validate them exactly as the server will and the body is the values themselves.

export type FormMode = 'add' | 'edit';
export type FormValues = Record<string, unknown>;

export { InvalidJson };

/** Values a new record's form starts from when its address names them (`new_product_add?activityId=5&type=
 * new_product`, a link from the activity): only fields a new record's form shows and takes, each read as its kind
 * reads (ids and numbers as numbers, a choice only among its options); anything else in the address is ignored.
 * The user may change them, and the save validates them like any other value. */
export function valuesFromQuery(def: EntityDef, query: URLSearchParams, policy?: EntityPolicy): FormValues {
  const values: FormValues = {};
  for (const s of resolveFields(def, policy)) {
    const raw = query.get(s.name);
    if (raw === null || !s.isCreatable || s.isStatus) continue;
    const f = s.field;
    if (f.kind === 'relation' || f.kind === 'integer') {
      if (/^-?\d{1,10}$/.test(raw)) values[s.name] = Number(raw);
    } else if (f.kind === 'enum') {
      if (f.options?.some((o) => o.value === raw)) values[s.name] = raw;
    } else if (f.kind === 'boolean') {
      if (raw === 'true' || raw === 'false') values[s.name] = raw === 'true';
    } else if (f.kind === 'text') values[s.name] = raw.slice(0, f.maxLength ?? 200);
  }
  return values;
}

/** The values a form starts from: the declared defaults (add) or the record's visible values (edit). */
export function startValues(
  def: EntityDef,
  input: { mode: FormMode; record?: EntityRecord | null; policy?: EntityPolicy },
): FormValues {
  const visible = resolveFields(def, input.policy).filter((s) => !s.isHidden);
  const values: FormValues = {};
  if (input.mode === 'add') {
    const defaults = initialValues(def);
    for (const s of visible) if (defaults[s.name] !== undefined) values[s.name] = defaults[s.name];
    return values;
  }
  for (const s of visible) values[s.name] = input.record?.[s.name] ?? null;
  return values;
}

export type BodyInput = {
  mode: FormMode;
  policy?: EntityPolicy;
  version?: number;
  /** Fields the caller may not send (a supplier account and the organiser-only fields): left out. */
  omit?: readonly string[];
};

/** Whether a field belongs to the record with these values: a kind-dependent field (`onlyWhen`) only while its
 * discriminator holds one of the listed values. */
export function isFieldActive(def: EntityDef, name: string, values: FormValues): boolean {
  const condition = def.fields[name]?.onlyWhen;
  return !condition || condition.in.some((v) => v === values[condition.field]);
}

/** The kind-dependent fields that do not belong to the record with these values. */
export const inactiveFields = (def: EntityDef, values: FormValues): Set<string> =>
  new Set(Object.keys(def.fields).filter((name) => !isFieldActive(def, name, values)));

/** The body the form sends: creatable (add) or editable (edit) visible fields, plus the version read. A
 * kind-dependent field whose kind is not chosen is sent empty (null), whatever was typed into it before. */
export function bodyOf(def: EntityDef, values: FormValues, input: BodyInput): Record<string, unknown> {
  const defined: FormValues = {};
  const omit = new Set(input.omit ?? []);
  for (const [k, v] of Object.entries(values)) if (v !== undefined && !omit.has(k)) defined[k] = v;
  for (const name of inactiveFields(def, values)) if (!omit.has(name)) defined[name] = null;
  if (input.mode !== 'add')
    return toUpdateBody(def, defined, { policy: input.policy, version: input.version ?? 0 });
  const body = toCreateBody(def, defined, { policy: input.policy });
  // a new record's emptied field with a default (a role's remark) is left to take it
  for (const [name, value] of Object.entries(body)) {
    const field = def.fields[name];
    if ((value === null || value === '') && field && 'default' in field && field.default !== undefined)
      delete body[name];
  }
  return body;
}

/** The kit's own validation of that body: the same messages, in both languages, as the server answers. */
export function validateForm(def: EntityDef, values: FormValues, input: BodyInput): KitIssue[] {
  const body = bodyOf(def, values, input);
  // a version the server has never issued would be its own error; the form always has the one it read
  if (input.mode === 'edit' && !(Number(body.version) > 0)) body.version = 1;
  const result =
    input.mode === 'add'
      ? validateCreate(def, body, { policy: input.policy })
      : validateUpdate(def, body, { policy: input.policy });
  if (result.ok) return [];
  // a kind-dependent field of another kind is neither required nor checked
  const inactive = inactiveFields(def, values);
  return result.issues.filter((i) => !inactive.has(i.path.split('.')[0]!));
}

/** Fields whose errors depend on another field through a cross-field rule (endDate on startDate…). */
export function ruleDependencies(def: EntityDef): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const rule of def.rules) {
    const names = ruleFields(rule);
    for (const name of names) {
      const set = out.get(name) ?? new Set<string>();
      for (const other of names) if (other !== name) set.add(other);
      out.set(name, set);
    }
  }
  return new Map([...out].map(([k, v]) => [k, [...v]]));
}

const normalise = (value: unknown): unknown => (value === undefined || value === '' ? null : value);

/** Have the values changed from where the form started? (unsaved-changes warning) */
export function isChanged(start: FormValues, current: FormValues): boolean {
  for (const key of new Set([...Object.keys(start), ...Object.keys(current)])) {
    if (JSON.stringify(normalise(start[key])) !== JSON.stringify(normalise(current[key]))) return true;
  }
  return false;
}
