import type { Lang } from '../errors';
import { isArrayKind, isSecretField } from './define-entity';
import { filterParams, queryFields } from './list-query';
import { type EntityPolicy, resolveFields } from './policy';
import type {
  Bilingual,
  EntityDef,
  EnumOption,
  FieldCondition,
  FieldDef,
  FieldKind,
  FilterOp,
  JsonPart,
  PatternRule,
  TextFormat,
  UploadRule,
} from './types';
import { defaultOf, TAGS_MAX } from './values';

// What the console's generic list and form screens need, derived from the definition and the field
// policy: columns, filters, form groups with widgets. Everything here is data, so the screens stay generic.

/** A site variant's text set may rename an entity (`entity.company.label`) or a field. */
export type TextSet = Record<string, string>;

const textKey = (def: EntityDef, suffix: string) => [
  `entity.${def.key}.${suffix}`,
  `entity.${def.name}.${suffix}`,
];

function override(texts: TextSet | undefined, keys: string[]): string | undefined {
  for (const k of keys) if (texts?.[k]) return texts[k];
  return undefined;
}

/** The entity's name in one language, singular or plural, after the variant's text set. */
export function entityLabel(
  def: EntityDef,
  lang: Lang,
  options: { texts?: TextSet; plural?: boolean } = {},
): string {
  const suffix = options.plural ? 'plural' : 'label';
  return (
    override(options.texts, textKey(def, suffix)) ?? def.labels[options.plural ? 'plural' : 'singular'][lang]
  );
}

/** A field's label in one language, after the variant's text set (`entity.<name>.field.<field>`). */
export function fieldLabel(def: EntityDef, name: string, lang: Lang, texts?: TextSet): string {
  return override(texts, textKey(def, `field.${name}`)) ?? def.fields[name]?.label[lang] ?? name;
}

/** The widget a kind renders with unless the definition names one. */
export const defaultWidget: Record<FieldKind, string> = {
  text: 'input',
  longText: 'textarea',
  richText: 'richText',
  integer: 'number',
  decimal: 'number',
  money: 'money',
  boolean: 'switch',
  enum: 'select',
  dict: 'dictSelect',
  dictMany: 'dictSelect',
  date: 'date',
  datetime: 'datetime',
  image: 'imageUpload',
  images: 'imageUpload',
  video: 'videoUpload',
  attachments: 'fileUpload',
  relation: 'relationSelect',
  relationMany: 'relationSelect',
  tags: 'tags',
  treeRelation: 'treeSelect',
  json: 'json',
  dynamicForm: 'dynamicForm',
  password: 'password',
};

const wideKinds = new Set<FieldKind>([
  'longText',
  'richText',
  'images',
  'attachments',
  'json',
  'dynamicForm',
]);
const noColumnKinds = new Set<FieldKind>([
  'longText',
  'richText',
  'json',
  'dynamicForm',
  'attachments',
  'password',
]);

/** Facts about a field every screen uses: options, relation target, upload rule, limits. */
export type FieldFacts = {
  name: string;
  kind: FieldKind;
  label: Bilingual;
  options?: readonly EnumOption[];
  relation?: {
    entity: string;
    labelField: string;
    isMultiple: boolean;
    maxCount?: number;
    /** Only a top-level record of the related tree may be chosen. */
    isTopLevel?: boolean;
    /** The chosen record must be a child of the record this other field holds (the form offers only those). */
    under?: string;
  };
  upload?: UploadRule;
  dict?: string;
  /** Part of a bilingual pair shown side by side. */
  pair?: { name: string; lang: 'en' | 'zh' };
  /** Moved by this status machine's actions. */
  isStatus: boolean;
  isComputed: boolean;
  isMultiple: boolean;
  /** Empty means inherited: the record's `effective` has the value in force and its source. */
  inherit?: { via: string; entity: string; field: string };
  /** A supplier account cannot change it (disabled on its forms). */
  isOrganiserOnly?: boolean;
  /** A password: never shown; empty on edit means unchanged. */
  isSecret?: boolean;
  /** A kind-dependent field: shown (and, when `isRequired`, required) only while the record's `field` holds
   * one of the values; otherwise hidden and saved empty. */
  onlyWhen?: FieldCondition;
  /** A JSON object's named parts, each edited as an input of its own. */
  parts?: Readonly<Record<string, JsonPart>>;
};

function factsOf(def: EntityDef, name: string, field: FieldDef): FieldFacts {
  return {
    name,
    kind: field.kind,
    label: field.label,
    options: field.kind === 'enum' || field.kind === 'tags' ? field.options : undefined,
    relation:
      field.kind === 'relation' || field.kind === 'relationMany'
        ? {
            entity: field.to,
            labelField: field.labelField,
            isMultiple: field.kind === 'relationMany',
            maxCount: field.maxCount,
            ...(field.kind === 'relation' && field.topLevel ? { isTopLevel: true } : {}),
            ...(field.kind === 'relation' && field.under ? { under: field.under } : {}),
          }
        : field.kind === 'treeRelation'
          ? { entity: def.name, labelField: field.labelField, isMultiple: false }
          : undefined,
    upload: 'upload' in field ? field.upload : undefined,
    dict: field.kind === 'dict' || field.kind === 'dictMany' ? field.dict : undefined,
    pair: field.kind === 'text' ? field.pair : undefined,
    isStatus: field.kind === 'enum' && Boolean(field.machine),
    isComputed: Boolean(field.computed),
    isMultiple: isArrayKind(field.kind),
    ...(field.inherit ? { inherit: inheritOf(def, field.inherit, name) } : {}),
    ...(field.organiserOnly ? { isOrganiserOnly: true } : {}),
    ...(isSecretField(field) ? { isSecret: true } : {}),
    ...(field.onlyWhen ? { onlyWhen: field.onlyWhen } : {}),
    ...(field.kind === 'json' && field.parts ? { parts: field.parts } : {}),
  };
}

function inheritOf(def: EntityDef, rule: NonNullable<FieldDef['inherit']>, name: string) {
  const via = def.fields[rule.via];
  return { via: rule.via, entity: via?.kind === 'relation' ? via.to : '', field: rule.field ?? name };
}

export type ColumnDescriptor = FieldFacts & {
  width?: number;
  isSortable: boolean;
  /** Shown until the user picks columns (column settings are remembered per user). */
  isShownByDefault: boolean;
};

const SYSTEM_COLUMNS: ColumnDescriptor[] = [
  {
    name: 'id',
    kind: 'integer',
    label: { en: 'ID', zh: 'ID' },
    isSortable: true,
    isShownByDefault: true,
    width: 80,
    isStatus: false,
    isComputed: true,
    isMultiple: false,
  },
  {
    name: 'createdAt',
    kind: 'datetime',
    label: { en: 'Created', zh: '创建时间' },
    isSortable: true,
    isShownByDefault: false,
    width: 160,
    isStatus: false,
    isComputed: true,
    isMultiple: false,
  },
  {
    name: 'updatedAt',
    kind: 'datetime',
    label: { en: 'Updated', zh: '更新时间' },
    isSortable: true,
    isShownByDefault: true,
    width: 160,
    isStatus: false,
    isComputed: true,
    isMultiple: false,
  },
];

/** Columns of the list, hidden fields left out, in declaration order, with id first and times last. */
export function listColumns(def: EntityDef, policy?: EntityPolicy): ColumnDescriptor[] {
  const declared = resolveFields(def, policy)
    .filter(
      (s) =>
        !s.isHidden && !isSecretField(s.field) && (s.field.list?.column ?? !noColumnKinds.has(s.field.kind)),
    )
    .map<ColumnDescriptor>((s) => ({
      ...factsOf(def, s.name, s.field),
      width: s.field.list?.width,
      isSortable: Boolean(s.field.list?.sortable),
      isShownByDefault: s.field.list?.shown ?? true,
    }));
  return [SYSTEM_COLUMNS[0]!, ...declared, SYSTEM_COLUMNS[1]!, SYSTEM_COLUMNS[2]!];
}

/** Columns an export may name (`columns=a,b`): every list column. */
export const exportableColumns = listColumns;

export type FilterDescriptor = FieldFacts & {
  op: FilterOp;
  /** The query parameters this filter writes (`status`, or `startDateFrom` + `startDateTo`). */
  params: string[];
};

/** The list's search form: one entry per filterable, visible field. */
export function listFilters(def: EntityDef, policy?: EntityPolicy): FilterDescriptor[] {
  return queryFields(def, policy)
    .filter((f) => f.filter)
    .map((f) => {
      const facts: FieldFacts = f.field
        ? factsOf(def, f.name, f.field)
        : (SYSTEM_COLUMNS.find((c) => c.name === f.name) ?? {
            name: f.name,
            kind: f.kind,
            label: { en: f.name, zh: f.name },
            isStatus: false,
            isComputed: true,
            isMultiple: false,
          });
      return { ...facts, op: f.filter!, params: filterParams(f) };
    });
}

export type FormFieldDescriptor = FieldFacts & {
  widget: string;
  span: number;
  /** Marked required only when required and visible. */
  isRequired: boolean;
  /** Shown disabled (computed, a status moved by actions, or read-only on edit). */
  isDisabled: boolean;
  placeholder?: Bilingual;
  help?: Bilingual;
  defaultValue?: unknown;
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  scale?: number;
  format?: TextFormat;
  pattern?: PatternRule;
};

export type FormGroupDescriptor = { key: string; label?: Bilingual; fields: FormFieldDescriptor[] };

function limitsOf(field: FieldDef): Partial<FormFieldDescriptor> {
  switch (field.kind) {
    case 'text':
      return {
        minLength: field.minLength,
        maxLength: field.maxLength,
        format: field.format,
        pattern: field.pattern,
      };
    case 'longText':
      return { minLength: field.minLength, maxLength: field.maxLength };
    case 'integer':
    case 'decimal':
    case 'money':
      return { min: field.min, max: field.max, scale: field.kind === 'integer' ? 0 : (field.scale ?? 2) };
    case 'tags':
      return { maxLength: field.maxLength, max: field.maxCount };
    case 'dictMany':
      return { max: field.maxCount ?? TAGS_MAX };
    default:
      return {};
  }
}

/**
 * The form of the add or edit page: groups in declared order, then ungrouped fields. On add, computed fields
 * and fields set only by actions (an audit's status and decision) are left out; on edit they show disabled,
 * like status fields. Hidden fields are never on the form.
 */
export function formLayout(
  def: EntityDef,
  options: { policy?: EntityPolicy; mode: 'add' | 'edit' },
): FormGroupDescriptor[] {
  const groups = new Map<string, FormGroupDescriptor>();
  for (const [key, g] of Object.entries(def.groups)) groups.set(key, { key, label: g.label, fields: [] });
  const rest: FormFieldDescriptor[] = [];
  for (const s of resolveFields(def, options.policy)) {
    if (s.isHidden) continue;
    if (options.mode === 'add' && (s.field.computed || s.isActionOnly)) continue;
    const field = s.field;
    const descriptor: FormFieldDescriptor = {
      ...factsOf(def, s.name, field),
      ...limitsOf(field),
      widget:
        field.form?.widget ?? (field.kind === 'text' && field.pair ? 'bilingual' : defaultWidget[field.kind]),
      span: field.form?.span ?? (wideKinds.has(field.kind) ? 24 : 12),
      isRequired: s.isRequired,
      isDisabled: options.mode === 'add' ? !s.isCreatable : !s.isEditable,
      placeholder: field.form?.placeholder,
      help: field.form?.help,
      defaultValue: defaultOf(field),
    };
    const group = field.form?.group ? groups.get(field.form.group) : undefined;
    (group ? group.fields : rest).push(descriptor);
  }
  const out = [...groups.values()].filter((g) => g.fields.length > 0);
  if (rest.length > 0) out.push({ key: 'main', fields: rest });
  return out;
}

/** The size hint of an upload, following a related record when the rule says so (the banner cover takes
 * its position's hint when the position has one). */
export function uploadSizeHint(
  rule: UploadRule,
  related?: Record<string, unknown> | null,
): string | undefined {
  if (rule.sizeHintFrom && related) {
    const hint = related[rule.sizeHintFrom.field];
    if (typeof hint === 'string' && hint.trim() !== '') return hint;
  }
  return rule.sizeHint;
}

/** The label's fields in each language: a bilingual pair's halves, a label field named for its language with
 * its Chinese twin (`nameEn`, `nameZh`), or the `en<Name>` / `zh<Name>` text fields beside a plain label field
 * `<name>` (a product category's `name` with its `enName` and `zhName`); null when the label has one language
 * only. */
export function labelLanguages(def: EntityDef): { en: string; zh: string } | null {
  const pair = def.pairs[def.labelField];
  if (pair) return { en: pair.en, zh: pair.zh };
  const isText = (name: string) => def.fields[name]?.kind === 'text';
  // a label field named for its language (a role's `nameEn` beside `nameZh`)
  const stem = def.labelField.endsWith('En') ? def.labelField.slice(0, -2) : null;
  if (stem && isText(`${stem}Zh`)) return { en: def.labelField, zh: `${stem}Zh` };
  const suffix = def.labelField.charAt(0).toUpperCase() + def.labelField.slice(1);
  const en = `en${suffix}`;
  const zh = `zh${suffix}`;
  return isText(en) && isText(zh) ? { en, zh } : null;
}

/** The stored fields a record's label is made of (what a query must read for `recordLabel`). */
export function labelColumns(def: EntityDef): string[] {
  const languages = labelLanguages(def);
  if (!languages) return [def.labelField];
  return def.pairs[def.labelField]
    ? [languages.en, languages.zh]
    : [...new Set([languages.en, languages.zh, def.labelField])];
}

const filled = (value: unknown) => value !== null && value !== undefined && String(value).trim() !== '';

/** A record's label in one language: the label field in that language when the definition has one (falling
 * back to the other language), else the label field. */
export function recordLabel(def: EntityDef, record: Record<string, unknown>, lang: Lang): string {
  const languages = labelLanguages(def);
  const other = lang === 'en' ? 'zh' : 'en';
  // the plain label field (a product category's `name`) stays the English label, as it always was; a Chinese
  // reader gets the Chinese field first
  const order = !languages
    ? [def.labelField]
    : def.pairs[def.labelField]
      ? [languages[lang], languages[other]]
      : lang === 'zh'
        ? [languages.zh, def.labelField, languages.en]
        : [def.labelField, languages.en, languages.zh];
  const found = order.map((name) => record[name]).find(filled);
  return found === undefined ? '' : String(found);
}

/** The status field of an entity whose records can be disabled (the enable / disable machine), if it has one:
 * a disabled record is not offered for new choices, while a choice already stored keeps it. */
export function disablingField(def: EntityDef): string | null {
  const field = def.fields.status;
  if (field?.kind !== 'enum') return null;
  return field.options.some((o) => o.value === 'disabled') && field.options.some((o) => o.value === 'enabled')
    ? 'status'
    : null;
}

/** Whether a record (as the API returns it) is disabled, so not to be offered for a new choice. */
export function isDisabledRecord(def: EntityDef, record: Record<string, unknown>): boolean {
  const field = disablingField(def);
  return field !== null && record[field] === 'disabled';
}
