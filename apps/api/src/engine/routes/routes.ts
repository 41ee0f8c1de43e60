import type { FastifyInstance } from 'fastify';
import type { Engine } from '../entity';
import { noExtensions } from '../hooks';
import type { EngineExtensions } from '../write-context';
import { registerCheckedImportRoutes } from './checked-import-routes';
import { registerCommandRoutes } from './command-routes';
import { registerReadRoutes } from './read-routes';
import { registerRecordRoutes } from './record-routes';
import { routeContext } from './route-context';
import { registerTransferRoutes } from './transfer-routes';

// One generic plugin serves every registered entity, declared once in its definition: no route file
// per entity. Every route declares its access (reads: the list page's menu; writes: their own resource
// permission under that menu) and its zod schemas, so the OpenAPI document describes it. Bodies are validated
// by the kit in the handler, so field errors carry the definition's labels in the caller's language.

/** Fails at start when a declared command has no handler, or a handler names a command its entity does not
 * declare. Marks the handlers of the entities served as claimed (buildApp refuses handlers no engine claims). */
export function assertCommandHandlers(engine: Engine, extensions: EngineExtensions): void {
  const declared = engine.list.flatMap((e) =>
    e.def.source ? [] : Object.keys(e.def.commands).map((name) => `${e.def.name}.${name}`),
  );
  const handled = new Set(extensions.commandNames());
  const missing = declared.filter((key) => !handled.has(key));
  if (missing.length)
    throw new Error(
      `Declared commands without a handler (register one with ext.command): ${missing.join(', ')}`,
    );
  const served = new Set(engine.list.map((e) => e.def.name));
  const mine = [...handled].filter((key) => served.has(key.slice(0, key.indexOf('.'))));
  const unknown = mine.filter((key) => !declared.includes(key));
  if (unknown.length)
    throw new Error(`Command handlers for commands no definition declares: ${unknown.join(', ')}`);
  for (const key of mine) extensions.claimCommand?.(key);
}

/** Registers the routes of every entity of the engine. */
export function registerEntityRoutes(
  app: FastifyInstance,
  engine: Engine,
  extensions: EngineExtensions = noExtensions,
): void {
  assertCommandHandlers(engine, extensions);
  for (const entity of engine.list) {
    const rc = routeContext(app, engine, entity, extensions);
    registerReadRoutes(rc);
    registerRecordRoutes(rc);
    registerCommandRoutes(rc);
    registerTransferRoutes(rc);
    registerCheckedImportRoutes(rc);
  }
}
