import { createRequire } from 'node:module';
import {
  type EntityRecord,
  type FieldDef,
  isJoinField,
  isRichTextUrl,
  isSecretField,
  type Lang,
  labelColumns,
  RICH_TEXT_DROPPED_TAGS,
  RICH_TEXT_TAGS,
  RICH_TEXT_URL_ATTRIBUTES,
  RICH_TEXT_URL_SCHEMES,
  recordLabel,
  richTextStyle,
} from '@organiser/domain';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Engine, EngineEntity } from '../entity';
import type { Row } from '../write-context';
import { joinedLabelKey } from './list';

// Rows ↔ API records. Selected rows already use JSON names (the table's JS keys); here timestamps become ISO
// strings, hidden fields are dropped, and each relation gets the label of the record it points to.

const iso = (v: unknown) =>
  v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : String(v);

/** The API value of one stored value. */
export function toApiValue(field: FieldDef, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (field.kind === 'datetime') return iso(value);
  if ((field.kind === 'decimal' || field.kind === 'money') && typeof value === 'string') return Number(value);
  return value;
}

/** The stored value of one API value. */
export function toDbValue(field: FieldDef, value: unknown): unknown {
  if (value === undefined || value === null) return value;
  if (field.kind === 'datetime') return new Date(String(value));
  if (field.kind === 'richText') return sanitizeRichText(String(value));
  return value;
}

type SanitizeHtml = typeof import('sanitize-html');
let sanitizer: SanitizeHtml | null = null;

/** sanitize-html (with its HTML and CSS parsers) loads with the first rich text written, not at start. It is a
 * CommonJS package, so `require` loads it synchronously and the write path stays synchronous. */
function loadSanitizer(): SanitizeHtml {
  sanitizer ??= createRequire(import.meta.url)('sanitize-html') as SanitizeHtml;
  return sanitizer;
}

/** An element's attributes reduced to the allow-list's rules: an aligned style at most, safe addresses, and a
 * link opening a new tab does not hand it the opener. */
function allowedAttributes(tagName: string, attribs: Record<string, string>) {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (name === 'style') continue;
    if (RICH_TEXT_URL_ATTRIBUTES.includes(name) && !isRichTextUrl(value)) continue;
    out[name] = value;
  }
  const style = richTextStyle(attribs.style);
  if (style) out.style = style;
  if (tagName === 'a' && out.target === '_blank') out.rel = 'noopener noreferrer';
  return { tagName, attribs: out };
}

/** Rich text is stored sanitised to the allow-list the console uses too: no scripts, event handlers, script
 * links, classes or styles other than text alignment. */
export function sanitizeRichText(html: string): string {
  const sanitizeHtml = loadSanitizer();
  return sanitizeHtml(html, {
    allowedTags: Object.keys(RICH_TEXT_TAGS),
    allowedAttributes: Object.fromEntries(
      Object.entries(RICH_TEXT_TAGS).map(([tag, names]) => [tag, [...names, 'style']]),
    ),
    nonTextTags: [...RICH_TEXT_DROPPED_TAGS],
    transformTags: { '*': allowedAttributes },
    parseStyleAttributes: false,
    allowedSchemes: [...RICH_TEXT_URL_SCHEMES],
    allowProtocolRelative: false,
  });
}

/** Turns an API body (validated) into column values; virtual fields and join fields have no column. */
export function toDbValues(entity: EngineEntity, body: Record<string, unknown>): Row {
  const out: Row = {};
  for (const [name, value] of Object.entries(body)) {
    const field = entity.def.fields[name];
    if (field && !field.virtual && !isJoinField(field)) out[name] = toDbValue(field, value);
  }
  return out;
}

/** A row as the API returns it, before relation labels. */
export function toRecord(entity: EngineEntity, row: Row): EntityRecord {
  const record: EntityRecord = {
    id: Number(row.id),
    version: Number(row.version),
    createdAt: iso(row.createdAt) ?? '',
    updatedAt: iso(row.updatedAt) ?? '',
    createdBy: (row.createdBy as number | null) ?? null,
    updatedBy: (row.updatedBy as number | null) ?? null,
  };
  for (const [name, state] of entity.states) {
    if (state.isHidden || isSecretField(state.field)) continue;
    record[name] = toApiValue(state.field, row[name]);
  }
  if (entity.def.softDelete) record.deletedAt = iso(row.deletedAt);
  return record;
}

/** Field values of a row in API form, hidden ones included (history and diffs work on these); passwords and
 * virtual fields are never part of them. */
export function apiValues(entity: EngineEntity, row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(entity.def.fields))
    if (!isSecretField(field)) out[name] = toApiValue(field, row[name]);
  return out;
}

/** Labels of related records by id, in one query per target entity. */
export async function relatedLabels(
  db: Db,
  engine: Engine,
  target: string,
  ids: number[],
  lang: Lang,
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const related = engine.get(target);
  if (!related || ids.length === 0) return out;
  const rows = (await db
    .select()
    .from(related.table)
    .where(inArray(related.col('id'), [...new Set(ids)]))) as Row[];
  for (const row of rows) out.set(Number(row.id), recordLabel(related.def, row, lang));
  return out;
}

/** Adds `<field>Label` / `<field>Labels` to records for each visible relation field. */
export async function withLabels(
  db: Db,
  engine: Engine,
  entity: EngineEntity,
  records: EntityRecord[],
  lang: Lang,
): Promise<EntityRecord[]> {
  for (const [name, state] of entity.states) {
    if (state.isHidden) continue;
    const field = state.field;
    if (field.kind !== 'relation' && field.kind !== 'relationMany' && field.kind !== 'treeRelation') continue;
    const target = field.kind === 'treeRelation' ? entity.def.name : field.to;
    if (field.kind === 'relation' && records.every((r) => `${name}Label` in r)) continue;
    const ids = records.flatMap((r) => {
      const v = r[name];
      return Array.isArray(v) ? (v as number[]) : typeof v === 'number' ? [v] : [];
    });
    const labels = await relatedLabels(db, engine, target, ids, lang);
    for (const r of records) {
      const v = r[name];
      if (field.kind === 'relationMany') {
        r[`${name}Labels`] = Array.isArray(v) ? (v as number[]).map((id) => labels.get(id) ?? `#${id}`) : [];
      } else r[`${name}Label`] = typeof v === 'number' ? (labels.get(v) ?? `#${v}`) : null;
    }
  }
  return records;
}

type JoinedLabels = { field: string; target: EngineEntity; keys: [column: string, key: string][] };
const joinedLabelsOf = new WeakMap<Engine, WeakMap<EngineEntity, JoinedLabels[]>>();

/** The relation fields whose labels a page query joins in (`runList` with the engine), each with the keys of its
 * label columns in a page row: worked out once per entity, not for every row of every page. */
function joinedLabels(engine: Engine, entity: EngineEntity): JoinedLabels[] {
  let byEntity = joinedLabelsOf.get(engine);
  if (!byEntity) {
    byEntity = new WeakMap();
    joinedLabelsOf.set(engine, byEntity);
  }
  let found = byEntity.get(entity);
  if (!found) {
    found = [];
    for (const [name, state] of entity.states) {
      if (state.isHidden || state.field.kind !== 'relation') continue;
      const target = engine.get(state.field.to);
      if (!target) continue;
      const keys = labelColumns(target.def).map((c): [string, string] => [c, joinedLabelKey(name, c)]);
      found.push({ field: name, target, keys });
    }
    byEntity.set(entity, found);
  }
  return found;
}

/** A page row as a record, with the labels the page query joined in (`runList` with the engine). */
export function toListRecord(engine: Engine, entity: EngineEntity, row: Row, lang: Lang): EntityRecord {
  const record = toRecord(entity, row);
  for (const { field, target, keys } of joinedLabels(engine, entity)) {
    const joined: Row = {};
    let found = false;
    for (const [column, key] of keys) {
      if (!(key in row)) continue;
      joined[column] = row[key];
      found = true;
    }
    if (!found) continue;
    const value = record[field];
    record[`${field}Label`] =
      typeof value === 'number' ? recordLabel(target.def, joined, lang) || `#${value}` : null;
  }
  return record;
}
