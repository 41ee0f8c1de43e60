import type { EntityRecord, KitIssue, Lang } from '@organiser/domain';
import type { ZodType } from 'zod';
import type { Db } from '../db/client';
import type { Engine, EngineEntity } from './entity';

// The types every part of the engine passes around: a stored row, a transaction, the caller's row scope, the
// context of one write and the hooks modules add to writes. A leaf file: it imports only types of the layers below and of the engine's
// entity set.

/** A stored row, keyed by JSON names (the table's JS keys). */
export type Row = Record<string, unknown>;

// biome-ignore lint/suspicious/noExplicitAny: both drivers' transactions share the query API used here.
export type Tx = Db | any;

/** Who changed a record: a user (its id and account, and the codes of the enabled roles it held when the
 * request began: a write that removes a role's links still knows whether the caller held it), or a marketplace
 * API key (no user id; account `key:<name>`, open/serve.ts). */
export type Actor = { id: number | null; account: string; roles?: readonly string[] } | null;

import type { RowScope } from '../access/row-scope';

export type { RowScope };

/** One field's change in a record's history. */
export type Change = { field: string; old: unknown; new: unknown };

/** One written record: its row before and after the write (null when created / removed) and the values of
 * its virtual fields (or a command's input) the caller sent. */
export type WrittenRow = { before: Row | null; after: Row | null; input: Record<string, unknown> };

/** create, update, revert, import, delete, restore, purge, a status action's or a command's name. */
export type WriteEvent = { action: string; rows: WrittenRow[] };

export type EntityHooks = {
  /** Before the kit validates a body (create, update, import row, action or command input): returns the body
   * to validate, completed or normalised. `current` is the stored row of an update. */
  beforeValidate?: (ctx: WriteContext, body: unknown, current: Row | null) => unknown | Promise<unknown>;
  /** Before a create or an update is written: field issues refuse it (400); `values` may be completed (a
   * computed field filled from the others). `current` is the stored row of an update. */
  beforeWrite?: (
    ctx: WriteContext,
    values: Record<string, unknown>,
    current: Row | null,
  ) => Promise<KitIssue[]>;
  /** Inside the transaction of a delete or purge, before its statement: the records it is about to remove as
   * stored (with their join values). A throw refuses the delete; what the records were is still there to read
   * (the roles holding a permission). */
  beforeRemove?: (tx: Tx, ctx: WriteContext, rows: readonly Row[]) => Promise<void>;
  /** Inside the write's transaction, after the rows are written: a throw rolls the whole write back. */
  afterWrite?: (tx: Tx, ctx: WriteContext, event: WriteEvent) => Promise<void>;
  /** After the transaction committed: never rolls anything back; an error is logged, not thrown. */
  afterCommit?: (ctx: WriteContext, event: WriteEvent) => Promise<void> | void;
};

export type HookLists = { [K in keyof EntityHooks]-?: NonNullable<EntityHooks[K]>[] };

/** What a command's handler changes on one record: values to store (the pipeline bumps the version, settles
 * exclusive flags and records the diff) and extra history changes (a masked secret). */
export type CommandResult =
  | {
      set?: Record<string, unknown>;
      changes?: Change[];
      /** What the route answers, for a command declared with `answersResult`. */
      result?: unknown;
      /** Work that must follow the commit (a mail naming the new password, a read of what was written): what
       * it returns is the answer instead of `result`. */
      answerAfterCommit?: () => Promise<unknown>;
    }
  | undefined;

/** The API shapes of a command a module declares with its handler: a body checked by its own schema instead
 * of the kit's input fields (the product's payload verbatim), and the shape of an `answersResult` answer. */
export type CommandSchemas = { body?: ZodType; result?: ZodType };

/** Runs a declared command inside the write pipeline's transaction, once per target record (`row` is null
 * for an entity-wide command). */
export type CommandHandler = (
  tx: Tx,
  ctx: WriteContext,
  call: { row: Row | null; input: Record<string, unknown> },
) => Promise<CommandResult | undefined>;

/**
 * How a module shapes the records an entity's routes answer where the product's API answers otherwise than the
 * engine's record (a role's `name` as `{ en, zh }`, the number of accounts holding it): every route that answers
 * records (a list page, one record, the answer to a write, a status action or a tree) passes them through
 * `shape`, and the record schema of the OpenAPI document and the serializer gains `fields`.
 */
export type AnswerShape = {
  /** Fields a shaped record adds or replaces, as the API documents them. */
  fields: Record<string, ZodType>;
  /** Completes the records in place, for all of them at once (one query, not one per record). */
  shape: (request: { db: Db; lang: Lang; actor: Actor }, records: EntityRecord[]) => Promise<void>;
};

/** What the engine reads of the registered extensions. */
export type EngineExtensions = {
  hooksOf: (entity: string) => HookLists;
  commandHandler: (entity: string, name: string) => CommandHandler | undefined;
  /** The body and answer schemas a module gave with a command's handler, if any. */
  commandSchemas?: (entity: string, name: string) => CommandSchemas | undefined;
  /** A module's shaping of an entity's answers, if any (see `AnswerShape`). */
  answerOf?: (entity: string) => AnswerShape | undefined;
  /** Every registered command handler, as `entity.name` (checked against the definitions at start). */
  commandNames: () => string[];
  /** Marks a handler as belonging to an entity an engine serves. */
  claimCommand?: (key: string) => void;
  /** Reports an afterCommit hook's error (the server's log). */
  logError?: (error: unknown, message: string) => void;
};

export type WriteContext = {
  db: Db;
  engine: Engine;
  entity: EngineEntity;
  actor: Actor;
  lang: Lang;
  rowScope: RowScope | null;
  /** A marketplace API key's write (/api/open/v1): every file it names must be one this key uploaded. */
  apiKeyId?: number | null;
  /** argon2id with the server's settings, for `password` fields. */
  hashPassword: (plain: string) => Promise<string>;
  /** The modules' hooks and command handlers. */
  extensions: EngineExtensions;
};

/** The engine and the modules' extensions: what a job needs to write through the engine outside any request. */
export type EngineRuntime = { engine: Engine; extensions: EngineExtensions };

/** The write context of a background job (requirement expiry, scheduled letters): no user, no row scope, the
 * history naming `account` (`system`), texts in English, no password fields. `db` is the job's transaction. */
export function systemWriteContext(
  db: Db,
  on: EngineRuntime,
  entityName: string,
  account = 'system',
): WriteContext {
  const entity = on.engine.get(entityName);
  if (!entity) throw new Error(`system write: no entity ${entityName}`);
  return {
    db,
    engine: on.engine,
    entity,
    actor: { id: null, account },
    lang: 'en',
    rowScope: null,
    hashPassword: async () => {
      throw new Error(`system write on ${entityName}: no password fields`);
    },
    extensions: on.extensions,
  };
}
