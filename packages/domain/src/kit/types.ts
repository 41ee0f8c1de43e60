import type { Bilingual } from '../navigation/types';

export type { Bilingual };

/** Every kind of field an entity can declare. A kind decides the zod type, the column, the list cell,
 * the filter and the form widget, so a definition stays a list of names and kinds. */
export type FieldKind =
  | 'text'
  | 'longText'
  | 'richText'
  | 'integer'
  | 'decimal'
  | 'money'
  | 'boolean'
  | 'enum'
  | 'dict'
  | 'dictMany'
  | 'date'
  | 'datetime'
  | 'image'
  | 'images'
  | 'video'
  | 'attachments'
  | 'relation'
  | 'relationMany'
  | 'tags'
  | 'treeRelation'
  | 'json'
  | 'dynamicForm'
  | 'password';

/** How a list filters on a field: `eq` one value, `in` a list (comma-separated or repeated),
 * `range` the `<field>From` / `<field>To` pair, `like` a contains-match. */
export type FilterOp = 'eq' | 'in' | 'range' | 'like';

export type SortOrder = 'asc' | 'desc';

export type ListHints = {
  /** Has a list column (default: every kind but rich text, long text and json). */
  column?: boolean;
  width?: number;
  /** Shown when the user has not chosen columns yet (default true for columns). */
  shown?: boolean;
  sortable?: boolean;
  filter?: FilterOp;
};

export type FormHints = {
  /** Key of one of the entity's `groups`. */
  group?: string;
  /** Width on the 24-column form grid (default by kind). */
  span?: number;
  /** A named widget instead of the kind's default. */
  widget?: string;
  placeholder?: Bilingual;
  help?: Bilingual;
};

/** A pattern constraint; the message is what the user reads when the value does not match, the example a
 * value that matches (shown as the placeholder, and used by the contract suite to build valid records). */
export type PatternRule = { source: string; flags?: string; message: Bilingual; example: string };

/** Upload count, size and type limits, and the size hint shown beside the upload. */
export type UploadRule = {
  maxCount: number;
  maxBytes: number;
  /** MIME types, e.g. `image/png`. */
  types: readonly string[];
  /** e.g. '1200x240'. */
  sizeHint?: string;
  /** The hint comes from a related record when it has one (the banner cover follows its position). */
  sizeHintFrom?: { relation: string; field: string };
};

/** The effective value of a field comes from a related record when the record's own value is empty
 * (a company's monthly limits fall back to its membership package's). */
export type InheritRule = {
  /** A `relation` field of the same entity. */
  via: string;
  /** The field of the related entity; default: the same name. */
  field?: string;
};

/** How the server computes a `computed` field. */
export type Derivation =
  /** true when every listed field has a value; `required`: the entity's required fields after the
   * deployment's field policy (hidden fields do not count). Computed on every write. */
  | { kind: 'filled'; fields: 'required' | readonly string[] }
  /** true when every condition holds, e.g. audit passed and enabled. A generated database column, so it is
   * right after any write, status actions included. */
  | { kind: 'all'; when: readonly { field: string; in: readonly (string | boolean)[] }[] };

/** A condition on another field of the same record: it holds when that field's value is one of `in`. */
export type FieldCondition = { field: string; in: readonly (string | number | boolean)[] };

type FieldCommon = {
  label: Bilingual;
  /** A kind-dependent field: it belongs to the record only while the condition holds (a product kind's own
   * fields). Otherwise it is not shown, not required, not validated, not imported or exported, and stored
   * empty. */
  onlyWhen?: FieldCondition;
  required?: boolean;
  /** One live record per value (soft-deleted records do not count). */
  unique?: boolean;
  /** Maintained by the server (counters such as clickNum): shown, never accepted. */
  computed?: boolean;
  /** How the server computes this field (with `computed`). */
  derive?: Derivation;
  /** Accepted on create, refused on update (an account cannot be changed once created). */
  readOnlyOnEdit?: boolean;
  /** Written only by its status machine's actions and the decisions they record (an audit's status, who
   * decided, when, the remark): never by a create, an edit or an import, for any caller. Sent with the
   * value the record has (a new record's initial one) it is ignored; any other value is refused naming it. */
  actionOnly?: boolean;
  /** Only organiser staff may write it: a caller scoped to its own company (a supplier account) is refused
   * (a supplier cannot give itself a package or higher limits). */
  organiserOnly?: boolean;
  /** Empty means "as the related record says": responses carry the effective value and its source. */
  inherit?: InheritRule;
  /** Accepted and validated but not stored in the entity's table: the entity's write hooks receive it (a
   * supplier's password goes to its login account). Never returned. */
  virtual?: boolean;
  /** Database column; default: the JSON name in snake_case. */
  column?: string;
  list?: ListHints;
  form?: FormHints;
};

/** `mobile`: a mobile number (kit/phone.ts), a mainland one when the field `countryField` names holds China. */
export type TextFormat = 'email' | 'url' | 'phone' | 'mobile';

export type TextField = FieldCommon & {
  kind: 'text';
  minLength?: number;
  maxLength?: number;
  pattern?: PatternRule;
  format?: TextFormat;
  /** With `format: 'mobile'`: the field holding the record's country (a code or a name). */
  countryField?: string;
  default?: string;
  /** Set when this field is one half of a bilingual pair (`name` → `enName` + `zhName`). */
  pair?: { name: string; lang: 'en' | 'zh' };
};

export type LongTextField = FieldCommon & { kind: 'longText'; minLength?: number; maxLength?: number };
export type RichTextField = FieldCommon & { kind: 'richText'; maxLength?: number };

export type NumberField = FieldCommon & {
  kind: 'integer' | 'decimal' | 'money';
  min?: number;
  max?: number;
  /** Digits after the point (decimal default 2, money 2). */
  scale?: number;
  /** Total digits (default 12). */
  precision?: number;
  default?: number;
};

export type BooleanField = FieldCommon & {
  kind: 'boolean';
  default?: boolean;
  /** Exactly one live record per value of `per` has this flag (a company's default contact): setting it clears
   * the others in the same transaction, and a group left without one gives it to its oldest record. */
  exclusive?: { per: string };
};

export type TagColor = 'default' | 'success' | 'processing' | 'warning' | 'error';

export type EnumOption = { value: string; label: Bilingual; color?: TagColor };

/** One action of a status machine, e.g. `enable`: disabled → enabled. */
export type MachineAction = {
  label: Bilingual;
  from: readonly string[];
  to: string;
  /** Asked before the action runs (the console shows it in a confirm box); `{{label}}` stands for the record's
   * name. */
  confirm?: Bilingual;
  /** Fields the caller sends with the action (a refusal needs its reason). */
  input?: Record<string, FieldDef>;
  /** Fields of the record the action sets: from an input key, the acting user's id or account, the time, or
   * emptied (`clear`). */
  assign?: Record<
    string,
    | { from: 'input'; key: string }
    | { from: 'actor' }
    | { from: 'actorAccount' }
    | { from: 'now' }
    | { from: 'clear' }
  >;
};

/** A status field's allowed transitions, each behind a named action
 * (`POST /api/<entity>/<action>/{id}`). Action names are unique within an entity. */
export type StatusMachine = {
  initial: string;
  actions: Record<string, MachineAction>;
};

export type EnumField = FieldCommon & {
  kind: 'enum';
  options: readonly EnumOption[];
  default?: string;
  machine?: StatusMachine;
  /** An edit of the record (update, import, revert) moves this field from one of these values to `to`
   * (a refused company is resubmitted for audit when it is corrected). `by: 'scoped'` moves it only on an
   * edit by a caller scoped to a company (a supplier's edit of a passed product goes back to audit, the
   * organiser's does not); the default is any caller. */
  onEdit?: { from: readonly string[]; to: string; by?: 'anyone' | 'scoped' };
};

/** A value of a dictionary (the system's editable dictionaries): the server accepts only the value of an
 * enabled item of the dictionary whose type is `dict`; the console offers those items. `dictMany` holds a
 * list of such values (a company's languages), each checked the same way, at most `maxCount` of them. A value
 * already stored stays when its item is disabled later; only a new choice must be enabled. */
export type DictField = FieldCommon & {
  kind: 'dict' | 'dictMany';
  dict: string;
  maxLength?: number;
  maxCount?: number;
};

export type DateField = FieldCommon & { kind: 'date' | 'datetime' };

export type UploadField = FieldCommon & {
  kind: 'image' | 'images' | 'video' | 'attachments';
  upload: UploadRule;
};

export type RelationField = FieldCommon & {
  kind: 'relation' | 'relationMany';
  /** API name of the related entity. */
  to: string;
  /** Field of the related entity shown as its label (a bilingual pair name picks the caller's language). */
  labelField: string;
  maxCount?: number;
  /** When the related entity is a tree: only a top-level record of it may be chosen. */
  topLevel?: boolean;
  /** When the related entity is a tree: the chosen record must be a child of the record the field `under`
   * names (a product's second-level category under its top-level one). */
  under?: string;
  /** The related record must hold one of these values in one of its fields (a sub-material's parent is a
   * material). */
  where?: FieldCondition;
  /** `relationMany` only: the ids are kept in a join table of two id columns instead of an array column of
   * the entity's own table (a role's permissions, which every permission check reads from that table). The
   * engine reads, writes, records in history and exports them like any other value; a join field is neither
   * sorted nor unique, and filters by `eq` or `in` only (records holding one of the ids). */
  through?: JoinTable;
};

/** A join table: `source` holds the id of the record the field belongs to, `target` the related record's id. */
export type JoinTable = { table: string; source: string; target: string };

/** A list of short texts; with `options`, a list of those values only (each at most once), chosen from a
 * multi-select. */
export type TagsField = FieldCommon & {
  kind: 'tags';
  maxCount?: number;
  maxLength?: number;
  options?: readonly EnumOption[];
};

/** The parent in a tree of the same entity (categories). `maxDepth` caps the number of levels (2: top-level
 * nodes and their children); a create, edit or move that would put a node, or any node below it, deeper is
 * refused naming the field. */
export type TreeRelationField = FieldCommon & { kind: 'treeRelation'; labelField: string; maxDepth?: number };

/** One named part of a JSON object with a known shape: a text or a date, edited as a form input of its own. */
export type JsonPart = { label: Bilingual; kind: 'text' | 'date'; maxLength?: number };

/** Any JSON value; with `parts`, an object of exactly those parts (each optional), edited as a small form. */
export type JsonField = FieldCommon & { kind: 'json'; parts?: Readonly<Record<string, JsonPart>> };

/** Values of a dynamic form (`{ [code]: value }`): the configured inputs of the group whose code the text
 * field `groupField` holds, among the dynamic form configs of `category` (`dynamic_form_config`). The server
 * checks each value against its config; codes without an enabled config are refused. */
export type DynamicFormField = FieldCommon & { kind: 'dynamicForm'; groupField: string; category: string };

/** A secret: stored as an argon2id hash, never returned, exported or recorded in history; on update an empty
 * value leaves it unchanged. */
export type PasswordField = FieldCommon & { kind: 'password'; minLength?: number };

export type FieldDef =
  | TextField
  | LongTextField
  | RichTextField
  | NumberField
  | BooleanField
  | EnumField
  | DictField
  | DateField
  | UploadField
  | RelationField
  | TagsField
  | TreeRelationField
  | JsonField
  | DynamicFormField
  | PasswordField;

/** What a definition may declare: the field kinds, plus `bilingual`, a pair that the kit expands into
 * `en<Name>` and `zh<Name>` text fields (the spec's `name` / `enName` / `zhName` pattern). */
export type BilingualPairInput = Omit<FieldCommon, 'unique' | 'column' | 'required'> & {
  kind: 'bilingual';
  /** `both`: each language is required; `either`: at least one of them; `en` / `zh`: that one. */
  required?: boolean | 'both' | 'either' | 'en' | 'zh';
  maxLength?: number;
  unique?: boolean;
};

export type FieldInput = FieldDef | BilingualPairInput;

/** A rule across fields, as data, so the server and the console evaluate the same thing. */
export type CrossRule =
  | {
      kind: 'compare';
      /** The field the error is shown on. */
      field: string;
      op: 'gt' | 'gte' | 'lt' | 'lte' | 'eq' | 'ne';
      other: string;
      message: Bilingual;
    }
  | { kind: 'atLeastOne'; fields: readonly string[]; message: Bilingual }
  | {
      kind: 'requiredIf';
      field: string;
      when: { field: string; in: readonly (string | number | boolean)[] };
      message?: Bilingual;
    };

export type SortSpec = { field: string; order: SortOrder };

/** Records belong to one company: a caller scoped to a company (a supplier account) reads and writes only
 * the records whose `field` is its company id (`id` for the company itself). */
export type RowScopeRule = {
  field: string;
  /** Rows a scoped caller does not reach even in its own company: it reaches only those whose field holds
   * one of the values (a chat message hidden by moderation is gone for the company it was sent to). */
  only?: { field: string; in: readonly (string | boolean)[] };
};

/** A limit on what a company has at once (its live products, its standout cards, its video), against a limit
 * field of a company (its effective value: the company's own, else its package's; empty is unlimited); the
 * company is the record's scope field. A write that would make the company hold more counted records than the
 * limit is refused (`limitExceed`), while a deleted record or a flag turned off frees its place. Monthly
 * limits (enquiries, replies…) are not these. */
export type QuotaRule = {
  /** The quota's key (companyVideo, product, productCardStandout). */
  key: string;
  /** What counts: every live record (`records`), or the live records whose field is set (true, not empty). */
  counts: 'records' | { set: string };
  limit: { entity: string; field: string };
};

/** A fixed list condition: the enum field holds one of the values. */
export type ListWhere = { field: string; in: readonly string[] };

export type EntityLabels = { singular: Bilingual; plural: Bilingual };

/** What an entity offers besides reading, resolved from its shape and `capabilities`. */
export type Capabilities = {
  create: boolean;
  update: boolean;
  delete: boolean;
  import: boolean;
  export: boolean;
  /** Writes are recorded in the history table (off for high-volume tables). */
  history: boolean;
  /** Deleted records go to a trash they can be restored from (the entity's `softDelete`). */
  trash: boolean;
};

/** What a definition may switch off. `readOnly`: no create, update, delete or import; `appendOnly`: records
 * are added (and imported) but never changed or removed. */
export type CapabilitiesInput = {
  readOnly?: boolean;
  appendOnly?: boolean;
  import?: boolean;
  export?: boolean;
  history?: boolean;
};

/** Where the console offers a command: a record's row, the bar of a selection, the edit form's footer, or the
 * list's toolbar (an entity-wide command). */
export type CommandPlacement = 'row' | 'bulk' | 'form' | 'toolbar';

/**
 * A custom action that is not a status transition (reset a password, reply, send a mail, set as default).
 * The definition declares it; the server derives its route, permission and OpenAPI entry, the console its
 * button and input dialog; the module that owns the behaviour supplies only the handler.
 *
 * Routes: `POST /api/<entity>/<name>/{id}` on one record; `POST /api/<entity>/<name>` with a batch body
 * (`ids`, or `filter` + `expectedCount`) on a selection, or with the input alone for an entity-wide command.
 */
export type CommandInput = {
  label: Bilingual;
  /** `record`: one record; `batch`: a selection; `both`; `entity`: the entity as a whole (no record). */
  target: 'record' | 'batch' | 'both' | 'entity';
  /** Fields the caller sends with it (validated by the kit; the console asks for them in a dialog). */
  input?: Record<string, FieldDef>;
  /** Asked before it runs. */
  confirm?: Bilingual;
  /** Allowed only on records whose field holds one of the values (others are refused with 409, and the
   * console hides the button on them). */
  when?: FieldCondition;
  /** Shown as a dangerous action (red, confirmed). */
  danger?: boolean;
  /** Where the console offers it; default: `row` and `form` for a record, `bulk` for a batch, `toolbar`
   * for an entity-wide command. */
  placement?: readonly CommandPlacement[];
  /** The route's last segment as the product's API spells it (`reset_password`); default the command's name. */
  path?: string;
  /** The resource permission that grants the route: under another menu than the entity's (staff-only calls
   * under the staff list's), and named otherwise than by the command's label and the entity's. */
  permission?: { menu?: string; name?: Bilingual };
  /** The route answers what the handler returns (its shape declared with the handler) instead of the record. */
  answersResult?: boolean;
  /** The answer holds a secret made by the handler (a generated password): the caller sees it once; it is
   * never stored in clear, in history or in the system log, and the answer is never cached. */
  showResultOnce?: boolean;
  /** Run only by the server's own jobs as the system (a scheduled expiry): no route, no permission, never
   * offered by the console; its writes are versioned and in the history like any command's. */
  system?: boolean;
};

/**
 * An import in two steps, when the people who import want to see the report before anything is written: `check`
 * takes a multipart file and answers its per-row report and a handle (nothing written; the checked rows are kept
 * an hour, secrets only as hashes); `confirm` takes the handle (and the row numbers to keep) and writes the rows
 * that were valid then and still are, in one transaction. A handle is taken once, by the account that checked it.
 * The paths as the product's API spells them; each step a resource permission under the entity's menu.
 */
export type CheckedImportRule = {
  check: { path: string; label: Bilingual };
  confirm: { path: string; label: Bilingual };
  /** Most rows a file may have. */
  maxRows: number;
};

/** A command as the kit resolved it. Its permission is that of its route (one resource permission per
 * route, named by the command's label, under the entity's menu), like a status action's. */
export type CommandDef = Omit<CommandInput, 'placement'> & {
  placement: readonly CommandPlacement[];
};

/** A child entity shown inside its parent's screens (a company's contacts): the child's `field` is a
 * relation to the parent; `order`, an integer field, makes the children reorderable. `max` names the run-time
 * setting that caps how many children one parent holds (a module enforces it inside the write). */
export type ParentRule = { entity: string; field: string; order?: string; max?: { setting: string } };

/** The record shapes the kit knows. `entity`: a table with create, update, delete; `view`: a second screen
 * over another entity's table; `report`: read-only rows computed by a declared query; `event`: an
 * append-only table without history, partitioned by month on PostgreSQL. */
export type EntityShape = 'entity' | 'view' | 'report' | 'event';

/** A report's parameters besides filters: a group-by choice and a period. */
export type ReportParams = {
  /** The dimensions the rows can be grouped by (the first is the default). */
  groupBy?: readonly { value: string; label: Bilingual }[];
  /** The report takes a period (`periodFrom` / `periodTo`, dates) and a granularity. */
  period?: { granularity: readonly ('day' | 'week' | 'month')[] };
  /** Path parameters the report is read for, each a record id (`['userId']`: `GET /api/<name>/:userId/list`);
   * the console's route names them too (`collect_company_list/:userId`). */
  path?: readonly string[];
};

/** A report column that links to the records behind the row: the target list, filtered by the row's values. */
export type DrillDown = {
  /** The list's menu url. */
  menu: string;
  /** The target list's filter parameter → the report row's field holding its value. */
  filters: Readonly<Record<string, string>>;
  /** The target route's path parameters (`:userId` in the menu) → the row's field holding each value. */
  params?: Readonly<Record<string, string>>;
};

/** The console views a screen of its own may replace (`entity-list`, `entity-form`). */
export type ScreenKind = 'entity-list' | 'entity-form';

/**
 * What changes an entity's behaviour besides its definition, listed beside it so a reader finds it: the write
 * hooks server modules register on it (by module name, `<hook>: <function>`, e.g. `products:
 * ['beforeWrite: checkProduct']`), and the console screens that replace a generic one (by view, the page
 * component: `'entity-list': 'suppliers/company-lists CompanyListPage'`). Commands are declared in `commands`.
 * Tests compare these lists with what the server and the console register.
 */
export type Behaviour = {
  hooks?: Readonly<Record<string, readonly string[]>>;
  screens?: Readonly<Partial<Record<ScreenKind, string>>>;
};

export type EntityInput<F extends Record<string, FieldInput>> = {
  /** API name as the spec writes it: `banner`, `banner_position`, `company_tag`. */
  name: string;
  /** Table name; default the API name. */
  table?: string;
  labels: EntityLabels;
  fields: F;
  /** Form groups in display order. A group's fields are declared inside `inGroup(<group>, { … })`. */
  groups?: Record<string, { label: Bilingual }>;
  /** The list's columns shown by default (Payload's `defaultColumns`); every other field's column is offered
   * in the column settings only. The columns keep the fields' declared order. Without it, each field says
   * so itself (`list.shown: false`); with it, no field may. */
  defaultColumns?: readonly (keyof F & string)[];
  /** Keyword search runs over these fields (pg_trgm-backed on the server). */
  search?: readonly (keyof F & string)[];
  /** Built-in records and what of them may change (see `BuiltInRule`). */
  builtIn?: BuiltInRule;
  /** Sets of fields whose values together are unique among live records (a permission's type, method and url):
   * a write that repeats another record's values is `409 duplicate` naming the fields. */
  uniqueTogether?: readonly (readonly (keyof F & string)[])[];
  /** Event entities (`defineEvent`): the field holding the sender's own id of an event. With `created_at` (the
   * partition key, which every unique index of a partitioned table holds) it is unique, so an event sent twice
   * is stored once, and the key's index serves a filter on the field too. */
  eventKey?: keyof F & string;
  /** Names kept by unique indexes that existed before the entity was declared (`role_code_key`), by the name the
   * kit would derive (`role_code_unique`): the index keeps its name, and a violation of it is still reported as
   * a duplicate naming the fields. */
  uniqueIndexNames?: Readonly<Record<string, string>>;
  defaultSort: { field: (keyof F & string) | SystemFieldName; order: SortOrder };
  softDelete?: boolean;
  /** The menu url of the entity's list page (from the navigation catalogue). */
  permission: { menu: string };
  /** What a relation select shows for a record of this entity. */
  labelField: keyof F & string;
  /** The image a relation select shows beside a record's label (a company's logo). */
  labelImage?: keyof F & string;
  rules?: readonly CrossRule[];
  /** Records belong to a company (row scope for supplier accounts). */
  scope?: RowScopeRule;
  /** Limits on how many of the entity's records a company has at once. */
  quotas?: readonly QuotaRule[];
  /** List filters a list opens with (query parameter → value, `auditStatus` → `pending`); the user can clear them. */
  defaultFilters?: Readonly<Record<string, string>>;
  /** What the entity does not offer (default: everything its shape allows). */
  capabilities?: CapabilitiesInput;
  /** The records the list, trash, export, options and batch filters reach: those whose enum field holds one
   * of the values (`type` in trader, buyer). One record by id reaches any; a module may list the others with
   * its own condition. */
  listWhere?: ListWhere;
  /** Custom actions that are not status transitions, by name. */
  commands?: Record<string, CommandInput>;
  /** The import in two steps, check then confirm (see `CheckedImportRule`). */
  checkedImport?: CheckedImportRule;
  /** The entity is a child of another, shown in its parent's screens. */
  parent?: ParentRule;
  /** Hooks and screens registered for the entity elsewhere (see `Behaviour`). */
  behaviour?: Behaviour;
  /** Generated routes renamed or left out where the product's API spells its own calls (see `RouteOverrides`). */
  routes?: RouteOverrides;
  /** A delete of a record that records of another entity hold through a many-relation kept in a join table (a
   * permission that roles grant): `refuse` (the default) answers 409 `inUse`; `confirm` answers 409 `heldBy`
   * naming the holders (`content.holders`) until the delete is repeated with `confirm=true`, which takes the
   * record from each holder too, written in each holder's history as a new version. */
  deleteHeld?: 'refuse' | 'confirm';
  /** How a tree entity's tree route answers: `nested` (roots, each with its `children`) or `flat` (a plain array
   * of the records in tree order: each record followed by its descendants, siblings in list order; the parent
   * field links them), the product's answer for its permission list. */
  treeAnswer?: 'nested' | 'flat';
};

/**
 * Where the product's API has a call of its own on a path a generated route would take, the product's call wins:
 * `paths` moves a generated route (by its route key: `list`, `tree`, `command:reset`…) to another path under the
 * entity's base, keeping its parameters (`{ tree: 'list', list: 'page' }`); `omit` leaves generated routes out
 * (no route, no permission, no OpenAPI entry). The console finds every route through the same table.
 */
export type RouteOverrides = {
  omit?: readonly string[];
  paths?: Readonly<Record<string, string>>;
};

/** Records the system itself relies on (the root role; permissions synchronised from the routes), marked by a
 * condition on their own values: a write may change only their `editable` fields (a status action only when its
 * field is one of them), and they are deleted only once `removableWhen` holds (a synchronised permission whose
 * route is gone), never otherwise. Refusals are 409 naming the record and the fields. */
export type BuiltInRule = {
  when: FieldCondition;
  editable?: readonly string[];
  removableWhen?: FieldCondition;
};

/** Fields every record carries besides its declared ones. */
export const SYSTEM_FIELDS = ['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'] as const;
export type SystemFieldName = (typeof SYSTEM_FIELDS)[number];

/** A checked, expanded definition: what every derivation takes. */
export type EntityDef = {
  name: string;
  /** camelCase name used in message keys (`entity.companyTag.label`). */
  key: string;
  table: string;
  labels: EntityLabels;
  /** Declared order, bilingual pairs expanded. */
  fields: Record<string, FieldDef>;
  /** Pair name → its two field names. */
  pairs: Record<string, { en: string; zh: string; label: Bilingual }>;
  groups: Record<string, { label: Bilingual }>;
  search: readonly string[];
  defaultSort: SortSpec;
  softDelete: boolean;
  permission: { menu: string };
  labelField: string;
  /** The image field a relation select shows beside a record's label, or null. */
  labelImage: string | null;
  rules: readonly CrossRule[];
  /** Action name → the status field it moves and its transition. */
  actions: Record<string, { field: string } & MachineAction>;
  scope: RowScopeRule | null;
  quotas: readonly QuotaRule[];
  /** The `treeRelation` field when the entity is a tree (`GET /api/<entity>/tree`). */
  tree: string | null;
  /** A view (`defineView`): the API name of the entity whose table it reads. Views have no create, update,
   * delete or import: only reads and their own status actions. */
  source: string | null;
  /** List filters the list opens with; the user can clear them (kept in the URL like any filter). */
  defaultFilters?: Readonly<Record<string, string>>;
  shape: EntityShape;
  capabilities: Capabilities;
  /** The condition every list of the entity applies (see `EntityInput.listWhere`). */
  listWhere: ListWhere | null;
  /** Custom actions by name (routes `POST /api/<entity>/<name>[/{id}]`). */
  commands: Record<string, CommandDef>;
  /** The import in two steps, check then confirm, when the entity declares it. */
  checkedImport?: CheckedImportRule;
  parent: ParentRule | null;
  /** A report's group-by and period parameters, and its drill-down links by field. */
  report: { params: ReportParams; drill: Record<string, DrillDown>; detail: boolean } | null;
  /** Hooks and screens registered for the entity elsewhere (see `Behaviour`). */
  behaviour: Behaviour;
  /** Generated routes renamed or left out (see `RouteOverrides`). */
  routes: { omit: readonly string[]; paths: Readonly<Record<string, string>> };
  /** How the tree route answers (see `EntityInput.treeAnswer`). */
  treeAnswer: 'nested' | 'flat';
  /** Sets of fields unique together (see `EntityInput.uniqueTogether`). */
  uniqueTogether: readonly (readonly string[])[];
  /** The event key's field (see `EntityInput.eventKey`), or null. */
  eventKey: string | null;
  /** Unique index names kept from an earlier table, by derived name (see `EntityInput.uniqueIndexNames`). */
  uniqueIndexNames: Readonly<Record<string, string>>;
  /** Built-in records and their editable fields (see `BuiltInRule`), or null. */
  builtIn: {
    when: FieldCondition;
    editable: readonly string[];
    removableWhen: FieldCondition | null;
  } | null;
  /** See `EntityInput.deleteHeld`. */
  deleteHeld: 'refuse' | 'confirm';
};

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A record as the API returns it. */
export type EntityRecord = {
  id: number;
  version: number;
  createdAt: string;
  updatedAt: string;
  createdBy: number | null;
  updatedBy: number | null;
  [field: string]: unknown;
};

/** The TypeScript type of a stored value of each field kind, as the API returns it. */
type KindValue = {
  text: string;
  longText: string;
  richText: string;
  integer: number;
  decimal: number;
  money: number;
  boolean: boolean;
  enum: string;
  dict: string;
  dictMany: string[];
  date: string;
  datetime: string;
  image: string;
  images: string[];
  video: string;
  attachments: { name: string; url: string }[];
  relation: number;
  relationMany: number[];
  tags: string[];
  treeRelation: number;
  json: JsonValue;
  dynamicForm: Record<string, JsonValue>;
  password: never;
};

/** Carries a definition's declared fields in its type (never set at run time). */
declare const declaredFields: unique symbol;

/** A definition that remembers the fields it was declared with, for `RecordOf`. */
export type TypedEntityDef<F extends Record<string, FieldInput>> = EntityDef & {
  readonly [declaredFields]?: F;
};

type ValueOf<T extends FieldInput> = T extends { kind: 'enum'; options: readonly { value: infer V }[] }
  ? V
  : T extends { kind: infer K extends keyof KindValue }
    ? KindValue[K]
    : never;

type Returned<T extends FieldInput> = T extends { kind: 'password' }
  ? false
  : T extends { virtual: true }
    ? false
    : true;

type PairKeys<N extends string> = `en${Capitalize<N>}` | `zh${Capitalize<N>}`;

/** A record of a definition as the API returns it: `RecordOf<typeof company>` (secrets and virtual fields are
 * never returned; empty values are null). */
export type RecordOf<D> =
  D extends TypedEntityDef<infer F>
    ? {
        id: number;
        version: number;
        createdAt: string;
        updatedAt: string;
        createdBy: number | null;
        updatedBy: number | null;
      } & {
        [K in keyof F as F[K] extends { kind: 'bilingual' }
          ? never
          : Returned<F[K]> extends true
            ? K
            : never]: ValueOf<F[K]> | null;
      } & {
        [K in keyof F as F[K] extends { kind: 'bilingual' } ? PairKeys<K & string> : never]: string | null;
      }
    : EntityRecord;
