import type { FastifyPluginAsync } from 'fastify';
import { registerDemoSeed } from '../db/seed';
import { createStorage } from '../storage';
import { createEngine } from './engine';
import { registerEntityRoutes } from './routes';
import { seedEngineDemo } from './seed';

// The entity engine as one module (registered under /api like the others): the routes of every entity in
// packages/domain/src/entities, for this deployment's field policy.

registerDemoSeed({
  name: 'entities',
  run: ({ db, config }) => seedEngineDemo(db, { storage: createStorage(config.server) }),
});

export const engineModule: FastifyPluginAsync = async (app) => {
  registerEntityRoutes(app, createEngine(app.config.deployment));
};

export { createEngine, seedEngineDemo };
