import { registerEntityRoutes } from '../engine';
import type { AppModule } from '../extensions';

// The entity engine as one module (registered under /api like the others): the routes of every entity in
// packages/domain/src/entities, served by the engine buildApp created for this deployment's field policy,
// with the hooks and command handlers the other modules registered.

export const engineModule: AppModule = {
  name: 'engine',
  register: (ext) => {
    ext.routes(async (app) => registerEntityRoutes(app, ext.engine, ext));
  },
};
