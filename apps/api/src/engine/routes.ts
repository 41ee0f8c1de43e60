import type { FastifyInstance } from 'fastify';
import { registerCommandRoutes } from './command-routes';
import type { EngineExtensions } from './context';
import type { Engine } from './engine';
import { noExtensions } from './hooks';
import { registerReadRoutes } from './read-routes';
import { registerRecordRoutes } from './record-routes';
import { routeContext } from './route-context';
import { registerTransferRoutes } from './transfer-routes';

// One generic plugin serves every registered entity (ARCHITECTURE.md "Declare an entity once"): no route file
// per entity. Every route declares its access (reads: the list page's menu; writes: their own resource
// permission under that menu) and its zod schemas, so the OpenAPI document describes it. Bodies are validated
// by the kit in the handler, so field errors carry the definition's labels in the caller's language.

/** Fails at start when a declared command has no handler, or a handler names no declared command of an
 * entity (with `strict`, of any entity: the server's engine serves every definition). */
export function assertCommandHandlers(engine: Engine, extensions: EngineExtensions, strict = true): void {
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
  const unknown = [...handled].filter(
    (key) => !declared.includes(key) && (strict || served.has(key.slice(0, key.indexOf('.')))),
  );
  if (unknown.length)
    throw new Error(`Command handlers for commands no definition declares: ${unknown.join(', ')}`);
}

/** Registers the routes of every entity of the engine. `strict: false` for an engine serving only some
 * definitions next to the server's own (its handlers of other entities are not its business). */
export function registerEntityRoutes(
  app: FastifyInstance,
  engine: Engine,
  extensions: EngineExtensions = noExtensions,
  options: { strict?: boolean } = {},
): void {
  assertCommandHandlers(engine, extensions, options.strict ?? true);
  for (const entity of engine.list) {
    const rc = routeContext(app, engine, entity, extensions);
    registerReadRoutes(rc);
    registerRecordRoutes(rc);
    registerCommandRoutes(rc);
    registerTransferRoutes(rc);
  }
}
