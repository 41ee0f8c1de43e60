import type { z } from 'zod';
import { type KitMessageKey, kitMessage } from './messages';
import { type EntityPolicy, fieldStateMap } from './policy';
import type { KitIssue } from './rules';
import type { EntityDef, FieldDef } from './types';

// zod issues → bilingual messages built from the definition's labels (the same on the console and the server).

/** Fields a body may name, for messages: the entity's own plus an action's input. */
export type IssueContext = { def: EntityDef; policy?: EntityPolicy; extra?: Record<string, FieldDef> };

const choiceKinds = new Set([
  'enum',
  'dict',
  'dictMany',
  'relation',
  'relationMany',
  'treeRelation',
  'boolean',
  'date',
  'datetime',
]);
const uploadKinds = new Set(['image', 'images', 'video', 'attachments']);

function requiredKey(field: FieldDef): KitMessageKey {
  if (uploadKinds.has(field.kind)) return 'requiredUpload';
  if (choiceKinds.has(field.kind)) return 'requiredChoice';
  return 'required';
}

function typeKey(field: FieldDef, expected: string): KitMessageKey {
  switch (field.kind) {
    case 'integer':
      return expected === 'int' ? 'notInteger' : 'notNumber';
    case 'decimal':
    case 'money':
      return 'notNumber';
    case 'boolean':
      return 'notBoolean';
    case 'date':
      return 'invalidDate';
    case 'datetime':
      return 'invalidDatetime';
    case 'relation':
    case 'relationMany':
    case 'treeRelation':
      return 'invalidReference';
    case 'image':
    case 'images':
    case 'video':
    case 'attachments':
      return 'invalidFile';
    case 'text':
    case 'longText':
    case 'richText':
    case 'dict':
    case 'password':
      return 'notText';
    default:
      return 'invalidValue';
  }
}

type Issue = z.core.$ZodIssue & { input?: unknown };

function messageOf(issue: Issue, field: FieldDef, isRequired: boolean): ReturnType<typeof kitMessage> {
  const label = field.label;
  const num = (v: unknown) => Number(v);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return kitMessage(requiredKey(field), { label });
      return kitMessage(typeKey(field, issue.expected), { label });
    case 'too_small':
      if (issue.origin === 'array') {
        if (num(issue.minimum) <= 1 && isRequired && issue.path.length === 1) {
          return kitMessage(requiredKey(field), { label });
        }
        return kitMessage('tooFewItems', { label, min: num(issue.minimum) });
      }
      if (field.kind === 'password') return kitMessage('weakPassword', { label, min: num(issue.minimum) });
      if (issue.origin === 'string') return kitMessage('tooShort', { label, min: num(issue.minimum) });
      return kitMessage('tooSmall', { label, min: num(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'array') {
        if (uploadKinds.has(field.kind))
          return kitMessage('tooManyFiles', { label, max: num(issue.maximum) });
        return kitMessage('tooManyItems', { label, max: num(issue.maximum) });
      }
      if (issue.origin === 'string') return kitMessage('tooLong', { label, max: num(issue.maximum) });
      return kitMessage('tooLarge', { label, max: num(issue.maximum) });
    case 'invalid_format':
      if (issue.format === 'email') return kitMessage('invalidEmail', { label });
      if (issue.format === 'url') return kitMessage('invalidUrl', { label });
      if (issue.format === 'date') return kitMessage('invalidDate', { label });
      if (issue.format === 'datetime') return kitMessage('invalidDatetime', { label });
      if (field.kind === 'text' && field.format === 'phone') return kitMessage('invalidPhone', { label });
      if (field.kind === 'text' && field.pattern) return field.pattern.message;
      return kitMessage('invalidValue', { label });
    case 'invalid_value':
    case 'invalid_union':
      if (field.kind === 'enum') {
        const options = {
          en: field.options.map((o) => o.label.en).join(', '),
          zh: field.options.map((o) => o.label.zh).join('、'),
        };
        return kitMessage('invalidOption', { label, options });
      }
      return kitMessage(typeKey(field, ''), { label });
    case 'custom': {
      const params = (issue.params ?? {}) as { kit?: KitMessageKey; message?: { en: string; zh: string } };
      if (params.message) return params.message;
      if (params.kit) return kitMessage(params.kit, { ...(issue.params as object), label } as never);
      return kitMessage('invalidValue', { label });
    }
    default:
      return kitMessage('invalidValue', { label });
  }
}

/**
 * zod issues → one bilingual message per field path. Unknown keys are named: a hidden field is "not used on
 * this site", a read-only one "cannot be changed", anything else an unknown field.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], context: IssueContext): KitIssue[] {
  const states = fieldStateMap(context.def, context.policy);
  const out: KitIssue[] = [];
  const seen = new Set<string>();
  const push = (path: string, message: KitIssue['message']) => {
    if (seen.has(path)) return;
    seen.add(path);
    out.push({ path, message });
  };
  for (const raw of issues as Issue[]) {
    if (raw.code === 'unrecognized_keys') {
      for (const key of raw.keys) {
        const state = states.get(key);
        if (!state || context.extra) push(key, kitMessage('unknownField', { name: key }));
        else if (state.isHidden) push(key, kitMessage('notAccepted', { label: state.field.label }));
        else push(key, kitMessage('readOnly', { label: state.field.label }));
      }
      continue;
    }
    const top = raw.path[0];
    if (top === undefined) {
      push('', kitMessage('bodyNotObject'));
      continue;
    }
    const path = String(top);
    if (path === 'version') {
      push(path, kitMessage('versionRequired'));
      continue;
    }
    const extra = context.extra && Object.hasOwn(context.extra, path) ? context.extra[path] : undefined;
    const field = extra ?? states.get(path)?.field;
    if (!field) {
      push(path, kitMessage('unknownField', { name: path }));
      continue;
    }
    const isRequired = extra ? Boolean(field.required) : Boolean(states.get(path)?.isRequired);
    push(path, messageOf(raw, field, isRequired));
  }
  return out;
}
