import type { z } from 'zod';
import { inapplicableFields } from './conditions';
import { describeIssues, type IssueContext } from './issues';
import { kitMessage } from './messages';
import { fieldStateMap, resolveFields } from './policy';
import { checkRules, isEmptyValue, type KitIssue, kindIssues, ruleFields } from './rules';
import {
  actionInputSchema,
  type BodySchemaOptions,
  createSchema,
  serverManagedKeys,
  updateSchema,
  updateTreatment,
} from './schemas';
import type { EntityDef, FieldDef, MachineAction } from './types';
import { defaultOf, normaliseBody, sameValue } from './values';

// Validation entry points for the console's forms and the server's handlers, and the form-body helpers.

export type Validated<T> = { ok: true; value: T } | { ok: false; issues: KitIssue[] };

/** How a body is read for its kind-dependent fields: a create against the declared defaults, an update
 * against the stored record (without it, only a body naming the condition's field says anything). */
type Merge = { mode: 'create' } | { mode: 'update'; current?: Record<string, unknown> };

function run<T>(
  schema: z.ZodType<T>,
  body: unknown,
  context: IssueContext & { rules?: 'all' | 'present'; merge?: Merge },
): Validated<T> {
  const fields = { ...context.def.fields, ...context.extra };
  let normalised = normaliseBody(fields, body);
  const isObject = normalised !== null && typeof normalised === 'object' && !Array.isArray(normalised);
  // Kind-dependent fields whose condition does not hold on the merged record do not belong to it: a value
  // sent for one is dropped unvalidated, and the field is written as null (switching the kind away clears
  // the fields of the old kind).
  let off: string[] = [];
  if (isObject && context.merge) {
    const sent = normalised as Record<string, unknown>;
    const merge = context.merge;
    const merged =
      merge.mode === 'create'
        ? { ...initialValues(context.def), ...dropUndefined(sent) }
        : { ...merge.current, ...withDefaults(fields, dropUndefined(sent)) };
    off = inapplicableFields(context.def, merged, { known: merge.mode === 'update' && !merge.current });
    if (off.length) normalised = Object.fromEntries(Object.entries(sent).filter(([k]) => !off.includes(k)));
  }
  const result = schema.safeParse(normalised, { reportInput: true });
  if (result.success) {
    const states = fieldStateMap(context.def, context.policy);
    // With the stored record at hand, an update is checked as the record it makes: emptying a required field
    // of the stored kind is refused here, not only by the server's check of the merged record.
    if (context.merge?.mode === 'update' && context.merge.current) {
      const record = { ...context.merge.current, ...(result.data as Record<string, unknown>) };
      for (const name of off) record[name] = null;
      const issues = kindIssues(context.def, record, states);
      if (issues.length) return { ok: false, issues };
    }
    if (!off.length) return { ok: true, value: result.data };
    const value = { ...(result.data as Record<string, unknown>) };
    for (const name of off) {
      const state = states.get(name);
      const writable = context.merge?.mode === 'create' ? state?.isCreatable : state?.isEditable;
      if (writable) value[name] = null;
    }
    return { ok: true, value: value as T };
  }
  const issues = describeIssues(result.error.issues, context);
  // zod skips refinements once a field fails; the cross-field rules are still worth showing with the rest.
  if (context.rules && normalised && typeof normalised === 'object' && !Array.isArray(normalised)) {
    const values = normalised as Record<string, unknown>;
    const { def } = context;
    const present = context.rules === 'present';
    const rules = present ? def.rules.filter((r) => ruleFields(r).every((f) => f in values)) : def.rules;
    const seen = new Set(issues.map((i) => i.path));
    for (const issue of checkRules({ ...def, rules }, values, fieldStateMap(def, context.policy), {
      present,
    })) {
      if (!seen.has(issue.path)) issues.push(issue);
      seen.add(issue.path);
    }
  }
  return { ok: false, issues };
}

/** An emptied field that has a default takes it (a kind sent as null is the default kind). */
const withDefaults = (fields: Record<string, FieldDef>, values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).map(([k, v]) => {
      const field = Object.hasOwn(fields, k) ? fields[k] : undefined;
      const fallback = field && isEmptyValue(v) ? defaultOf(field) : undefined;
      return [k, fallback === undefined ? v : fallback];
    }),
  );

const dropUndefined = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));

/** Validates the body of a create and returns the values to write. A field set only by actions starts at its
 * initial value (a status machine's first state, otherwise empty), whatever the caller is: sent with that
 * value it is ignored, with any other refused naming it. */
export function validateCreate(
  def: EntityDef,
  body: unknown,
  options: BodySchemaOptions = {},
): Validated<Record<string, unknown>> {
  const result = run(createSchema(def, options), body, {
    def,
    policy: options.policy,
    rules: 'all',
    merge: { mode: 'create' },
  }) as Validated<Record<string, unknown>>;
  const actionOnly = resolveFields(def, options.policy).filter((s) => s.isActionOnly && !s.isHidden);
  const sent = normaliseBody(def.fields, body);
  const refused: KitIssue[] = [];
  if (sent && typeof sent === 'object' && !Array.isArray(sent))
    for (const s of actionOnly) {
      const value = (sent as Record<string, unknown>)[s.name];
      if (value !== undefined && !sameValue(s.field, value, defaultOf(s.field) ?? null))
        refused.push({ path: s.name, message: kitMessage('actionOnly', { label: s.field.label }) });
    }
  if (!result.ok) {
    const seen = new Set(refused.map((i) => i.path));
    return { ok: false, issues: [...refused, ...result.issues.filter((i) => !seen.has(i.path))] };
  }
  if (refused.length) return { ok: false, issues: refused };
  const value = { ...result.value };
  for (const s of actionOnly) {
    const initial = defaultOf(s.field);
    if (initial === undefined) delete value[s.name];
    else value[s.name] = initial;
  }
  return { ok: true, value };
}

export type UpdateOptions = BodySchemaOptions & {
  /** The stored record (API values): read-only fields sent with its value are accepted (and left out), with
   * another value refused naming them. Without it every read-only field sent is refused. */
  current?: Record<string, unknown>;
};

/**
 * Validates the body of an update and returns the values to write (plus `version`): server-managed keys and
 * computed fields are dropped, read-only and status fields are dropped when unchanged and refused when
 * changed, and an optional field emptied (null, "" or blanks) takes its default where it has one (its column
 * holds no empty value); a required one is refused.
 */
export function validateUpdate(
  def: EntityDef,
  body: unknown,
  options: UpdateOptions = {},
): Validated<Record<string, unknown> & { version?: number }> {
  type Value = Record<string, unknown> & { version?: number };
  const result = run(updateSchema(def, options), body, {
    def,
    policy: options.policy,
    rules: 'present',
    merge: { mode: 'update', current: options.current },
  }) as Validated<Value>;
  const states = fieldStateMap(def, options.policy);
  const changed: KitIssue[] = [];
  const sent = normaliseBody(def.fields, body);
  if (sent && typeof sent === 'object' && !Array.isArray(sent)) {
    for (const [name, value] of Object.entries(sent)) {
      const state = states.get(name);
      if (!state || updateTreatment(state) !== 'unchanged' || value === undefined) continue;
      if (!options.current || !sameValue(state.field, value, options.current[name]))
        changed.push({
          path: name,
          message: kitMessage(state.isActionOnly ? 'actionOnly' : 'readOnly', { label: state.field.label }),
        });
    }
  }
  if (!result.ok) {
    const seen = new Set(changed.map((i) => i.path));
    return { ok: false, issues: [...changed, ...result.issues.filter((i) => !seen.has(i.path))] };
  }
  if (changed.length) return { ok: false, issues: changed };
  const managed = new Set(serverManagedKeys(def, options));
  const value: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(result.value)) {
    if (managed.has(name)) continue;
    const state = states.get(name);
    if (state && updateTreatment(state) !== null) continue;
    if (v === null && state) {
      const fallback = defaultOf(state.field);
      value[name] = fallback === undefined ? null : fallback;
    } else value[name] = v;
  }
  return { ok: true, value: value as Value };
}

export function validateActionInput(def: EntityDef, action: MachineAction, body: unknown) {
  return run(actionInputSchema(action), body ?? {}, { def, extra: action.input ?? {} }) as Validated<
    Record<string, unknown>
  >;
}

/** Picks the body of an update from form values: editable, visible fields only, plus the version. */
export function toUpdateBody(
  def: EntityDef,
  values: Record<string, unknown>,
  options: BodySchemaOptions & { version: number },
): Record<string, unknown> {
  const body: Record<string, unknown> = { version: options.version };
  for (const s of resolveFields(def, options.policy))
    if (s.isEditable && s.name in values) body[s.name] = values[s.name];
  return body;
}

/** Picks the body of a create from form values: creatable, visible fields only. */
export function toCreateBody(
  def: EntityDef,
  values: Record<string, unknown>,
  options: BodySchemaOptions = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const s of resolveFields(def, options.policy))
    if (s.isCreatable && s.name in values) body[s.name] = values[s.name];
  return body;
}

/** Form values of a new record: the declared defaults. */
export function initialValues(def: EntityDef): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(def.fields)) {
    const d = defaultOf(field);
    if (d !== undefined) values[name] = d;
  }
  return values;
}
