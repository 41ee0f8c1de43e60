import { columnOf, defaultOf, type EntityDef, type FieldDef, isJoinField } from '@organiser/domain';
import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  numeric,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Drizzle tables derived from entity definitions, so an entity is declared once. The JS key of
// every column is the field's JSON name, so selected rows already carry the API's names.

// biome-ignore lint/suspicious/noExplicitAny: a derived table's columns are only known at run time.
export type EntityTable = PgTableWithColumns<any>;

function columnFor(name: string, field: FieldDef): PgColumnBuilderBase {
  const col = columnOf(field, name);
  switch (field.kind) {
    case 'integer':
    case 'relation':
    case 'treeRelation':
      return integer(col);
    case 'decimal':
    case 'money':
      return numeric(col, { precision: field.precision ?? 12, scale: field.scale ?? 2, mode: 'number' });
    case 'boolean':
      return boolean(col);
    case 'date':
      return date(col, { mode: 'string' });
    case 'datetime':
      return timestamp(col, { withTimezone: true, mode: 'date' });
    case 'images':
    case 'attachments':
    case 'json':
    case 'dynamicForm':
      return jsonb(col);
    case 'relationMany':
      return integer(col).array();
    case 'tags':
    case 'dictMany':
      return text(col).array();
    default:
      return text(col);
  }
}

/** A column with the field's default is NOT NULL with that default; every other column is nullable, because a
 * deployment may hide any field and a hidden field is never written. */
function withDefault(builder: PgColumnBuilderBase, field: FieldDef): PgColumnBuilderBase {
  const d = defaultOf(field);
  if (d === undefined) return builder;
  // biome-ignore lint/suspicious/noExplicitAny: each builder has its own typed `default`.
  return (builder as any).notNull().default(d);
}

const isArrayColumn = (field: FieldDef) =>
  field.kind === 'relationMany' || field.kind === 'tags' || field.kind === 'dictMany';

/** The keyword expression over the searchable fields; the GIN trigram index is built on exactly this
 * expression, so `expr ILIKE '%word%'` can use it. The index names bare columns; queries qualify them with the
 * table (other tables may be joined), which the planner still matches to the index. */
export function searchExpression(def: EntityDef, qualifier?: string): SQL | null {
  if (def.search.length === 0) return null;
  const prefix = qualifier ? `"${qualifier}".` : '';
  const parts = def.search.map((name) => `coalesce(${prefix}"${columnOf(def.fields[name]!, name)}", '')`);
  return sql.raw(`(${parts.join(` || ' ' || `)})`);
}

function sortColumnName(def: EntityDef, field: string): string {
  if (field === 'createdAt') return 'created_at';
  if (field === 'updatedAt') return 'updated_at';
  if (field === 'id') return 'id';
  return columnOf(def.fields[field]!, field);
}

const quote = (value: string | boolean) =>
  typeof value === 'boolean' ? String(value) : `'${value.replace(/'/g, "''")}'`;

/** The name of a unique index over these columns: the kit's `<table>_<columns>_unique`, or the name an earlier
 * table gave it (`uniqueIndexNames`). */
export function uniqueIndexName(def: EntityDef, columns: readonly string[]): string {
  const derived = `${def.table}_${columns.join('_')}_unique`;
  return def.uniqueIndexNames[derived] ?? derived;
}

/** A derived `all` field is a generated column: the conditions hold on the row as stored, after any write. */
function generated(def: EntityDef, field: FieldDef, builder: PgColumnBuilderBase): PgColumnBuilderBase {
  if (field.derive?.kind !== 'all') return builder;
  const parts = field.derive.when.map(
    (w) => `"${columnOf(def.fields[w.field]!, w.field)}" in (${w.in.map(quote).join(', ')})`,
  );
  // biome-ignore lint/suspicious/noExplicitAny: each builder has its own typed `generatedAlwaysAs`.
  return (builder as any).notNull().generatedAlwaysAs(sql.raw(`(${parts.join(' and ')})`));
}

/**
 * The table of an entity: id, the declared fields (virtual ones and those kept in a join table have no column), version, who/when columns,
 * `deleted_at` when soft-deleted, and the indexes its list needs and the lists of its views need: the default
 * sorts, every sortable and filterable column, the unique fields and field sets (among live records), a pg_trgm GIN
 * index on the keyword expression and a GIN index on its characters and character pairs (`search_grams`,
 * migration 0006) for keywords shorter than a trigram.
 */
export function deriveTable(def: EntityDef, views: readonly EntityDef[] = []): EntityTable {
  const columns: Record<string, PgColumnBuilderBase> = {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  };
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.virtual || isJoinField(field)) continue;
    columns[name] = field.derive
      ? generated(def, field, columnFor(name, field))
      : withDefault(columnFor(name, field), field);
  }
  columns.version = integer('version').notNull().default(1);
  columns.createdAt = timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
  columns.updatedAt = timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
  columns.createdBy = integer('created_by');
  columns.updatedBy = integer('updated_by');
  if (def.softDelete) columns.deletedAt = timestamp('deleted_at', { withTimezone: true, mode: 'date' });

  const live = def.softDelete ? sql`deleted_at is null` : undefined;
  return pgTable(def.table, columns, (t) => {
    const out = [];
    const col = (name: string) => t[name] as PgColumn;
    const seen = new Set<string>();
    const sorted = (name: string) => {
      const key = sortColumnName(def, name);
      // the primary key orders by id already
      if (seen.has(key) || key === 'id') return;
      seen.add(key);
      const ix = index(`${def.table}_${key}_idx`).on(col(name), col('id'));
      out.push(live && name !== 'id' ? ix.where(live) : ix);
    };
    // A filter needs no index of its own on a column a unique index leads with: that index serves it (and an
    // index more costs every insert). The event key's index is pushed here, the other unique ones below.
    const served = new Set<string>();
    const unique = (name: string) => served.add(columnOf(def.fields[name]!, name));
    for (const [name, field] of Object.entries(def.fields)) if (field.unique && !field.virtual) unique(name);
    for (const set of def.uniqueTogether ?? []) unique(set[0]!);
    if (def.eventKey) {
      unique(def.eventKey);
      // with the partition key, which every unique index of a partitioned table must hold
      out.push(uniqueIndex(`${def.table}_event_key`).on(col(def.eventKey), col('createdAt')));
    }
    sorted(def.defaultSort.field);
    sorted('createdAt');
    for (const view of views) {
      sorted(view.defaultSort.field);
      for (const [name, field] of Object.entries(view.fields)) if (field.list?.sortable) sorted(name);
    }
    for (const [name, field] of Object.entries(def.fields)) {
      if (field.virtual || isJoinField(field)) continue;
      const key = columnOf(field, name);
      const isFiltered = field.list?.filter || views.some((v) => v.fields[name]?.list?.filter);
      if (field.list?.sortable) sorted(name);
      if (isFiltered && !seen.has(key) && !served.has(key)) {
        seen.add(key);
        if (isArrayColumn(field)) out.push(index(`${def.table}_${key}_idx`).using('gin', col(name)));
        else {
          const ix = index(`${def.table}_${key}_idx`).on(col(name));
          out.push(live ? ix.where(live) : ix);
        }
      }
      if (field.unique) {
        const ux = uniqueIndex(uniqueIndexName(def, [key])).on(col(name));
        out.push(live ? ux.where(live) : ux);
      }
      // Filters on `<field>.<code>` are containment queries (`@>`) on the jsonb column.
      if (field.kind === 'dynamicForm' && !seen.has(key)) {
        seen.add(key);
        out.push(
          index(`${def.table}_${key}_idx`).using('gin', (t[name] as ExtraConfigColumn).op('jsonb_path_ops')),
        );
      }
      if ((field.kind === 'relation' || field.kind === 'treeRelation') && !seen.has(key)) {
        seen.add(key);
        out.push(index(`${def.table}_${key}_idx`).on(col(name)));
      }
    }
    for (const set of def.uniqueTogether ?? []) {
      const keys = set.map((name) => columnOf(def.fields[name]!, name));
      const ux = uniqueIndex(uniqueIndexName(def, keys)).on(col(set[0]!), ...set.slice(1).map(col));
      out.push(live ? ux.where(live) : ux);
    }
    const search = searchExpression(def);
    if (search) {
      out.push(index(`${def.table}_search_trgm_idx`).using('gin', sql`${search} gin_trgm_ops`));
      // Keywords of one or two characters have no trigram: their letters and letter pairs are indexed apart.
      out.push(index(`${def.table}_search_grams_idx`).using('gin', sql`search_grams(${search})`));
    }
    if (def.softDelete)
      out.push(index(`${def.table}_deleted_at_idx`).on(col('deletedAt')).where(sql`deleted_at is not null`));
    return out;
  });
}

/** One table per registered entity, by API name; a view has none (it reads its base's table). */
export function deriveTables(registry: Record<string, EntityDef>): Record<string, EntityTable> {
  const all = Object.values(registry);
  return Object.fromEntries(
    all
      .filter((def) => !def.source)
      .map((def) => [
        def.name,
        deriveTable(
          def,
          all.filter((v) => v.source === def.name),
        ),
      ]),
  );
}
