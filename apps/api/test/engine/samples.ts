import {
  type EntityDef,
  type EntityPolicy,
  type FieldDef,
  type FieldState,
  getEntity,
  resolveFields,
  TEXT_MAX,
  validateCreate,
} from '@organiser/domain';

// Valid (and deliberately invalid) values built from a definition alone, so the contract suite runs any
// registered entity without knowing it. `refs` supplies ids of related records the suite created first.

export type Refs = (entity: string) => Promise<number>;

const pad = (n: number) => String(n).padStart(2, '0');

/** Dates rise with the field's position, so "end not before start" style rules hold. */
function dateFor(index: number, seed: number): string {
  const d = new Date(Date.UTC(2024, 4, 1 + (seed % 20) + index));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

const fit = (text: string, field: { minLength?: number; maxLength?: number }) => {
  let out = text.slice(0, field.maxLength ?? TEXT_MAX);
  while (out.length < (field.minLength ?? 0)) out += 'x';
  return out;
};

function numberFor(
  field: Extract<FieldDef, { kind: 'integer' | 'decimal' | 'money' }>,
  seed: number,
): number {
  const min = field.min ?? 0;
  const max = field.max ?? min + 1000;
  const span = Math.max(1, Math.min(max - min, 1000));
  const base = min + (seed % span);
  return field.kind === 'integer' ? base : Math.min(max, base + 0.25);
}

/** A valid value of a field for the `seed`-th sample record (unique fields differ per seed). */
export async function sampleValue(
  def: EntityDef,
  name: string,
  field: FieldDef,
  seed: number,
  refs: Refs,
): Promise<unknown> {
  const index = Object.keys(def.fields).indexOf(name);
  // A monthly limit a quota counts against: high enough that the suite's own writes never reach it.
  if (def.quotas.some((q) => q.limit.entity === def.name && q.limit.field === name)) return 1000;
  switch (field.kind) {
    case 'text': {
      if (field.pattern)
        return field.unique ? fit(`${field.pattern.example}${seed}`, field) : field.pattern.example;
      if (field.format === 'email') return `user${seed}@example.com`;
      if (field.format === 'url') return `https://expo.example.com/p/${seed}`;
      if (field.format === 'phone') return `+86 138 0000 ${String(seed % 10000).padStart(4, '0')}`;
      return fit(field.pair?.lang === 'zh' ? `样例${name}${seed}` : `Sample ${name} ${seed}`, field);
    }
    case 'longText':
      return fit(`Long text ${seed} 长文本`, field);
    case 'richText':
      return `<p>Rich <b>text</b> ${seed}</p>`;
    case 'integer':
    case 'decimal':
    case 'money':
      return numberFor(field, seed);
    case 'boolean':
      // An exclusive flag (one default per company) goes to the newest record that asks for it.
      return field.exclusive ? true : seed % 2 === 0;
    case 'enum':
      return field.machine
        ? field.machine.initial
        : (field.default ?? field.options[seed % field.options.length]!.value);
    case 'dict':
      return `dict_${seed}`;
    case 'date':
      return dateFor(index, seed);
    case 'datetime':
      return `${dateFor(index, seed)}T08:30:00.000Z`;
    case 'image':
    case 'video':
      return `demo/sample-${seed}.${field.kind === 'video' ? 'mp4' : 'png'}`;
    case 'images':
      return [`demo/sample-${seed}-1.png`];
    case 'attachments':
      return [{ name: `sample-${seed}.pdf`, url: `demo/sample-${seed}.pdf` }];
    case 'relation':
      return refs(field.to);
    case 'relationMany':
      return [await refs(field.to)];
    case 'treeRelation':
      return null;
    case 'tags':
      return [`tag${seed}`];
    case 'json':
      return { sample: seed };
    case 'password':
      return `Secret${seed}pass`;
  }
}

export type SampleOptions = { policy?: EntityPolicy; onlyRequired?: boolean };

/** A valid create body: every creatable field (or only the required ones), checked with the kit itself. */
export async function sampleBody(def: EntityDef, seed: number, refs: Refs, options: SampleOptions = {}) {
  const body: Record<string, unknown> = {};
  for (const s of resolveFields(def, options.policy)) {
    if (!s.isCreatable || (options.onlyRequired && !s.isRequired)) continue;
    body[s.name] = await sampleValue(def, s.name, s.field, seed, refs);
  }
  if (options.onlyRequired) {
    // Rules such as "at least one of a pair" need a field that is not required on its own.
    for (const rule of def.rules) {
      if (rule.kind === 'atLeastOne' && !rule.fields.some((f) => body[f] !== undefined)) {
        const f = rule.fields[0]!;
        body[f] = await sampleValue(def, f, def.fields[f]!, seed, refs);
      }
    }
  }
  const check = validateCreate(def, body, { policy: options.policy });
  if (!check.ok) {
    throw new Error(
      `samples.ts cannot build a valid ${def.name}: ${JSON.stringify(check.issues)}; teach sampleValue`,
    );
  }
  return body;
}

let changeSeed = 50_000;

/** Another valid value for an editable field, different from `current`. */
export async function changedValue(
  def: EntityDef,
  state: FieldState,
  current: unknown,
  refs: Refs,
): Promise<unknown> {
  for (let tries = 0; tries < 10; tries++) {
    const seed = ++changeSeed;
    const v = await sampleValue(def, state.name, state.field, seed, refs);
    if (JSON.stringify(v) !== JSON.stringify(current)) return v;
  }
  return undefined;
}

/** A value of the wrong type for a field (a number for text, text for a number, ...). */
export function wrongValue(field: FieldDef): unknown {
  switch (field.kind) {
    case 'text':
    case 'longText':
    case 'richText':
    case 'dict':
    case 'image':
    case 'video':
    case 'password':
      return 12345;
    case 'boolean':
      return 'perhaps';
    case 'images':
    case 'tags':
    case 'relationMany':
    case 'attachments':
      return 'not a list';
    case 'enum':
      return 'no-such-option';
    case 'date':
    case 'datetime':
      return '31/02/2024';
    case 'json':
      return undefined;
    default:
      return 'not a number';
  }
}

export const hasEntity = (name: string) => Boolean(getEntity(name));

/** A valid-looking value of a field that differs from `current` (a changed read-only or status value). */
export function otherValue(field: FieldDef, current: unknown): unknown {
  switch (field.kind) {
    case 'boolean':
      return current !== true;
    case 'enum':
      return field.options.find((o) => o.value !== current)!.value;
    case 'integer':
    case 'decimal':
    case 'money':
    case 'relation':
    case 'treeRelation':
      return typeof current === 'number' ? current + 1 : 1;
    case 'date':
      return current === '2020-01-01' ? '2020-01-02' : '2020-01-01';
    case 'datetime':
      return current === '2020-01-01T00:00:00.000Z' ? '2020-01-02T00:00:00.000Z' : '2020-01-01T00:00:00.000Z';
    case 'images':
    case 'tags':
      return [...((current as string[] | null) ?? []), 'changed'];
    case 'relationMany':
      return [...((current as number[] | null) ?? []), 999999];
    case 'json':
      return { changed: true };
    default:
      return `${String(current ?? '')}changed`;
  }
}
