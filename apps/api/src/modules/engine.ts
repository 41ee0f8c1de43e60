import { registerEntityRoutes, seedEngineDemo } from '../engine';
import type { AppModule } from '../extensions';
import { createStorage } from '../storage';

// The entity engine as one module (registered under /api like the others): the routes of every entity in
// packages/domain/src/entities, served by the engine buildApp created for this deployment's field policy,
// with the hooks and command handlers the other modules registered.

export const engineModule: AppModule = {
  name: 'engine',
  register: (ext) => {
    ext.demoSeed({
      name: 'entities',
      run: ({ db, config }) => seedEngineDemo(db, { storage: createStorage(config.server) }),
    });
    ext.routes(async (app) => registerEntityRoutes(app, ext.engine, ext));
  },
};
