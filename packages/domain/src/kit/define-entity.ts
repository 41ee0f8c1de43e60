import { kitMessage } from './messages';
import {
  type Behaviour,
  type Bilingual,
  type BilingualPairInput,
  type Capabilities,
  type CapabilitiesInput,
  type CheckedImportRule,
  type CommandDef,
  type CommandInput,
  type CrossRule,
  type DrillDown,
  type EntityDef,
  type EntityInput,
  type EntityLabels,
  type EntityShape,
  type FieldDef,
  type FieldInput,
  type JoinTable,
  type ReportParams,
  type SortOrder,
  SYSTEM_FIELDS,
  type TextField,
  type TypedEntityDef,
} from './types';
import { isWidgetName } from './widgets';

/** Path segments the engine uses after `/api/<entity>/`: an action may not take one of these names. */
export const RESERVED_SEGMENTS = [
  'list',
  'trash',
  'export',
  'import',
  'batch',
  'restore',
  'purge',
  'history',
  'revert',
  'options',
  'delete',
  'tree',
] as const;

export const snakeCase = (name: string): string =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();

export const camelCase = (name: string): string =>
  name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

const capitalise = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

/** The database column of a field: its own `column`, else its JSON name in snake_case. */
export const columnOf = (field: FieldDef, name: string): string => field.column ?? snakeCase(name);

class DefinitionError extends Error {
  constructor(entity: string, detail: string) {
    super(`Entity "${entity}": ${detail}`);
    this.name = 'DefinitionError';
  }
}

const TEXT_KINDS = new Set(['text', 'longText', 'richText', 'dict']);

/**
 * Checks a definition and expands it: bilingual pairs become `en<Name>` / `zh<Name>` text fields, status
 * machines become named actions. Mistakes in a definition throw at import time, so they fail every test.
 */
export function defineEntity<const F extends Record<string, FieldInput>>(
  input: EntityInput<F>,
): TypedEntityDef<F> {
  return build(input as unknown as EntityInput<Record<string, FieldInput>>);
}

/** What a view inherits from its base besides the fields it picks. */
type ViewBase = { source: string; table: string; pairs: EntityDef['pairs'] };

/** How `build` is asked for a shape other than a plain entity. */
type ShapeOptions = {
  shape?: EntityShape;
  view?: ViewBase;
  report?: EntityDef['report'];
};

/** The capabilities a shape allows, narrowed by what the definition switches off. */
function resolveCapabilities(
  shape: EntityShape,
  softDelete: boolean,
  input: CapabilitiesInput = {},
): Capabilities {
  const readOnly = input.readOnly || shape === 'view' || shape === 'report';
  const appendOnly = input.appendOnly || shape === 'event';
  return {
    create: !readOnly,
    update: !readOnly && !appendOnly,
    delete: !readOnly && !appendOnly,
    import: !readOnly && input.import !== false,
    export: input.export !== false,
    history: shape !== 'event' && shape !== 'report' && input.history !== false,
    trash: softDelete && !readOnly && !appendOnly,
  };
}

const defaultPlacement = (target: CommandInput['target']): CommandDef['placement'] =>
  target === 'record'
    ? ['row', 'form']
    : target === 'batch'
      ? ['bulk']
      : target === 'both'
        ? ['row', 'form', 'bulk']
        : ['toolbar'];

function build(input: EntityInput<Record<string, FieldInput>>, options: ShapeOptions = {}): EntityDef {
  const { view } = options;
  const shape: EntityShape = options.shape ?? (view ? 'view' : 'entity');
  const fail = (detail: string): never => {
    throw new DefinitionError(input.name, detail);
  };
  if (!/^[a-z][a-z0-9_]*$/.test(input.name)) fail('the API name must be snake_case');

  const fields: Record<string, FieldDef> = {};
  const pairs: EntityDef['pairs'] = {};
  for (const [name, pair] of Object.entries(view?.pairs ?? {}))
    if (pair.en in input.fields && pair.zh in input.fields) pairs[name] = pair;
  const rules: CrossRule[] = [];
  const shownBy = defaultColumnsOf(input, fail);
  for (const [name, declared] of Object.entries(input.fields)) {
    if ((SYSTEM_FIELDS as readonly string[]).includes(name)) fail(`"${name}" is a system field`);
    const field = shownBy(name, declared);
    if (field.kind !== 'bilingual') {
      fields[name] = field;
      continue;
    }
    const { en, zh } = expandPair(name, field);
    fields[en.name] = en.field;
    fields[zh.name] = zh.field;
    pairs[name] = { en: en.name, zh: zh.name, label: field.label };
    if (field.required === 'either') {
      rules.push({
        kind: 'atLeastOne',
        fields: [en.name, zh.name],
        message: kitMessage('pairEither', { label: field.label }),
      });
    }
  }

  const has = (name: string) => name in fields || (SYSTEM_FIELDS as readonly string[]).includes(name);
  const columns = new Set<string>();
  for (const [name, field] of Object.entries(fields)) {
    const column = field.column ?? snakeCase(name);
    if (columns.has(column)) fail(`two fields map to column "${column}"`);
    columns.add(column);
    checkField(name, field, { fields, groups: input.groups }, fail);
  }
  const trees = Object.keys(fields).filter((n) => fields[n]!.kind === 'treeRelation');
  if (trees.length > 1) fail('an entity has at most one treeRelation field');
  if (input.treeAnswer && trees.length === 0) fail('treeAnswer needs a treeRelation field');
  if (input.scope && input.scope.field !== 'id' && !(input.scope.field in fields))
    fail(`scope field "${input.scope.field}" is not declared`);
  if (input.scope?.only && !(input.scope.only.field in fields))
    fail(`scope condition field "${input.scope.only.field}" is not declared`);
  for (const quota of input.quotas ?? []) {
    if (!input.scope) fail(`quota "${quota.key}" needs the entity's scope (the company it counts against)`);
    if (quota.counts !== 'records' && !(quota.counts.set in fields))
      fail(`quota "${quota.key}": field "${quota.counts.set}" is not declared`);
  }

  const actions = collectActions(fields, fail);

  for (const name of input.search ?? []) {
    const field = fields[name] ?? (input.fields[name]?.kind === 'bilingual' ? { kind: 'text' } : undefined);
    if (!field) fail(`search field "${name}" is not declared`);
    else if (!TEXT_KINDS.has(field.kind)) fail(`search field "${name}" is not text`);
  }
  const search = (input.search ?? []).flatMap((name) =>
    pairs[name] ? [pairs[name].en, pairs[name].zh] : [name],
  );

  if (!has(input.defaultSort.field)) fail(`default sort field "${input.defaultSort.field}" is not declared`);
  for (const name of Object.keys(input.defaultFilters ?? {}))
    if (!fields[name]?.list?.filter) fail(`default filter "${name}" is not a filter of the list`);
  if (input.listWhere) {
    const on = fields[input.listWhere.field];
    if (on?.kind !== 'enum') fail(`list condition field "${input.listWhere.field}" must be an enum`);
    else
      for (const v of input.listWhere.in)
        if (!on.options.some((o) => o.value === v)) fail(`list condition value "${v}" is not an option`);
  }
  if (!(input.labelField in fields) && !pairs[input.labelField])
    fail(`label field "${input.labelField}" is unknown`);
  if (input.labelImage !== undefined && fields[input.labelImage]?.kind !== 'image')
    fail(`label image "${input.labelImage}" must be an image field`);

  for (const rule of [...(input.rules ?? [])]) {
    const names =
      rule.kind === 'atLeastOne'
        ? rule.fields
        : [rule.field, rule.kind === 'compare' ? rule.other : rule.when.field];
    for (const n of names) if (!(n in fields)) fail(`rule names unknown field "${n}"`);
    rules.push(rule);
  }

  const commands = resolveCommands(input.commands ?? {}, fields, actions, fail);
  checkOnlyWhen(fields, fail);
  if (input.parent) {
    const link = fields[input.parent.field];
    if (link?.kind !== 'relation' || link.to !== input.parent.entity)
      fail(`parent field "${input.parent.field}" must be a relation to ${input.parent.entity}`);
    const order = input.parent.order;
    if (order && fields[order]?.kind !== 'integer') fail(`parent order field "${order}" must be an integer`);
  }
  const softDelete = input.softDelete ?? false;

  return {
    name: input.name,
    key: camelCase(input.name),
    table: view?.table ?? input.table ?? input.name,
    labels: input.labels,
    fields,
    pairs,
    groups: input.groups ?? {},
    search,
    defaultSort: { ...input.defaultSort },
    softDelete,
    permission: input.permission,
    labelField: input.labelField,
    labelImage: input.labelImage ?? null,
    rules,
    actions,
    scope: input.scope ?? null,
    quotas: input.quotas ?? [],
    tree: trees[0] ?? null,
    source: view?.source ?? null,
    ...(input.defaultFilters ? { defaultFilters: { ...input.defaultFilters } } : {}),
    shape,
    capabilities: resolveCapabilities(shape, softDelete, input.capabilities),
    listWhere: input.listWhere ? { field: input.listWhere.field, in: [...input.listWhere.in] } : null,
    commands,
    ...(input.checkedImport ? { checkedImport: checkedImportRule(input.checkedImport, fail) } : {}),
    parent: input.parent ? { ...input.parent } : null,
    report: options.report ?? null,
    behaviour: input.behaviour ?? {},
    routes: routeOverrides(input.routes, fail),
    treeAnswer: input.treeAnswer ?? 'nested',
    uniqueTogether: uniqueSets(input.uniqueTogether ?? [], fields, fail),
    eventKey: eventKeyOf(input.eventKey, shape, fields, fail),
    uniqueIndexNames: { ...input.uniqueIndexNames },
    builtIn: builtInRule(input.builtIn, fields, fail),
    deleteHeld: input.deleteHeld ?? 'refuse',
  };
}

/** The built-in rule names declared fields: its condition's and the editable ones. */
function builtInRule(
  rule: EntityInput<Record<string, FieldInput>>['builtIn'],
  fields: Record<string, FieldDef>,
  fail: (detail: string) => never,
): EntityDef['builtIn'] {
  if (!rule) return null;
  const removable = rule.removableWhen;
  for (const name of [rule.when.field, ...(rule.editable ?? []), ...(removable ? [removable.field] : [])])
    if (!(name in fields)) fail(`builtIn names unknown field "${name}"`);
  return {
    when: { field: rule.when.field, in: [...rule.when.in] },
    editable: [...(rule.editable ?? [])],
    removableWhen: removable ? { field: removable.field, in: [...removable.in] } : null,
  };
}

/** An event entity's key: a stored text field of its own. */
function eventKeyOf(
  key: string | undefined,
  shape: EntityShape,
  fields: Record<string, FieldDef>,
  fail: (detail: string) => never,
): string | null {
  if (key === undefined) return null;
  if (shape !== 'event') fail(`eventKey is for event entities (defineEvent)`);
  const field = fields[key];
  if (field?.kind !== 'text' || field.virtual)
    fail(`eventKey names "${key}", which is not a stored text field`);
  return key;
}

/** Sets of stored fields unique together: at least two declared fields each, with a column of their own. */
function uniqueSets(
  sets: readonly (readonly string[])[],
  fields: Record<string, FieldDef>,
  fail: (detail: string) => never,
): string[][] {
  return sets.map((set) => {
    if (set.length < 2 || new Set(set).size !== set.length)
      fail(`uniqueTogether [${set.join(', ')}] needs two or more different fields`);
    for (const name of set) {
      const field = fields[name];
      if (!field || isSecretField(field) || isJoinField(field) || isArrayKind(field.kind))
        fail(`uniqueTogether names "${name}", which is not a stored single-value field`);
    }
    return [...set];
  });
}

/** The generated routes an entity renames or leaves out, so the product's own calls keep their paths. A new
 * path is relative to the entity's base (`page`, `detail/:id`); the route table checks the keys and
 * parameters against the routes the entity has. */
function routeOverrides(
  routes: EntityInput<Record<string, FieldInput>>['routes'],
  fail: (detail: string) => never,
): EntityDef['routes'] {
  const paths = { ...(routes?.paths ?? {}) };
  for (const [key, path] of Object.entries(paths))
    if (!/^[a-z0-9_]+(\/(:[a-z]+|[a-z0-9_]+))*$/i.test(path))
      fail(`routes.paths.${key}: "${path}" is not a path`);
  return { omit: [...(routes?.omit ?? [])], paths };
}

/** The checks of one field on its own: enum defaults and machines, pattern examples, filters, groups, widgets and
 * the kind's options. */
function checkField(
  name: string,
  field: FieldDef,
  on: { fields: Record<string, FieldDef>; groups?: Record<string, { label: Bilingual }> },
  fail: (detail: string) => never,
): void {
  const { fields, groups } = on;
  if (field.kind === 'enum') {
    const values = field.options.map((o) => o.value);
    if (field.default !== undefined && !values.includes(field.default))
      fail(`${name}: default is not an option`);
    if (field.machine) {
      if (!values.includes(field.machine.initial)) fail(`${name}: machine initial state is not an option`);
      for (const [action, a] of Object.entries(field.machine.actions)) {
        for (const s of [...a.from, a.to])
          if (!values.includes(s)) fail(`${name}.${action}: unknown state "${s}"`);
      }
    }
  }
  if (field.kind === 'text' && field.pattern) {
    const { source, flags, example } = field.pattern;
    if (!new RegExp(source, flags).test(example)) fail(`${name}: the pattern's example does not match it`);
  }
  if (field.list?.filter === 'like' && !TEXT_KINDS.has(field.kind)) fail(`${name}: like filters need text`);
  if (field.list?.filter === 'range' && !isRangeKind(field.kind))
    fail(`${name}: range filters need numbers or dates`);
  if (field.form?.group && !groups?.[field.form.group]) fail(`${name}: unknown group "${field.form.group}"`);
  if (field.form?.widget && !isWidgetName(field.form.widget))
    fail(`${name}: unknown widget "${field.form.widget}"`);
  checkFieldOptions(name, field, fields, fail);
}

/** A kind-dependent field depends on a known, not itself kind-dependent field, and on values it can hold. */
function checkOnlyWhen(fields: Record<string, FieldDef>, fail: (detail: string) => never): void {
  for (const [name, field] of Object.entries(fields)) {
    if (!field.onlyWhen) continue;
    const on = fields[field.onlyWhen.field];
    if (!on) fail(`${name}: depends on unknown field "${field.onlyWhen.field}"`);
    else if (on.onlyWhen) fail(`${name}: depends on "${field.onlyWhen.field}", itself kind-dependent`);
    else if (on.kind === 'enum') {
      const values = on.options.map((o) => o.value);
      for (const v of field.onlyWhen.in)
        if (!values.includes(String(v))) fail(`${name}: depends on unknown value "${String(v)}"`);
    }
    if (field.unique) fail(`${name}: a kind-dependent field cannot be unique`);
  }
}

/** The two text fields of a bilingual pair: `en<Name>` and `zh<Name>`, labelled with the language. */
function expandPair(
  name: string,
  field: BilingualPairInput,
): Record<'en' | 'zh', { name: string; field: TextField }> {
  const required = field.required;
  const half = (lang: 'en' | 'zh') => ({
    name: `${lang}${capitalise(name)}`,
    field: {
      kind: 'text',
      label: kitMessage(lang === 'en' ? 'pairEn' : 'pairZh', { label: field.label }),
      required: required === true || required === 'both' || required === lang,
      unique: field.unique,
      maxLength: field.maxLength,
      computed: field.computed,
      readOnlyOnEdit: field.readOnlyOnEdit,
      onlyWhen: field.onlyWhen,
      list: field.list,
      form: field.form,
      pair: { name, lang },
    } satisfies TextField,
  });
  return { en: half('en'), zh: half('zh') };
}

/** The named actions of the status machines: each with the field it moves and its transition. */
function collectActions(
  fields: Record<string, FieldDef>,
  fail: (detail: string) => never,
): EntityDef['actions'] {
  const actions: EntityDef['actions'] = {};
  for (const [name, field] of Object.entries(fields)) {
    if (field.kind !== 'enum' || !field.machine) continue;
    for (const [action, a] of Object.entries(field.machine.actions)) {
      if (actions[action]) fail(`action "${action}" is declared twice`);
      if ((RESERVED_SEGMENTS as readonly string[]).includes(action))
        fail(`action "${action}" is a reserved name`);
      for (const target of Object.keys(a.assign ?? {})) {
        if (!(target in fields)) fail(`${action}: assigns "${target}"`);
        // what an action-only decision records is action-only too (an audit's who, when and remark)
        else if (field.actionOnly && !fields[target]!.actionOnly)
          fail(`${action}: assigns "${target}", which must be actionOnly like "${name}"`);
      }
      actions[action] = { field: name, ...a };
    }
  }
  return actions;
}

/** The custom commands, checked (names, conditions, widgets) and placed (`row` and `form` for a record …). */
function resolveCommands(
  input: Record<string, CommandInput>,
  fields: Record<string, FieldDef>,
  actions: EntityDef['actions'],
  fail: (detail: string) => never,
): EntityDef['commands'] {
  const commands: EntityDef['commands'] = {};
  for (const [name, command] of Object.entries(input)) {
    if (!/^[a-z][a-zA-Z0-9]*$/.test(name)) fail(`command "${name}" must be camelCase`);
    if (actions[name]) fail(`command "${name}" is also a status action`);
    if ((RESERVED_SEGMENTS as readonly string[]).includes(name)) fail(`command "${name}" is a reserved name`);
    if (command.path !== undefined && !/^[a-z][a-z0-9_]*$/.test(command.path))
      fail(`command "${name}": path "${command.path}" must be lower case letters, digits and _`);
    if (command.path && (RESERVED_SEGMENTS as readonly string[]).includes(command.path))
      fail(`command "${name}": path "${command.path}" is a reserved name`);
    if (command.showResultOnce && !command.answersResult)
      fail(`command "${name}": showResultOnce needs answersResult`);
    if (command.when && !(command.when.field in fields))
      fail(`command "${name}": condition on unknown field "${command.when.field}"`);
    if (command.when && command.target === 'entity')
      fail(`command "${name}": an entity-wide command has no record to test`);
    for (const [key, f] of Object.entries(command.input ?? {}))
      if (f.form?.widget && !isWidgetName(f.form.widget))
        fail(`command "${name}".${key}: unknown widget "${f.form.widget}"`);
    if (
      command.system &&
      (command.placement?.length || command.path || command.permission || command.answersResult)
    )
      fail(`command "${name}": a system command has no route, placement or permission`);
    commands[name] = {
      ...command,
      placement: command.system ? [] : (command.placement ?? defaultPlacement(command.target)),
    };
  }
  return commands;
}

/** Applies the entity's `defaultColumns`: a field not named there gets `list.shown: false` (its column is in
 * the column settings only). A field that says `list.shown` itself while the entity names its default columns
 * is a mistake (two places would decide one thing). */
function defaultColumnsOf(
  input: EntityInput<Record<string, FieldInput>>,
  fail: (detail: string) => never,
): <T extends FieldInput>(name: string, field: T) => T {
  const columns = input.defaultColumns;
  if (!columns) return (_, field) => field;
  for (const name of columns) if (!(name in input.fields)) fail(`default column "${name}" is not declared`);
  return (name, field) => {
    if (field.list?.shown !== undefined)
      fail(`${name}: says list.shown while the entity names its defaultColumns`);
    return columns.includes(name) ? field : { ...field, list: { ...field.list, shown: false } };
  };
}

/** A checked import's two paths: lower case, and two different ones. */
function checkedImportRule(rule: CheckedImportRule, fail: (detail: string) => never): CheckedImportRule {
  for (const path of [rule.check.path, rule.confirm.path])
    if (!/^[a-z][a-z0-9_]*$/.test(path))
      fail(`checkedImport: path "${path}" must be lower case letters, digits and _`);
  if (rule.check.path === rule.confirm.path) fail('checkedImport: check and confirm need two paths');
  if (!Number.isInteger(rule.maxRows) || rule.maxRows < 1)
    fail('checkedImport: maxRows must be a positive integer');
  return { check: { ...rule.check }, confirm: { ...rule.confirm }, maxRows: rule.maxRows };
}

/** Checks of the options a field may carry besides its kind's own (inherit, derive, exclusive, onEdit …). */
function checkFieldOptions(
  name: string,
  field: FieldDef,
  fields: Record<string, FieldDef>,
  fail: (detail: string) => never,
): void {
  if (field.inherit) {
    const via = fields[field.inherit.via];
    if (via?.kind !== 'relation') fail(`${name}: inherits through "${field.inherit.via}", not a relation`);
    if ('default' in field && field.default !== undefined) fail(`${name}: an inherited field has no default`);
  }
  if (field.derive) {
    if (!field.computed) fail(`${name}: a derived field must be computed`);
    if (field.kind !== 'boolean') fail(`${name}: derived fields are booleans`);
    const names =
      field.derive.kind === 'all'
        ? field.derive.when.map((w) => w.field)
        : field.derive.fields === 'required'
          ? []
          : field.derive.fields;
    for (const n of names) if (!(n in fields)) fail(`${name}: derives from unknown field "${n}"`);
  }
  if (field.kind === 'dynamicForm') {
    const group = fields[field.groupField];
    if (group?.kind !== 'text') fail(`${name}: groupField "${field.groupField}" is not a text field`);
    if (field.unique || field.list?.sortable || field.list?.filter)
      fail(`${name}: a dynamic form field filters through its configs, it is not unique, sorted or filtered`);
  }
  if (field.kind === 'boolean' && field.exclusive && !(field.exclusive.per in fields))
    fail(`${name}: exclusive per unknown field "${field.exclusive.per}"`);
  if (field.kind === 'enum' && field.onEdit) {
    const values = field.options.map((o) => o.value);
    for (const s of [...field.onEdit.from, field.onEdit.to])
      if (!values.includes(s)) fail(`${name}: onEdit names unknown state "${s}"`);
  }
  if (field.kind === 'relation' && field.under) {
    const other = fields[field.under];
    if (other?.kind !== 'relation' || other.to !== field.to)
      fail(`${name}: under "${field.under}", which is not a relation to ${field.to}`);
  }
  if (
    field.kind === 'treeRelation' &&
    field.maxDepth !== undefined &&
    (!Number.isInteger(field.maxDepth) || field.maxDepth < 1)
  )
    fail(`${name}: maxDepth must be a whole number of at least 1`);
  if (
    (field.virtual || field.kind === 'password') &&
    (field.unique || field.list?.filter || field.list?.sortable)
  )
    fail(`${name}: a secret or virtual field cannot be unique, filtered or sorted`);
  if ((field.kind === 'relation' || field.kind === 'relationMany') && field.through)
    checkJoinTable(name, field, fail);
}

const SQL_NAME = /^[a-z_][a-z0-9_]*$/;

function checkJoinTable(
  name: string,
  field: FieldDef & { kind: 'relation' | 'relationMany' },
  fail: (detail: string) => never,
) {
  const through = field.through!;
  if (field.kind !== 'relationMany') fail(`${name}: only a relationMany field is kept in a join table`);
  if (![through.table, through.source, through.target].every((n) => SQL_NAME.test(n)))
    fail(`${name}: the join table and its columns are plain lower-case SQL names`);
  // a list filters it by the ids a record holds (eq, in); range and like filters need other kinds anyway
  if (field.unique || field.list?.sortable)
    fail(`${name}: a field kept in a join table is neither unique nor sorted`);
}

export type ViewInput = {
  /** API name of the view (`company_audit`). */
  name: string;
  labels: EntityLabels;
  /** The menu url of the view's list page. */
  permission: { menu: string };
  /** Fields of the base the view shows: `all` (every field but secrets and virtual ones) or their names
   * (a bilingual pair by its name). */
  pick: 'all' | readonly string[];
  /** Fields redefined for the view, same kind and column as the base's: typically a status with the machine
   * of the view's actions. */
  override?: Record<string, FieldDef>;
  defaultSort?: { field: string; order: SortOrder };
  /** List filters the view's list opens with (the audit queue opens on the records to audit). */
  defaultFilters?: Readonly<Record<string, string>>;
  labelField?: string;
  groups?: Record<string, { label: Bilingual }>;
  /** Hooks and screens registered for the view elsewhere (see `Behaviour`). */
  behaviour?: Behaviour;
};

/**
 * A view: a second screen over an entity's records with its own menu (`/companyAudit` over the companies). It reads the base's table, shows the fields it picks, and offers only reads and the actions of
 * the status machines it declares in `override`; the base keeps create, update, delete, import and its own
 * status actions. A view inherits the base's
 * search, soft delete and row scope; its actions are recorded in the base record's history.
 */
export function defineView(base: EntityDef, input: ViewInput): EntityDef {
  const fail = (detail: string): never => {
    throw new DefinitionError(input.name, detail);
  };
  if (base.source) fail('a view cannot be based on another view');
  const names =
    input.pick === 'all'
      ? Object.keys(base.fields)
      : input.pick.flatMap((n) => (base.pairs[n] ? [base.pairs[n].en, base.pairs[n].zh] : [n]));
  const fields: Record<string, FieldDef> = {};
  for (const name of names) {
    const field = base.fields[name];
    if (!field) fail(`"${name}" is not a field of ${base.name}`);
    else if (field.kind === 'password' || field.virtual) continue;
    // The base's status machines stay the base's: a view offers only the actions of its own overrides.
    else if (field.kind === 'enum' && field.machine) {
      const { machine: _, ...plain } = field;
      fields[name] = plain;
    } else fields[name] = field;
  }
  for (const [name, field] of Object.entries(input.override ?? {})) {
    const own = fields[name];
    if (!own) fail(`override "${name}" is not a picked field`);
    else if (own.kind !== field.kind || columnOf(own, name) !== columnOf(field, name))
      fail(`override "${name}" must keep the kind and column of ${base.name}.${name}`);
    fields[name] = field;
  }
  const search = base.search.filter((n) => n in fields);
  if (search.length !== base.search.length) fail(`a view picks every search field of ${base.name}`);
  return build(
    {
      name: input.name,
      labels: input.labels,
      permission: input.permission,
      fields,
      groups: { ...base.groups, ...input.groups },
      search,
      defaultSort: input.defaultSort ?? base.defaultSort,
      defaultFilters: input.defaultFilters,
      softDelete: base.softDelete,
      labelField: input.labelField ?? base.labelField,
      labelImage: base.labelImage ?? undefined,
      scope: base.scope ?? undefined,
      behaviour: input.behaviour,
    } as EntityInput<Record<string, FieldInput>>,
    { view: { source: base.name, table: base.table, pairs: base.pairs } },
  );
}

export type ReportInput<F extends Record<string, FieldInput>> = Pick<
  EntityInput<F>,
  'name' | 'labels' | 'fields' | 'permission' | 'labelField' | 'defaultSort' | 'defaultFilters' | 'search'
> & {
  params?: ReportParams;
  /** Fields of a row that link to the records behind it. */
  drill?: Partial<Record<keyof F & string, DrillDown>>;
  /** Each row opens a drawer with every field of the row, hidden columns included (JSON pretty-printed). */
  detail?: boolean;
  capabilities?: Pick<CapabilitiesInput, 'export'>;
};

/**
 * A report: read-only rows a module computes with a declared query (`GET /api/<name>/list` with filters, sort,
 * paging, `groupBy` and a period). It has no table of its own, no writes and no history; the generic list gives
 * it filters, sort, paging, export and drill-down links to the records behind a row.
 */
export function defineReport<const F extends Record<string, FieldInput>>(
  input: ReportInput<F>,
): TypedEntityDef<F> {
  const fail = (detail: string): never => {
    throw new DefinitionError(input.name, detail);
  };
  const drill: Record<string, DrillDown> = {};
  for (const [name, link] of Object.entries(input.drill ?? {})) {
    if (!link) continue;
    if (!(name in input.fields)) fail(`drill-down on unknown field "${name}"`);
    for (const from of [...Object.values(link.filters), ...Object.values(link.params ?? {})])
      if (!(from in input.fields)) fail(`drill-down "${name}" reads unknown field "${from}"`);
    for (const param of Object.keys(link.params ?? {}))
      if (!link.menu.includes(`/:${param}`)) fail(`drill-down "${name}": "${link.menu}" has no :${param}`);
    drill[name] = link;
  }
  const groupBy = input.params?.groupBy;
  if (groupBy && groupBy.length === 0) fail('a group-by needs at least one dimension');
  for (const param of input.params?.path ?? [])
    if (!/^[a-z]\w*$/i.test(param) || param in input.fields)
      fail(`path parameter "${param}" must be a name that is not one of the report's fields`);
  return build(
    {
      ...(input as unknown as EntityInput<Record<string, FieldInput>>),
      capabilities: { readOnly: true, history: false, ...input.capabilities },
    },
    { shape: 'report', report: { params: input.params ?? {}, drill, detail: input.detail ?? false } },
  );
}

/**
 * An event table: records are appended (by the server, or imported) and never changed or removed; writes keep
 * no history (the table is the history). On PostgreSQL the table is partitioned by month of `createdAt`.
 */
export function defineEvent<const F extends Record<string, FieldInput>>(
  input: Omit<EntityInput<F>, 'softDelete' | 'commands' | 'parent'>,
): TypedEntityDef<F> {
  return build(
    { ...(input as unknown as EntityInput<Record<string, FieldInput>>), softDelete: false },
    { shape: 'event' },
  );
}

export const isRangeKind = (kind: FieldDef['kind']): boolean =>
  kind === 'integer' || kind === 'decimal' || kind === 'money' || kind === 'date' || kind === 'datetime';

export const isTextKind = (kind: FieldDef['kind']): boolean => TEXT_KINDS.has(kind);

/** Kinds whose value is a list. */
export const isArrayKind = (kind: FieldDef['kind']): boolean =>
  kind === 'images' ||
  kind === 'attachments' ||
  kind === 'relationMany' ||
  kind === 'tags' ||
  kind === 'dictMany';

/** A `relationMany` field kept in a join table: it has no column in the entity's own table. */
export const isJoinField = (
  field: FieldDef,
): field is FieldDef & { kind: 'relationMany'; through: JoinTable } =>
  field.kind === 'relationMany' && Boolean(field.through);

/** Fields never returned, exported nor recorded in history: passwords and virtual fields. */
export const isSecretField = (field: FieldDef): boolean =>
  field.kind === 'password' || Boolean(field.virtual);
