export { type CheckedImport, checkImport, importChecked } from './checked-import';
export { createEngine } from './engine';
export { registerEntityRoutes } from './routes';
export { seedEngineDemo } from './seed';
export { importFileOf } from './transfer-routes';
export { heldQuotaCounts } from './write-effects';
