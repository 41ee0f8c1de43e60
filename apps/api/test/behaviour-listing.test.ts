import { entities } from '@organiser/domain';
import { describe, expect, it } from 'vitest';
import { modules } from '../src/modules';

// A reader of a definition finds everything that changes the entity's behaviour from it: every write hook a
// module registers on an entity is listed in the definition's `behaviour.hooks` (by module, hook and function
// name), and every command handler is for a command the definition declares. A new hook without its listing,
// or a listing left behind by a removed hook, fails here.

type Registered = { hooks: Map<string, Record<string, string[]>>; commands: Map<string, string[]> };

/** What each module registers, by entity: its hooks (`beforeWrite: checkProduct`) and command handlers. */
function registrations(): Registered {
  const out: Registered = { hooks: new Map(), commands: new Map() };
  for (const module of modules) {
    const ext = {
      hooks: (entity: string, set: Record<string, unknown>) => {
        const byModule = out.hooks.get(entity) ?? {};
        for (const [kind, hook] of Object.entries(set)) {
          if (typeof hook !== 'function') continue;
          byModule[module.name] = [...(byModule[module.name] ?? []), `${kind}: ${hook.name}`];
        }
        out.hooks.set(entity, byModule);
      },
      command: (entity: string, name: string) =>
        out.commands.set(entity, [...(out.commands.get(entity) ?? []), name]),
    };
    // only hooks and commands are read here; routes and seeds are not this test's concern
    const ignore = () => {};
    module.register({
      routes: ignore,
      openRoute: ignore,
      answer: ignore,
      demoSeed: ignore,
      referenceSeed: ignore,
      ...ext,
    } as never);
  }
  return out;
}

const registered = registrations();

describe('behaviour listed beside the definition', () => {
  it.each(Object.keys(entities))('%s lists every write hook registered on it', (name) => {
    const listed = entities[name]!.behaviour?.hooks ?? {};
    const sorted = (byModule: Record<string, readonly string[]>) =>
      Object.fromEntries(Object.entries(byModule).map(([m, hooks]) => [m, [...hooks].sort()]));
    expect(sorted(listed)).toEqual(sorted(registered.hooks.get(name) ?? {}));
  });

  it('registers a hook only on a declared entity', () => {
    for (const entity of registered.hooks.keys()) expect(Object.keys(entities)).toContain(entity);
  });

  it.each(Object.keys(entities))('%s declares every command a module handles', (name) => {
    for (const command of registered.commands.get(name) ?? [])
      expect(Object.keys(entities[name]!.commands)).toContain(command);
  });
});
