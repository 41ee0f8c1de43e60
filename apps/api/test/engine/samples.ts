import {
  type EntityDef,
  type EntityPolicy,
  entities,
  type FieldDef,
  type FieldState,
  getEntity,
  inapplicableFields,
  resolveFields,
  TEXT_MAX,
  validateCreate,
} from '@organiser/domain';
import { referenceDictionaries } from '../../src/modules/dictionary/seed';

// Valid (and deliberately invalid) values built from a definition alone, so the contract suite runs any
// registered entity without knowing it. `refs` supplies ids of related records the suite created first.

/** An id of a record of `entity`; with `patch`, of one created with those values (a child in a tree). */
export type Refs = (entity: string, patch?: Record<string, unknown>) => Promise<number>;

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
  // A dynamic form and the field naming its group are left to their own tests (dynamic-forms.test.ts): a
  // group is a database row the suite does not create.
  if (
    field.kind === 'dynamicForm' ||
    Object.values(def.fields).some((f) => f.kind === 'dynamicForm' && f.groupField === name)
  )
    return undefined;
  // A monthly limit a quota counts against: high enough that the suite's own writes never reach it.
  if (
    Object.values(entities).some((e) =>
      e.quotas.some((q) => q.limit.entity === def.name && q.limit.field === name),
    )
  )
    return 1000;
  switch (field.kind) {
    case 'text': {
      // A text whose default is empty keeps it (a menu permission names no method).
      if (field.default === '') return undefined;
      if (field.pattern) {
        // A unique value, or a key fixed on creation (a code unique within its group), differs per record.
        const seeded = fit(`${field.pattern.example}${seed}`, field);
        const isKey =
          field.unique || field.readOnlyOnEdit || def.uniqueTogether.some((set) => set.includes(name));
        return isKey && new RegExp(field.pattern.source, field.pattern.flags).test(seeded)
          ? seeded
          : field.pattern.example;
      }
      if (field.format === 'email') return `user${seed}@example.com`;
      if (field.format === 'url') return `https://expo.example.com/p/${seed}`;
      if (field.format === 'phone' || field.format === 'mobile')
        return `+86 138 0000 ${String(seed % 10000).padStart(4, '0')}`;
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
    case 'dict': {
      // a value of the reference dictionary when there is one (the server checks it), else any
      const items = referenceDictionaries.find((d) => d.code === field.dict)?.items;
      return items ? items[seed % items.length]!.value : `dict_${seed}`;
    }
    case 'dictMany': {
      const items = referenceDictionaries.find((d) => d.code === field.dict)?.items;
      return [items ? items[seed % items.length]!.value : `dict_${seed}`];
    }
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
      // a relation that needs a related record of a kind gets one of that kind
      return field.where ? refs(field.to, { [field.where.field]: field.where.in[0] }) : refs(field.to);
    case 'relationMany':
      return [await refs(field.to)];
    case 'treeRelation':
      return null;
    case 'tags':
      return field.options ? [field.options[seed % field.options.length]!.value] : [`tag${seed}`];
    case 'json':
      // an object of declared parts holds only those parts
      return field.parts ? { [Object.keys(field.parts)[0]!]: `sample ${seed}` } : { sample: seed };
    case 'password':
      return `Secret${seed}pass`;
  }
}

/** `given`: values the body starts from (a kind), so the fields that depend on them are generated. */
export type SampleOptions = {
  policy?: EntityPolicy;
  onlyRequired?: boolean;
  given?: Record<string, unknown>;
};

/** A valid create body: every creatable field (or only the required ones), checked with the kit itself. */
export async function sampleBody(def: EntityDef, seed: number, refs: Refs, options: SampleOptions = {}) {
  const body: Record<string, unknown> = { ...options.given };
  for (const s of resolveFields(def, options.policy)) {
    if (!s.isCreatable || (options.onlyRequired && !s.isRequired) || s.name in body) continue;
    // a field of another kind is left out (it may name a record of the entity itself)
    const when = s.field.onlyWhen;
    const kind =
      body[when?.field ?? ''] ??
      (def.fields[when?.field ?? ''] as { default?: unknown } | undefined)?.default;
    if (when && !when.in.some((v) => v === kind)) continue;
    const value = await sampleValue(def, s.name, s.field, seed, refs);
    if (value !== undefined) body[s.name] = value;
  }
  // Kind-dependent fields whose condition the sample does not meet are not part of it.
  for (const name of inapplicableFields(def, body)) delete body[name];
  // A relation `under` another names a child of that record in the related tree.
  for (const [name, field] of Object.entries(def.fields)) {
    if (
      field.kind !== 'relation' ||
      !field.under ||
      body[name] === undefined ||
      name in (options.given ?? {})
    )
      continue;
    const target = getEntity(field.to);
    const tree = target && Object.entries(target.fields).find(([, f]) => f.kind === 'treeRelation')?.[0];
    const parent = body[field.under];
    body[name] = tree && typeof parent === 'number' ? await refs(field.to, { [tree]: parent }) : null;
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
    case 'dictMany':
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
    case 'tags':
      if (field.options) {
        const held = (current as string[] | null) ?? [];
        const other = field.options.find((o) => !held.includes(o.value));
        return other ? [other.value] : [];
      }
      return [...((current as string[] | null) ?? []), 'changed'];
    case 'images':
    case 'dictMany':
      return [...((current as string[] | null) ?? []), 'changed'];
    case 'relationMany':
      return [...((current as number[] | null) ?? []), 999999];
    case 'json':
      return field.parts ? { [Object.keys(field.parts)[0]!]: 'changed' } : { changed: true };
    default:
      return `${String(current ?? '')}changed`;
  }
}
