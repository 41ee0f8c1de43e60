import type { KitIssue } from '@organiser/domain';
import type { Row, Tx, WriteContext } from './context';

// Domain modules add behaviour to an entity's writes without a route of their own (ARCHITECTURE.md "Beyond
// CRUD"): checks before a write, and work inside its transaction (a company's supplier login is created with
// the company). Registered at import time, like demo seeds.

/** One written record: its row before and after the write (null when created / removed) and the values of
 * its virtual fields the caller sent. */
export type WrittenRow = { before: Row | null; after: Row | null; input: Record<string, unknown> };

export type WriteEvent = {
  action: 'create' | 'update' | 'revert' | 'import' | 'delete' | 'restore' | 'purge';
  rows: WrittenRow[];
};

export type EntityHooks = {
  /** Before a create or an update is written: field issues refuse it (400); `values` may be completed (a
   * computed field filled from the others). `current` is the stored row of an update. */
  prepare?: (ctx: WriteContext, values: Record<string, unknown>, current: Row | null) => Promise<KitIssue[]>;
  /** Inside the write's transaction, after the rows are written: a throw rolls the whole write back. */
  afterWrite?: (tx: Tx, ctx: WriteContext, event: WriteEvent) => Promise<void>;
};

const registry = new Map<string, EntityHooks>();

/** A module's hooks for an entity (one set per entity: a second registration replaces the first). */
export function registerEntityHooks(entity: string, hooks: EntityHooks): void {
  registry.set(entity, hooks);
}

export function hooksOf(entity: string): EntityHooks {
  return registry.get(entity) ?? {};
}
