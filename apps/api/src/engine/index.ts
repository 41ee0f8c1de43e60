export { type CheckedImport, checkImport, importChecked } from './checked-import';
export type {
  Actor,
  Change,
  CommandHandler,
  CommandResult,
  CommandSchemas,
  EntityHooks,
  Row,
  RowScope,
  Tx,
  WriteContext,
  WriteEvent,
  WrittenRow,
} from './context';
export { withEffective } from './effective';
export { createEngine, type Engine } from './engine';
export type { EngineEntity } from './entity';
export { fieldsError } from './field-errors';
export { SECRET_MASK } from './history';
export { runList } from './list';
export { toListRecord, withLabels } from './records';
export { engineValidator, idParams, importReportSchema } from './route-context';
export { registerEntityRoutes } from './routes';
export { loadRow } from './row-scope';
export { seedEngineDemo } from './seed';
export { importFileOf } from './transfer-routes';
export { heldQuotaCounts } from './write-effects';
