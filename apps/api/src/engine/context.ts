import type { Lang } from '@organiser/domain';
import type { Db } from '../db/client';
import type { Engine } from './engine';
import type { EngineEntity } from './entity';

// The types every part of the engine passes around: a stored row, a transaction, the caller's row scope and
// the context of one write. A leaf file: it imports only types of the layers below and of the engine's
// entity set.

/** A stored row, keyed by JSON names (the table's JS keys). */
export type Row = Record<string, unknown>;

// biome-ignore lint/suspicious/noExplicitAny: both drivers' transactions share the query API used here.
export type Tx = Db | any;

/** Who changed a record. */
export type Actor = { id: number; account: string } | null;

/** The company a caller is confined to (a supplier account): it reads and writes only rows of the entities
 * with a `scope` whose scope field is this id. Organiser staff have none. */
export type RowScope = { companyId: number };

export type WriteContext = {
  db: Db;
  engine: Engine;
  entity: EngineEntity;
  actor: Actor;
  lang: Lang;
  rowScope: RowScope | null;
  /** argon2id with the server's settings, for `password` fields. */
  hashPassword: (plain: string) => Promise<string>;
};
