import { z } from 'zod';
import { isArrayKind, isSecretField } from './define-entity';
import { type EntityPolicy, type FieldState, fieldStateMap, resolveFields } from './policy';
import { checkRules, ruleFields } from './rules';
import type { EntityDef, FieldDef, MachineAction } from './types';
import { defaultOf, jsonValue, valueSchema } from './values';

// zod schemas derived from a definition. They carry no messages: `describeIssues` turns zod's issues into
// bilingual messages from the definition's labels, so the console and the server say the same thing.

type Mode = 'create' | 'update';

/** One field's schema for a body: required fields refuse null; optional ones accept null (to clear). */
export function fieldSchema(field: FieldDef, options: { isRequired: boolean; mode: Mode }): z.ZodType {
  const base = valueSchema(field);
  // On update an empty password leaves it unchanged, required or not.
  if (field.kind === 'password' && options.mode === 'update') return base.nullable().optional();
  const value = options.isRequired && isArrayKind(field.kind) ? (base as z.ZodArray).min(1) : base;
  const fallback = options.mode === 'create' ? defaultOf(field) : undefined;
  if (fallback !== undefined) return value.default(fallback as never);
  if (options.isRequired) return options.mode === 'create' ? value : value.optional();
  // On update an emptied field with a default takes it (its column holds no empty value).
  const empty = options.mode === 'update' ? defaultOf(field) : undefined;
  if (empty !== undefined)
    return value
      .nullable()
      .optional()
      .describe(`Empty (null) sets the default: ${JSON.stringify(empty)}`);
  return value.nullable().optional();
}

export type BodySchemaOptions = { policy?: EntityPolicy };

function shapeOf(states: FieldState[], mode: Mode): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const s of states) {
    if (mode === 'create' ? !s.isCreatable : !s.isEditable) continue;
    // A kind-dependent field is required only while its condition holds: the cross-field check decides.
    shape[s.name] = fieldSchema(s.field, { isRequired: s.isRequired && !s.field.onlyWhen, mode });
  }
  return shape;
}

function addRuleIssues(
  def: EntityDef,
  states: Map<string, FieldState>,
  value: Record<string, unknown>,
  ctx: z.RefinementCtx,
  onlyPresent: boolean,
) {
  const rules = onlyPresent ? def.rules.filter((r) => ruleFields(r).every((f) => f in value)) : def.rules;
  for (const issue of checkRules({ ...def, rules }, value, states, { present: onlyPresent })) {
    ctx.addIssue({ code: 'custom', path: [issue.path], params: { message: issue.message } });
  }
}

/** The body of `POST /api/<entity>`: creatable fields, defaults applied, cross-field rules checked. Fields set
 * only by actions are named so a client may send a new record's initial value (`validateCreate` refuses any
 * other). */
export function createSchema(def: EntityDef, options: BodySchemaOptions = {}) {
  const states = fieldStateMap(def, options.policy);
  const shape: Record<string, z.ZodType> = {};
  for (const s of states.values())
    if (s.isActionOnly && !s.isHidden)
      shape[s.name] = z
        .unknown()
        .optional()
        .describe('Set only by its actions: accepted only with the initial value, and ignored');
  return z
    .strictObject({ ...shape, ...shapeOf([...states.values()], 'create') })
    .superRefine((value, ctx) => addRuleIssues(def, states, value, ctx, false));
}

/** How an update treats a field the caller may not change: `ignored` (derived by the server, whatever is
 * sent), `unchanged` (accepted only with the stored value: status fields, read-only fields, fields set only by
 * actions), or null when the field is editable or not accepted at all (hidden). */
export function updateTreatment(state: FieldState): 'ignored' | 'unchanged' | null {
  if (state.isHidden || state.isEditable) return null;
  if (state.isActionOnly) return 'unchanged';
  if (state.field.computed) return 'ignored';
  return 'unchanged';
}

/** Keys of a record as GET returns it that are no fields of the definition: id, who/when stamps,
 * `deletedAt`, relation labels (`<field>Label`, `<field>Labels`) and `effective`. Set by the server, so an
 * update ignores them (a client may send back what it read). `version` is not one: it is the update's
 * concurrency token. */
export function serverManagedKeys(def: EntityDef, options: BodySchemaOptions = {}): string[] {
  return Object.keys(recordSchema(def, options).shape).filter((k) => k !== 'version' && !(k in def.fields));
}

/** The body of `PUT` and `PATCH /api/<entity>/{id}`: any editable field plus the `version` the caller read
 * (optional: clients of the original system never send one).
 * A record exactly as GET returned it is a valid body: server-managed keys and computed fields are ignored,
 * read-only and status fields are accepted when they hold the stored value (the server compares them).
 * Rules are checked here when the body holds all their fields; the server checks them again on the
 * merged record. */
export function updateSchema(def: EntityDef, options: BodySchemaOptions = {}) {
  const states = fieldStateMap(def, options.policy);
  const shape: Record<string, z.ZodType> = {};
  for (const key of serverManagedKeys(def, options))
    shape[key] = z.unknown().optional().describe('Set by the server: ignored on input');
  for (const s of states.values()) {
    const treatment = updateTreatment(s);
    if (treatment === 'ignored')
      shape[s.name] = z.unknown().optional().describe('Computed by the server: ignored on input');
    else if (treatment === 'unchanged')
      shape[s.name] = outputValueSchema(s.field)
        .nullable()
        .optional()
        .describe('Read-only: accepted only with its stored value (a changed value is refused naming it)');
  }
  Object.assign(shape, shapeOf([...states.values()], 'update'));
  return z
    .strictObject({
      ...shape,
      version: z
        .number()
        .int()
        .positive()
        .optional()
        .describe(
          'The version the caller read (409 when stale); without it the write is not checked against one, and its history entry says so',
        ),
    })
    .superRefine((value, ctx) => addRuleIssues(def, states, value, ctx, true));
}

/** The body of a status action (`POST /api/<entity>/<action>/{id}`): its declared input, if any. */
export function actionInputSchema(action: MachineAction) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(action.input ?? {})) {
    shape[name] = fieldSchema(field, { isRequired: Boolean(field.required), mode: 'create' });
  }
  return z.strictObject(shape);
}

/** The type of a stored value as responses carry it (no input constraints). */
function outputValueSchema(field: FieldDef): z.ZodType {
  switch (field.kind) {
    case 'integer':
    case 'decimal':
    case 'money':
      return z.number();
    case 'relation':
    case 'treeRelation':
      return z.number().int();
    case 'boolean':
      return z.boolean();
    case 'enum':
      return z.enum(field.options.map((o) => o.value) as [string, ...string[]]);
    case 'images':
    case 'tags':
    case 'dictMany':
      return z.array(z.string());
    case 'relationMany':
      return z.array(z.number().int());
    case 'attachments':
      return z.array(
        z.object({
          name: z.string(),
          url: z.string(),
          size: z.number().optional(),
          type: z.string().optional(),
        }),
      );
    case 'json':
      return jsonValue();
    case 'dynamicForm':
      return z.record(z.string(), z.unknown());
    default:
      return z.string();
  }
}

/** `effective` of a record: each visible inherited field's value and where it comes from. */
export function effectiveSchema(def: EntityDef, options: BodySchemaOptions = {}) {
  const shape: Record<string, z.ZodType> = {};
  for (const s of resolveFields(def, options.policy)) {
    if (s.isHidden || !s.field.inherit) continue;
    shape[s.name] = z.object({
      value: outputValueSchema(s.field).nullable(),
      source: z
        .string()
        .describe(
          `"${def.source ?? def.name}": the record's own value; the related entity's name: inherited; "none"`,
        ),
    });
  }
  return Object.keys(shape).length ? z.object(shape) : null;
}

/** A record as `GET /api/<entity>/{id}` and the list return it: visible fields (null when empty), the system
 * fields, the label of each related record (`<field>Label`, `<field>Labels`) in the caller's language, and
 * the effective values of inherited fields (`effective`). Passwords and virtual fields are never returned. */
export function recordSchema(def: EntityDef, options: BodySchemaOptions = {}) {
  const shape: Record<string, z.ZodType> = {
    id: z.number().int(),
    version: z.number().int(),
  };
  for (const s of resolveFields(def, options.policy)) {
    if (s.isHidden || isSecretField(s.field)) continue;
    shape[s.name] = outputValueSchema(s.field).nullable();
    if (s.field.kind === 'relation' || s.field.kind === 'treeRelation')
      shape[`${s.name}Label`] = z.string().nullable();
    if (s.field.kind === 'relationMany') shape[`${s.name}Labels`] = z.array(z.string());
  }
  shape.createdAt = z.string();
  shape.updatedAt = z.string();
  shape.createdBy = z.number().int().nullable();
  shape.updatedBy = z.number().int().nullable();
  if (def.softDelete) shape.deletedAt = z.string().nullable();
  const effective = effectiveSchema(def, options);
  if (effective) shape.effective = effective;
  if (Object.values(def.fields).some((f) => f.kind === 'dynamicForm'))
    shape.formIssues = z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe(
        'One record only: stored dynamic form values the current configs refuse (`<field>.<code>`); a save that keeps them is refused',
      );
  return z.object(shape);
}
