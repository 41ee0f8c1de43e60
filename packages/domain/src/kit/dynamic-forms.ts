import { kitMessage } from './messages';
import { isEmptyValue, type KitIssue } from './rules';
import type { Bilingual } from './types';

// Dynamic forms: an entity's `dynamicForm` field holds `{ [code]: value }`, each code one input configured
// (entity `dynamic_form_config`) in the group whose code the entity's group field names. The configs live in
// the database, so the server loads them and both it and the console check values with these functions.

/** The input types a config may have. */
export const DYNAMIC_FORM_TYPES = [
  'text',
  'longText',
  'number',
  'integer',
  'select',
  'multiSelect',
  'date',
  'image',
  'boolean',
] as const;

export type DynamicFormType = (typeof DYNAMIC_FORM_TYPES)[number];

/** Types whose config lists its options. */
export const DYNAMIC_OPTION_TYPES: readonly DynamicFormType[] = ['select', 'multiSelect'];
/** Types that take `min` / `max`. */
export const DYNAMIC_NUMBER_TYPES: readonly DynamicFormType[] = ['number', 'integer'];
/** Types that take `maxLength`. */
export const DYNAMIC_TEXT_TYPES: readonly DynamicFormType[] = ['text', 'longText'];
/** Types a list may filter on (equality or containment on the stored value). */
export const DYNAMIC_FILTER_TYPES: readonly DynamicFormType[] = [
  'select',
  'multiSelect',
  'boolean',
  'integer',
  'number',
  'text',
];

export type DynamicFormOption = { value: string; label: Bilingual };

/** One input of a form group, as the server serves it to the console. */
export type DynamicFormConfig = {
  code: string;
  type: DynamicFormType;
  label: Bilingual;
  options: DynamicFormOption[];
  required: boolean;
  min: number | null;
  max: number | null;
  maxLength: number | null;
  filterable: boolean;
  sortNo: number;
};

/** Names every object has through its prototype (`constructor`, `toString`, `hasOwnProperty`, `__proto__`…).
 * A code named so would read that member wherever a value is looked up by code, so none may be a code. */
const OBJECT_MEMBERS: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

export const isReservedDynamicCode = (code: string): boolean => OBJECT_MEMBERS.has(code);

/** The value a form holds for one code: its own entry only, never a member every object inherits. */
export const dynamicValueOf = (values: Record<string, unknown> | null | undefined, code: string): unknown =>
  values && Object.hasOwn(values, code) ? values[code] : undefined;

/** A select option's value. */
export const DYNAMIC_OPTION_VALUE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,49}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TEXT_LIMIT = 255;
const LONG_TEXT_LIMIT = 5000;

const isRealDate = (v: string) => {
  if (!DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** Whether an options list is well formed: values unique and of the allowed characters, both labels given. */
export function isValidOptionList(value: unknown): value is DynamicFormOption[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > 200) return false;
  const seen = new Set<string>();
  for (const o of value) {
    if (!o || typeof o !== 'object') return false;
    const { value: v, label } = o as { value?: unknown; label?: { en?: unknown; zh?: unknown } };
    if (typeof v !== 'string' || !DYNAMIC_OPTION_VALUE.test(v) || seen.has(v)) return false;
    const ok = (t: unknown) => typeof t === 'string' && t.trim() !== '' && t.length <= 100;
    if (!label || !ok(label.en) || !ok(label.zh)) return false;
    seen.add(v);
  }
  return true;
}

/** Why one value does not fit its config (null when it does). Empty values are only checked for
 * `required`. */
export function dynamicValueProblem(config: DynamicFormConfig, value: unknown): Bilingual | null {
  const label = config.label;
  if (isEmptyValue(value)) {
    if (!config.required) return null;
    const key =
      config.type === 'image'
        ? 'requiredUpload'
        : config.type.endsWith('elect')
          ? 'requiredChoice'
          : 'required';
    return kitMessage(key, { label });
  }
  switch (config.type) {
    case 'text':
    case 'longText': {
      if (typeof value !== 'string') return kitMessage('notText', { label });
      const max = config.maxLength ?? (config.type === 'text' ? TEXT_LIMIT : LONG_TEXT_LIMIT);
      return value.length > max ? kitMessage('tooLong', { label, max }) : null;
    }
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return kitMessage('notNumber', { label });
      if (config.type === 'integer' && !Number.isInteger(value)) return kitMessage('notInteger', { label });
      if (config.min !== null && value < config.min)
        return kitMessage('tooSmall', { label, min: config.min });
      if (config.max !== null && value > config.max)
        return kitMessage('tooLarge', { label, max: config.max });
      return null;
    }
    case 'boolean':
      return typeof value === 'boolean' ? null : kitMessage('notBoolean', { label });
    case 'date':
      return typeof value === 'string' && isRealDate(value) ? null : kitMessage('invalidDate', { label });
    case 'image':
      return typeof value === 'string' &&
        value.length <= 1024 &&
        !/^\s*(javascript|data|vbscript):/i.test(value)
        ? null
        : kitMessage('invalidFile', { label });
    case 'select':
    case 'multiSelect': {
      const values = config.type === 'select' ? [value] : value;
      const known = new Set(config.options.map((o) => o.value));
      const isValid =
        Array.isArray(values) &&
        values.every((v) => typeof v === 'string' && known.has(v)) &&
        new Set(values).size === values.length;
      if (isValid) return null;
      const options = config.options.map((o) => o.value).join(', ');
      return kitMessage('invalidOption', { label, options });
    }
  }
}

/**
 * Field issues of a dynamic form's values against the enabled configs of its group: each value by its
 * config (path `<field>.<code>`), required configs left empty, and codes the group does not have. `group` is
 * the group code, named in the message of an unknown code.
 */
export function dynamicFormIssues(
  field: string,
  configs: readonly DynamicFormConfig[],
  values: Record<string, unknown> | null | undefined,
  group: string,
): KitIssue[] {
  const issues: KitIssue[] = [];
  const byCode = new Map(configs.map((c) => [c.code, c]));
  for (const code of Object.keys(values ?? {})) {
    if (byCode.has(code)) continue;
    if (isEmptyValue(dynamicValueOf(values, code))) continue;
    issues.push({ path: `${field}.${code}`, message: kitMessage('dynamicUnknownCode', { code, group }) });
  }
  for (const config of configs) {
    const problem = dynamicValueProblem(config, dynamicValueOf(values, config.code));
    if (problem) issues.push({ path: `${field}.${config.code}`, message: problem });
  }
  return issues;
}

/** The values kept of a form when the group changes: those whose code the new group also has. */
export function keptDynamicValues(
  configs: readonly DynamicFormConfig[],
  values: Record<string, unknown> | null | undefined,
): Record<string, unknown> {
  const codes = new Set(configs.map((c) => c.code));
  return Object.fromEntries(Object.entries(values ?? {}).filter(([code]) => codes.has(code)));
}
