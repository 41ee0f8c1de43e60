import type { FastifyPluginAsync } from 'fastify';
import {
  type AnswerShape,
  type CommandHandler,
  type CommandSchemas,
  createEngine,
  type Engine,
  type EngineExtensions,
  type EntityHooks,
  emptyHookLists,
  type HookLists,
} from './engine';
import type { OpenRoute } from './open/types';
import type { DemoSeed, ModuleSeeds, ReferenceSeed } from './seed';

// The extension registry: `buildApp` creates one, with the engine it created for the deployment, and passes
// it to each module's `register(ext)`, in module order. Modules add routes, hooks on an entity's writes,
// command handlers and seeds here, and reach the engine as `ext.engine`; nothing is registered by importing
// a file, and no module creates an engine of its own.

export type Extensions = EngineExtensions & {
  /** The deployment's engine: every entity, for its field policy (created once, by buildApp). */
  readonly engine: Engine;
  /** Route plugins, registered under /api in registration order. */
  routes: (plugin: FastifyPluginAsync) => void;
  /** Hooks on an entity's writes; several modules may add hooks to one entity, run in registration order. */
  hooks: (entity: string, hooks: EntityHooks) => void;
  /** The handler of a command the entity's definition declares; `schemas` when its body or answer has a shape
   * of its own. */
  command: (entity: string, name: string, handler: CommandHandler, schemas?: CommandSchemas) => void;
  /** How the entity's routes shape the records they answer (one module per entity; see `AnswerShape`). */
  answer: (entity: string, shape: AnswerShape) => void;
  /** A marketplace-facing route, served under /api/open/v1 by the open-API plugin (open/types.ts). */
  openRoute: (route: OpenRoute) => void;
  readonly openRoutes: readonly OpenRoute[];
  demoSeed: (seed: DemoSeed) => void;
  referenceSeed: (seed: ReferenceSeed) => void;
  readonly routePlugins: readonly FastifyPluginAsync[];
  readonly seeds: ModuleSeeds;
  logError?: (error: unknown, message: string) => void;
  /** Handlers of entities no engine served (a misspelt entity): buildApp refuses to start with any. */
  unclaimedCommands: () => string[];
};

/** A module of the server: its name and what it registers. */
export type AppModule = { name: string; register: (ext: Extensions) => void };

/** A registry on `engine`; buildApp passes the server's engine. Without one (a registry built outside a server,
 * as a script or test builds it) the entities are served under no field policy. */
export function createExtensions(engine: Engine = createEngine({ fieldPolicy: {} })): Extensions {
  const routePlugins: FastifyPluginAsync[] = [];
  const openRoutes: OpenRoute[] = [];
  const hooks = new Map<string, HookLists>();
  const commands = new Map<string, CommandHandler>();
  const commandSchemas = new Map<string, CommandSchemas>();
  const answers = new Map<string, AnswerShape>();
  const claimed = new Set<string>();
  const reference: ReferenceSeed[] = [];
  const demo: DemoSeed[] = [];
  const addSeed = <S extends { name: string }>(list: S[], seed: S) => {
    // A second registration of a name is ignored.
    if (!list.some((s) => s.name === seed.name)) list.push(seed);
  };
  return {
    engine,
    routePlugins,
    seeds: { reference, demo },
    routes: (plugin) => void routePlugins.push(plugin),
    openRoutes,
    openRoute: (route) => {
      if (openRoutes.some((r) => r.operationId === route.operationId))
        throw new Error(`open route ${route.operationId} is declared twice`);
      openRoutes.push(route);
    },
    hooks: (entity, set) => {
      const lists = hooks.get(entity) ?? emptyHookLists();
      for (const key of Object.keys(lists) as (keyof HookLists)[]) {
        const hook = set[key];
        // biome-ignore lint/suspicious/noExplicitAny: each list takes its own hook type.
        if (hook) (lists[key] as any[]).push(hook);
      }
      hooks.set(entity, lists);
    },
    command: (entity, name, handler, schemas) => {
      const key = `${entity}.${name}`;
      if (commands.has(key)) throw new Error(`command ${key} has two handlers`);
      commands.set(key, handler);
      if (schemas) commandSchemas.set(key, schemas);
    },
    answer: (entity, shape) => {
      if (answers.has(entity)) throw new Error(`the answers of ${entity} are shaped twice`);
      answers.set(entity, shape);
    },
    answerOf: (entity) => answers.get(entity),
    demoSeed: (seed) => addSeed(demo, seed),
    referenceSeed: (seed) => addSeed(reference, seed),
    hooksOf: (entity) => hooks.get(entity) ?? emptyHookLists(),
    commandHandler: (entity, name) => commands.get(`${entity}.${name}`),
    commandSchemas: (entity, name) => commandSchemas.get(`${entity}.${name}`),
    commandNames: () => [...commands.keys()],
    claimCommand: (key) => void claimed.add(key),
    unclaimedCommands: () => [...commands.keys()].filter((key) => !claimed.has(key)),
  };
}

/** The registry of the given modules, each registered in order, on the given engine. */
export function registerModules(modules: readonly AppModule[], engine?: Engine): Extensions {
  const ext = createExtensions(engine);
  for (const module of modules) module.register(ext);
  return ext;
}
