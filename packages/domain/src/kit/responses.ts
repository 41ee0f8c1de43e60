import type { FieldError, ListContent } from '../errors';
import type { EntityRecord } from './types';

// The shapes of the engine's responses (the `content` of each envelope), shared with the console.

/** `GET /api/<entity>/list` and `/trash`. Above 10,000 rows the total is an estimate, flagged here. */
export type EntityListContent = ListContent<EntityRecord> & { totalIsEstimate: boolean };

/** One entry of a record's `effective`: the value in force and where it comes from — the entity's own name
 * (the record's value), the related entity's name (inherited, e.g. `vip_package`), or `none`. */
export type EffectiveValue = { value: unknown; source: string };

/** A node of `GET /api/<entity>/tree`: the record and its children (absent on leaves). */
export type EntityTreeNode = EntityRecord & { children?: EntityTreeNode[] };

/** `GET /api/<entity>/tree`: the roots in sort order, each with its children. */
export type EntityTreeContent = { list: EntityTreeNode[]; total: number };

/** `GET /api/<entity>/options`: records for a relation select. */
export type EntityOption = { id: number; label: string };

/** One field change of a write, in JSON names. */
export type FieldChange = { field: string; old: unknown; new: unknown };

/** `GET /api/<entity>/{id}/history`, newest first. */
export type HistoryItem = {
  version: number;
  /** create, update, delete, restore, purge, revert, import, or a status action. */
  action: string;
  actorId: number | null;
  actorAccount: string | null;
  at: string;
  changes: FieldChange[];
};

/** `POST /api/<entity>/batch/<action>` and `/batch/delete`. */
export type BatchResult = {
  total: number;
  succeeded: number[];
  skipped: { id: number; reason: 'notFound' | 'notAllowed' }[];
};

/** `POST /api/<entity>/import`: one entry per data row (the header is row 1). */
export type ImportRowReport = {
  row: number;
  id: number | null;
  action: 'create' | 'update';
  errors: FieldError[];
};

export type ImportReport = {
  dryRun: boolean;
  total: number;
  valid: number;
  invalid: number;
  created: number;
  updated: number;
  /** Header cells that name no field. */
  ignoredColumns: string[];
  rows: ImportRowReport[];
};
