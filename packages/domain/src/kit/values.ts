import { z } from 'zod';
import { isValidMobile } from './phone';
import type { FieldDef, JsonPart } from './types';

// The zod type of each field kind's value, the normalisation applied before it, and the kinds' defaults.

export const TEXT_MAX = 255;
export const LONG_TEXT_MAX = 5000;
export const RICH_TEXT_MAX = 200_000;
export const FILE_REF_MAX = 1024;
export const RELATION_MANY_MAX = 200;
export const TAGS_MAX = 20;
export const TAG_MAX_LENGTH = 50;
/** The longest value of a dictionary item. */
export const DICT_VALUE_MAX = 100;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
/** A dynamic form config's code (the key of its value in a dynamic form field). */
export const DYNAMIC_CODE = /^[a-z][a-zA-Z0-9_]*$/;
const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

/** Blank strings count as absent (null); plain text is trimmed. Applied to a body before its schema runs, so
 * the schemas stay plain zod types that also describe the API in OpenAPI. */
export function normaliseValue(field: FieldDef, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trims = field.kind === 'text' || field.kind === 'longText' || field.kind === 'dict';
  const v = trims ? value.trim() : value;
  // A password keeps its spaces: only a blank one counts as absent (on update: unchanged).
  return v.trim() === '' ? null : v;
}

/** A body with every known field normalised (unknown keys are left for the schema to refuse). */
export function normaliseBody(fields: Record<string, FieldDef>, body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = {};
  // a key is a field only as the definition's own (a body may name `constructor` or `toString`)
  for (const [k, v] of Object.entries(body))
    out[k] = Object.hasOwn(fields, k) ? normaliseValue(fields[k]!, v) : v;
  return out;
}

/** Any JSON value but null (null is "empty"). Not `z.json()`: its recursive schema has no plain OpenAPI form. */
export const jsonValue = () =>
  z.union([z.string(), z.number(), z.boolean(), z.array(z.unknown()), z.record(z.string(), z.unknown())]);

/** An object of a JSON field's declared parts, each optional; another key is refused. */
const jsonParts = (parts: Readonly<Record<string, JsonPart>>) =>
  z.strictObject(
    Object.fromEntries(
      Object.entries(parts).map(([key, part]) => [
        key,
        (part.kind === 'date' ? z.iso.date() : z.string().max(part.maxLength ?? TEXT_MAX))
          .nullable()
          .optional(),
      ]),
    ),
  );

const unsafeScheme = /^\s*(javascript|data|vbscript):/i;

/** An uploaded file's url or storage key (never a script url). */
const fileRef = () =>
  z
    .string()
    .min(1)
    .max(FILE_REF_MAX)
    .refine((v) => !unsafeScheme.test(v), { params: { kit: 'invalidFile' } });

const PHONE = /^\+?[0-9][0-9 ()-]{3,30}$/;

function scaleOf(field: FieldDef): number {
  if (field.kind !== 'decimal' && field.kind !== 'money') return 0;
  return field.scale ?? 2;
}

const hasScale = (value: number, scale: number) => {
  const scaled = value * 10 ** scale;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

/** The zod type of a field's value, without null and without the required/optional decision. */
export function valueSchema(field: FieldDef): z.ZodType {
  switch (field.kind) {
    case 'text': {
      let s = z.string().max(field.maxLength ?? TEXT_MAX);
      if (field.minLength) s = s.min(field.minLength);
      if (field.pattern) s = s.regex(new RegExp(field.pattern.source, field.pattern.flags));
      if (field.format === 'email') return s.pipe(z.email());
      if (field.format === 'url') return s.pipe(z.url({ protocol: /^https?$/ }));
      if (field.format === 'phone') return s.regex(PHONE);
      if (field.format === 'mobile')
        return s.refine((v) => v === '' || isValidMobile(v), { params: { kit: 'invalidMobile' } });
      return s;
    }
    case 'longText': {
      const s = z.string().max(field.maxLength ?? LONG_TEXT_MAX);
      return field.minLength ? s.min(field.minLength) : s;
    }
    case 'richText':
      return z.string().max(field.maxLength ?? RICH_TEXT_MAX);
    case 'integer':
      return z
        .number()
        .int()
        .min(field.min ?? INT_MIN)
        .max(field.max ?? INT_MAX);
    case 'decimal':
    case 'money': {
      const scale = scaleOf(field);
      const limit = 10 ** ((field.precision ?? 12) - scale);
      return z
        .number()
        .min(field.min ?? -limit + 1)
        .max(field.max ?? limit - 1)
        .refine((v) => hasScale(v, scale), { params: { kit: 'tooManyDecimals', scale } });
    }
    case 'boolean':
      return z.boolean();
    case 'enum':
      return z.enum(field.options.map((o) => o.value) as [string, ...string[]]);
    case 'dict':
      return z.string().max(field.maxLength ?? DICT_VALUE_MAX);
    case 'dictMany':
      // each value once; whether each is an enabled item is the server's check (the items live in the database)
      return z
        .array(
          z
            .string()
            .trim()
            .min(1)
            .max(field.maxLength ?? DICT_VALUE_MAX),
        )
        .max(field.maxCount ?? TAGS_MAX)
        .refine((values) => new Set(values).size === values.length, { params: { kit: 'invalidValue' } });
    case 'date':
      return z.iso.date();
    case 'datetime':
      return z.iso.datetime({ offset: true });
    case 'image':
    case 'video':
      return fileRef();
    case 'images':
      return z.array(fileRef()).max(field.upload.maxCount);
    case 'attachments':
      return z
        .array(
          z.strictObject({
            name: z.string().min(1).max(TEXT_MAX),
            url: fileRef(),
            size: z.number().int().nonnegative().optional(),
            type: z.string().max(100).optional(),
          }),
        )
        .max(field.upload.maxCount);
    case 'relation':
    case 'treeRelation':
      return z.number().int().positive().max(INT_MAX);
    case 'relationMany':
      return z
        .array(z.number().int().positive().max(INT_MAX))
        .max(field.maxCount ?? RELATION_MANY_MAX)
        .refine((ids) => new Set(ids).size === ids.length, { params: { kit: 'invalidValue' } });
    case 'tags':
      if (field.options)
        return z
          .array(z.enum(field.options.map((o) => o.value) as [string, ...string[]]))
          .max(field.maxCount ?? field.options.length)
          .refine((values) => new Set(values).size === values.length, { params: { kit: 'invalidValue' } });
      return z
        .array(
          z
            .string()
            .trim()
            .min(1)
            .max(field.maxLength ?? TAG_MAX_LENGTH),
        )
        .max(field.maxCount ?? TAGS_MAX);
    case 'json':
      return field.parts ? jsonParts(field.parts) : jsonValue();
    case 'dynamicForm':
      // Each value is checked against its config on the server (the configs live in the database).
      return z.record(z.string().regex(DYNAMIC_CODE).max(50), z.unknown());
    case 'password':
      // Letters and digits, like the passwords of accounts (change password).
      return z
        .string()
        .min(field.minLength ?? PASSWORD_MIN)
        .max(PASSWORD_MAX)
        .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), {
          params: { kit: 'weakPassword', min: field.minLength ?? PASSWORD_MIN },
        });
  }
}

/** The default a new record takes when the caller leaves the field out. */
export function defaultOf(field: FieldDef): unknown {
  // An inherited field stays empty until set: empty means "as the related record says".
  if (field.inherit) return undefined;
  // A kind-dependent field is empty while its condition does not hold, so it has no default (its column
  // must hold null).
  if (field.onlyWhen) return undefined;
  if (field.kind === 'enum') return field.default ?? field.machine?.initial;
  if (field.kind === 'boolean') return field.default ?? false;
  if (
    field.kind === 'text' ||
    field.kind === 'integer' ||
    field.kind === 'decimal' ||
    field.kind === 'money'
  ) {
    return field.default;
  }
  return undefined;
}

/** A value in a form that compares equal however it was written: empty values (null, blank text, an empty
 * list) are one, times compare by instant, numbers sent as text by number, and object keys in any order. */
function canonicalValue(field: FieldDef, value: unknown): string {
  const isEmpty =
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0);
  if (isEmpty) return 'null';
  if (field.kind === 'datetime' && (typeof value === 'string' || value instanceof Date)) {
    const time = new Date(value).getTime();
    if (!Number.isNaN(time)) return `time:${time}`;
  }
  const isNumeric = field.kind === 'integer' || field.kind === 'decimal' || field.kind === 'money';
  if (isNumeric && typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return JSON.stringify(Number(value));
  const sorted = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sorted);
    if (v && typeof v === 'object' && !(v instanceof Date))
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
      );
    return v;
  };
  return JSON.stringify(sorted(value));
}

/** Whether two values of a field are the same value (a read-only field sent back unchanged). */
export function sameValue(field: FieldDef, a: unknown, b: unknown): boolean {
  return canonicalValue(field, a) === canonicalValue(field, b);
}
