import { isApplicable } from './conditions';
import { isArrayKind } from './define-entity';
import { kitMessage } from './messages';
import { isChina, isValidMobile } from './phone';
import type { FieldState } from './policy';
import type { Bilingual, CrossRule, EntityDef } from './types';

/** A validation problem on one field, in both languages; the caller picks the language. */
export type KitIssue = { path: string; message: Bilingual };

export const isEmptyValue = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const compareKeys = {
  gt: 'compareGt',
  gte: 'compareGte',
  lt: 'compareLt',
  lte: 'compareLte',
  eq: 'compareEq',
  ne: 'compareNe',
} as const;

const DATETIME = /^\d{4}-\d{2}-\d{2}T/;

/** Numbers compare as numbers, date-times as instants (offsets differ), everything else as text. */
function comparable(a: unknown, b: unknown): [number, number] | [string, string] {
  if (typeof a === 'number' && typeof b === 'number') return [a, b];
  const x = String(a);
  const y = String(b);
  if (DATETIME.test(x) && DATETIME.test(y) && !Number.isNaN(Date.parse(x)) && !Number.isNaN(Date.parse(y))) {
    return [Date.parse(x), Date.parse(y)];
  }
  return [x, y];
}

function holds(op: keyof typeof compareKeys, a: unknown, b: unknown): boolean {
  const [x, y] = comparable(a, b);
  switch (op) {
    case 'gt':
      return x > y;
    case 'gte':
      return x >= y;
    case 'lt':
      return x < y;
    case 'lte':
      return x <= y;
    case 'eq':
      return x === y;
    case 'ne':
      return x !== y;
  }
}

export const ruleFields = (rule: CrossRule): readonly string[] =>
  rule.kind === 'atLeastOne'
    ? rule.fields
    : rule.kind === 'compare'
      ? [rule.field, rule.other]
      : [rule.field, rule.when.field];

function requiredMessage(def: EntityDef, name: string): Bilingual {
  const field = def.fields[name];
  const key = field && isArrayKind(field.kind) ? 'requiredUpload' : 'required';
  return kitMessage(key, { label: field?.label ?? { en: name, zh: name } });
}

/** The required kind-dependent fields left empty while their condition holds on the record. With `present`
 * (a partial body) only the fields the body names are checked. */
export function kindIssues(
  def: EntityDef,
  values: Record<string, unknown>,
  states?: Map<string, FieldState>,
  options: { present?: boolean } = {},
): KitIssue[] {
  const issues: KitIssue[] = [];
  for (const [name, field] of Object.entries(def.fields)) {
    if (!field.onlyWhen) continue;
    const isRequired = states ? states.get(name)?.isRequired : field.required;
    if (!isRequired || !isApplicable(field, values)) continue;
    if (options.present && !(name in values)) continue;
    if (isEmptyValue(values[name])) issues.push({ path: name, message: requiredMessage(def, name) });
  }
  return issues;
}

/** Mobile fields of a record whose country is China hold mainland numbers (kit/phone.ts). A body that does not
 * name the country leaves the check to the whole record. */
function mobileIssues(
  def: EntityDef,
  values: Record<string, unknown>,
  isVisible: (name: string) => boolean,
): KitIssue[] {
  const issues: KitIssue[] = [];
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.kind !== 'text' || field.format !== 'mobile' || !field.countryField) continue;
    const value = values[name];
    if (typeof value !== 'string' || value.trim() === '' || !isVisible(name)) continue;
    const country = values[field.countryField];
    if (!isChina(country) || isValidMobile(value, country)) continue;
    issues.push({ path: name, message: kitMessage('invalidMainlandMobile', { label: field.label }) });
  }
  return issues;
}

/**
 * Evaluates the entity's cross-field rules on a whole record (an endDate not before its startDate).
 * Rules naming a hidden field are skipped: a hidden field counts as absent; so are rules naming a
 * kind-dependent field whose condition does not hold. Dates compare as ISO strings, numbers as numbers; a
 * comparison with an empty side holds.
 *
 * A required kind-dependent field is required here, where the whole record is known, and only while its
 * condition holds. With `present` (a partial body) it is checked only when the body names it.
 */
export function checkRules(
  def: EntityDef,
  values: Record<string, unknown>,
  states?: Map<string, FieldState>,
  options: { present?: boolean } = {},
): KitIssue[] {
  const issues: KitIssue[] = [];
  const applies = (name: string) => {
    const field = def.fields[name];
    return !field || isApplicable(field, values);
  };
  const isVisible = (name: string) => !states?.get(name)?.isHidden && applies(name);
  const label = (name: string) => def.fields[name]?.label ?? { en: name, zh: name };
  issues.push(...kindIssues(def, values, states, options));
  issues.push(...mobileIssues(def, values, isVisible));
  for (const rule of def.rules) {
    if (rule.kind === 'compare') {
      if (!isVisible(rule.field) || !isVisible(rule.other)) continue;
      const a = values[rule.field];
      const b = values[rule.other];
      if (isEmptyValue(a) || isEmptyValue(b) || holds(rule.op, a, b)) continue;
      issues.push({
        path: rule.field,
        message:
          rule.message ??
          kitMessage(compareKeys[rule.op], { label: label(rule.field), other: label(rule.other) }),
      });
    } else if (rule.kind === 'atLeastOne') {
      const shown = rule.fields.filter(isVisible);
      if (shown.length === 0 || shown.some((f) => !isEmptyValue(values[f]))) continue;
      issues.push({ path: shown[0]!, message: rule.message });
    } else {
      if (!isVisible(rule.field)) continue;
      const when = values[rule.when.field];
      if (!rule.when.in.some((v) => v === when) || !isEmptyValue(values[rule.field])) continue;
      if (issues.some((i) => i.path === rule.field)) continue;
      issues.push({ path: rule.field, message: rule.message ?? requiredMessage(def, rule.field) });
    }
  }
  return issues;
}
