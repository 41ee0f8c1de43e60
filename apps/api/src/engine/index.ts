// The engine's public face: the only file of the engine that modules and plugins import
// (scripts/check-layers.mjs enforces it). The engine is created once, by buildApp, and handed to the modules
// through the extension registry (`ext.engine`). What a module may use: the engine and its entities; the
// types of hooks, command handlers and the context of a write (write-context.ts); reading a record, listing,
// creating, updating and running a command; the request's write context, row scope and the list envelope
// for a module's own routes; import and export; reports; the dictionaries' and dynamic forms' tables; and
// the demo rows helper.
export { rowScopeOf } from '../access/row-scope';
export {
  dynamicFormConfig,
  dynamicFormOwners,
  filterableConfigs,
  formGroups,
  groupConfigs,
  invalidateDynamicForms,
} from './dynamic-forms';
export { createEngine } from './engine';
export type { Engine, EngineEntity } from './entity';
export { fieldsError, toFieldErrors } from './field-errors';
export { emptyHookLists, noExtensions } from './hooks';
export { withEffective } from './read/effective';
export { countListed, type ListPage, runList } from './read/list';
export { toListRecord, toRecord, withLabels } from './read/records';
export { loadRow } from './read/row-scope';
export {
  type ReportContext,
  type ReportParamValues,
  type ReportQuery,
  type ReportResult,
  registerReportRoutes,
} from './report/report-routes';
export {
  engineValidator,
  idParams,
  importReportSchema,
  listEnvelope,
  listEnvelopeSchema,
  requestWriteContext,
} from './routes/route-context';
export { registerEntityRoutes } from './routes/routes';
export { importFileOf } from './routes/transfer-routes';
export { type CheckedImport, checkImport, importChecked } from './transfer/checked-import';
export { contentDisposition, exportRecords } from './transfer/transfer';
export { runAction, runCommand, runResultCommand, runSingleCommand } from './write/actions';
export { insertDemoRows } from './write/demo-rows';
export { dictGroup, dictItem, enabledDictItems } from './write/dictionary-check';
export { ensureMonthPartition, eventTableDdl } from './write/event-tables';
export { SECRET_MASK } from './write/history';
export { createRecord, updateRecord } from './write/record-writes';
export { checkFiles } from './write/references';
export { derivedChanges, heldQuotaCounts } from './write/write-effects';
export type {
  Actor,
  AnswerShape,
  Change,
  CommandHandler,
  CommandResult,
  CommandSchemas,
  EngineExtensions,
  EngineRuntime,
  EntityHooks,
  HookLists,
  Row,
  RowScope,
  Tx,
  WriteContext,
  WriteEvent,
  WrittenRow,
} from './write-context';
export { systemWriteContext } from './write-context';
