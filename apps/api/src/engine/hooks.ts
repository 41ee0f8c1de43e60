import type { EngineExtensions, HookLists } from './write-context';

export type {
  AnswerShape,
  CommandHandler,
  CommandResult,
  CommandSchemas,
  EngineExtensions,
  EntityHooks,
  HookLists,
  WriteEvent,
  WrittenRow,
} from './write-context';

// What modules add to an entity's writes without forking the engine (behaviour beyond CRUD): hooks
// on each step of the write pipeline, and the handlers of the commands a definition declares. Modules
// register them in their `register(ext)` function (src/extensions.ts); the engine reads them through
// `EngineExtensions` and never imports a module.

export const emptyHookLists = (): HookLists => ({
  beforeValidate: [],
  beforeWrite: [],
  beforeRemove: [],
  afterWrite: [],
  afterCommit: [],
});

/** No extensions: writes outside a server (seeds, scripts) run the pipeline without module hooks. */
export const noExtensions: EngineExtensions = {
  hooksOf: emptyHookLists,
  commandHandler: () => undefined,
  commandNames: () => [],
};
