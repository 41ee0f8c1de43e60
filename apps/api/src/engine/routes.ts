import type { FastifyInstance } from 'fastify';
import type { Engine } from './engine';
import { registerReadRoutes } from './read-routes';
import { registerWriteRoutes } from './record-routes';
import { routeContext } from './route-context';
import { registerTransferRoutes } from './transfer-routes';

// One generic plugin serves every registered entity (ARCHITECTURE.md "Declare an entity once"): no route file
// per entity. Every route declares its access (reads: the list page's menu; writes: their own resource
// permission under that menu) and its zod schemas, so the OpenAPI document describes it. Bodies are validated
// by the kit in the handler, so field errors carry the definition's labels in the caller's language.

/** Registers the routes of every entity of the engine. */
export function registerEntityRoutes(app: FastifyInstance, engine: Engine): void {
  for (const entity of engine.list) {
    const rc = routeContext(app, engine, entity);
    registerReadRoutes(rc);
    registerWriteRoutes(rc);
    registerTransferRoutes(rc);
  }
}
