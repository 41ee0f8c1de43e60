import {
  type FieldError,
  type Lang,
  type ValidationMessageKey,
  validationMessage,
  validationTerms,
} from '@organiser/domain';

// Turns the zod issues fastify-type-provider-zod reports into `content.errors` of a validation refusal:
// one short message per bad field, in the caller's language.

/** What fastify-type-provider-zod puts in `error.validation[]`: the zod issue spread into `params`. */
export type ValidationIssue = {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
};

function valueAt(data: unknown, segments: string[]): unknown {
  let current = data;
  for (const s of segments) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[s];
  }
  return current;
}

function term(name: unknown, lang: Lang): string {
  const key = String(name) as keyof typeof validationTerms;
  return validationTerms[key]?.[lang] ?? String(name);
}

function describe(issue: ValidationIssue, value: unknown, lang: Lang): string {
  const p = issue.params;
  const msg = (key: ValidationMessageKey, params?: Record<string, string | number>) =>
    validationMessage(key, lang, params);
  switch (issue.keyword) {
    case 'invalid_type':
      if (value === undefined || value === null) return msg('required');
      if (p.expected === 'int') return msg('notInteger');
      return msg('wrongType', { expected: term(p.expected, lang) });
    case 'too_small': {
      const min = Number(p.minimum);
      if (p.origin === 'string') return min <= 1 ? msg('required') : msg('tooShort', { min });
      if (p.origin === 'array' || p.origin === 'set')
        return min <= 1 ? msg('required') : msg('tooFew', { min });
      return msg('tooSmall', { min });
    }
    case 'too_big': {
      const max = Number(p.maximum);
      if (p.origin === 'string') return msg('tooLong', { max });
      if (p.origin === 'array' || p.origin === 'set') return msg('tooMany', { max });
      return msg('tooBig', { max });
    }
    case 'invalid_value':
      return msg('notOption', { values: (p.values as unknown[] | undefined)?.map(String).join(', ') ?? '' });
    case 'invalid_union':
      return value === undefined ? msg('required') : msg('invalid');
    case 'invalid_format':
      return msg('badFormat', { format: term(p.format, lang) });
    case 'not_multiple_of':
      return msg('notInteger');
    case 'unrecognized_keys':
      return msg('unknownField');
    default:
      return msg('invalid');
  }
}

function pathOf(instancePath: string): string[] {
  return instancePath.split('/').filter(Boolean);
}

/** One entry per bad field (the first issue of each path), paths dotted: `contacts.0.email`. */
export function toFieldErrors(issues: ValidationIssue[], data: unknown, lang: Lang): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    const segments = pathOf(issue.instancePath);
    if (issue.keyword === 'unrecognized_keys') {
      for (const key of (issue.params.keys as string[] | undefined) ?? []) {
        const path = [...segments, key].join('.');
        if (seen.has(path)) continue;
        seen.add(path);
        out.push({ path, message: describe(issue, undefined, lang) });
      }
      continue;
    }
    const path = segments.join('.');
    if (seen.has(path)) continue;
    seen.add(path);
    out.push({ path, message: describe(issue, valueAt(data, segments), lang) });
  }
  return out;
}

/** The name of the first bad query or path parameter (for `badParameter`). */
export function firstParameterName(issues: ValidationIssue[]): string {
  const first = issues[0];
  if (!first) return '';
  if (first.keyword === 'unrecognized_keys')
    return String((first.params.keys as string[] | undefined)?.[0] ?? '');
  return pathOf(first.instancePath).join('.');
}
