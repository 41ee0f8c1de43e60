// The engine's public face: the only file outside the engine may import (scripts/check-layers.mjs enforces it
// for modules/ and plugins/). The engine is created once, by buildApp, and handed to the modules through the
// extension registry (`ext.engine`); a module reads, lists, writes and runs commands through what is exported
// here, and adds behaviour through hooks and command handlers (see hooks.ts).

export { rowScopeOf } from '../access/row-scope';
export { runCommand, runSingleCommand } from './actions';
// Import and export
export { type CheckedImport, checkImport, importChecked } from './checked-import';
// Hooks, commands and the context of a write
export type {
  Actor,
  Change,
  CommandHandler,
  CommandResult,
  EngineExtensions,
  EntityHooks,
  HookLists,
  Row,
  RowScope,
  Tx,
  WriteContext,
  WriteEvent,
  WrittenRow,
} from './context';
// Demo data
export { gradientPng } from './demo-images';
// Dictionaries and dynamic forms, whose tables and caches the engine owns
export { dictGroup, dictItem, enabledDictItems } from './dictionary-check';
export {
  dynamicFormConfig,
  dynamicFormOwners,
  filterableConfigs,
  formGroups,
  groupConfigs,
  invalidateDynamicForms,
} from './dynamic-forms';
export { withEffective } from './effective';
// The engine and its entities
export { createEngine, type Engine } from './engine';
export type { EngineEntity } from './entity';
export { fieldsError, toFieldErrors } from './field-errors';
export { SECRET_MASK } from './history';
export { emptyHookLists, noExtensions } from './hooks';
export { type ListPage, runList } from './list';
export { createRecord, updateRecord } from './record-writes';
export { toListRecord, toRecord, withLabels } from './records';
// Reports: a module's read-only report served like the engine's (list, filters, export)
export {
  type ReportContext,
  type ReportParamValues,
  type ReportQuery,
  type ReportResult,
  registerReportRoutes,
} from './report-routes';
// A module's own routes: the request's write context and row scope, and the schemas shared with the
// engine's routes (the list envelope, ids, import reports)
export {
  engineValidator,
  idParams,
  importReportSchema,
  listEnvelope,
  listEnvelopeSchema,
  requestWriteContext,
} from './route-context';
export { registerEntityRoutes } from './routes';
// Read, list, write and run a command
export { loadRow } from './row-scope';
export { insertDemoRows, seedEngineDemo, storeDemoImage } from './seed';
export { importFileOf } from './transfer-routes';
export { derivedChanges, heldQuotaCounts } from './write-effects';
