import type { z } from 'zod';

// Turns zod issues into one-line operator messages that name the key and the allowed values, e.g.
// `site.variant: expected 1, 2 or 3` (a bad value stops the server with a message naming the key).

type Issue = z.core.$ZodIssue;
type AnySchema = z.core.$ZodType;

export function listOf(values: readonly unknown[]): string {
  const shown = values.map((v) => (typeof v === 'string' ? JSON.stringify(v) : String(v)));
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1]}`;
}

function unwrap(schema: AnySchema): AnySchema {
  let current = schema;
  for (let i = 0; i < 10; i++) {
    const def = current._zod.def as { type: string; innerType?: AnySchema; in?: AnySchema };
    if (
      def.innerType &&
      ['default', 'optional', 'nullable', 'prefault', 'catch', 'readonly'].includes(def.type)
    ) {
      current = def.innerType;
    } else if (def.type === 'pipe' && def.in) {
      current = def.in;
    } else {
      break;
    }
  }
  return current;
}

/** The object schema found at `path` inside `schema`, if any (to list the keys it accepts). */
function objectKeysAt(schema: AnySchema, path: readonly PropertyKey[]): string[] | null {
  let current = unwrap(schema);
  for (const key of path) {
    const def = current._zod.def as { type: string; shape?: Record<string, AnySchema> };
    if (def.type !== 'object' || !def.shape) return null;
    const next = def.shape[String(key)];
    if (!next) return null;
    current = unwrap(next);
  }
  const def = current._zod.def as { type: string; shape?: Record<string, AnySchema> };
  return def.type === 'object' && def.shape ? Object.keys(def.shape) : null;
}

function joinPath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

function describe(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_union': {
      const nested = issue.errors.flat();
      const literals = nested.flatMap((i) => (i.code === 'invalid_value' ? i.values : []));
      if (literals.length) return `expected ${listOf(literals)}`;
      const types = nested.flatMap((i) => (i.code === 'invalid_type' ? [i.expected] : []));
      if (types.length) return `expected ${listOf([...new Set(types)].map(String))}`.replaceAll('"', '');
      return issue.message;
    }
    case 'invalid_value':
      return `expected ${listOf(issue.values)}`;
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'too_small':
      return issue.origin === 'string'
        ? `expected at least ${issue.minimum} characters`
        : issue.origin === 'array'
          ? `expected at least ${issue.minimum} items`
          : `expected a value of at least ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `expected at most ${issue.maximum} characters`
        : issue.origin === 'array'
          ? `expected at most ${issue.maximum} items`
          : `expected a value of at most ${issue.maximum}`;
    case 'invalid_format':
      return issue.format === 'regex' ? `expected ${issue.message}` : `expected a valid ${issue.format}`;
    default:
      return issue.message;
  }
}

/** One line per issue, each starting with the dotted key path. */
export function formatConfigIssues(issues: readonly Issue[], schema: AnySchema, prefix = ''): string[] {
  const lines: string[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      const allowed = objectKeysAt(schema, issue.path);
      for (const key of issue.keys) {
        const where = prefix + joinPath([...issue.path, key]);
        lines.push(`${where}: unknown key${allowed ? `; allowed keys: ${allowed.join(', ')}` : ''}`);
      }
      continue;
    }
    const where = prefix + (joinPath(issue.path) || '(root)');
    lines.push(`${where}: ${describe(issue)}`);
  }
  return lines;
}
