export { createEngine } from './engine';
export { registerEntityRoutes } from './routes';
export { seedEngineDemo } from './seed';
export { heldQuotaCounts } from './write-effects';
