import { actionInputSchema, type CommandDef, type MachineAction } from '@organiser/domain';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../http/envelope';
import { runCommand, runResultCommand, runSingleCommand } from '../write/actions';
import type { CommandResult } from '../write-context';
import { BATCH_MAX, batchBody, batchIds } from './batch';
import { batchResultSchema, engineValidator, idParams, type RouteContext } from './route-context';

// Declared commands (a definition's `commands`): `record` → POST /<entity>/<name>/{id}; `batch` → POST
// /<entity>/<name> with a batch body; `both` → both; `entity` → POST /<entity>/<name> with the input alone.
// Each is a resource permission under the entity's menu, named by the command's label.

const inputSchema = (command: CommandDef) =>
  actionInputSchema({ input: command.input ?? {} } as unknown as MachineAction);

/** A command whose answer is its handler's result (a generated password, a mail's state): the body checked by
 * the module's schema when it gave one; a result shown once is never cached. */
function registerResultCommand(rc: RouteContext, name: string, command: CommandDef): void {
  const { app, label, tags, context, route, extensions } = rc;
  const schemas = extensions.commandSchemas?.(rc.def.name, name) ?? {};
  const once = command.showResultOnce ? ' The answer is shown once: it is stored nowhere in clear.' : '';
  app.post(
    route.url(`command:${name}`),
    {
      validatorCompiler: schemas.body ? (validatorCompiler as typeof engineValidator) : engineValidator,
      config: { access: route.access(`command:${name}`) },
      schema: {
        tags,
        summary: `${command.label.en}: one ${label.en}.${once}`,
        params: idParams,
        // a command without input takes no body (the product's body-less calls are documented as such)
        ...(schemas.body || command.input ? { body: schemas.body ?? inputSchema(command) } : {}),
        response: { 200: okSchema(schemas.result ?? z.unknown()) },
      },
    },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof idParams>;
      if (command.showResultOnce) reply.header('cache-control', 'no-store');
      return ok(await runResultCommand(context(request), name, id, request.body ?? {}));
    },
  );
}

function registerRecordCommand(rc: RouteContext, name: string, command: CommandDef): void {
  const { app, label, tags, record, context, labelled, common, route } = rc;
  if (command.answersResult) {
    registerResultCommand(rc, name, command);
    return;
  }
  const when = command.when ? ` (409 unless ${command.when.field} is ${command.when.in.join(' | ')})` : '';
  app.post(
    route.url(`command:${name}`),
    {
      ...common,
      config: { access: route.access(`command:${name}`) },
      schema: {
        tags,
        summary: `${command.label.en}: one ${label.en}${when}`,
        params: idParams,
        body: inputSchema(command),
        response: { 200: okSchema(record) },
      },
    },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const updated = await runSingleCommand(context(request), name, id, request.body ?? {});
      const [one] = await labelled(request, [updated]);
      return ok(one!);
    },
  );
}

function registerBatchCommand(rc: RouteContext, name: string, command: CommandDef): void {
  const { app, tags, context, common, route } = rc;
  app.post(
    route.url(`batchCommand:${name}`),
    {
      ...common,
      config: { access: route.access(`batchCommand:${name}`) },
      schema: {
        tags,
        summary: `${command.label.en} on the given ids, or on every record matching a filter when the count the client saw still holds (at most ${BATCH_MAX})`,
        body: batchBody(inputSchema(command).shape),
        response: { 200: okSchema(batchResultSchema) },
      },
    },
    async (request) => {
      const { ids, rest } = await batchIds(rc, request);
      return ok(await runCommand(context(request), name, ids, rest));
    },
  );
}

function registerEntityCommand(rc: RouteContext, name: string, command: CommandDef): void {
  const { app, tags, context, common, route, extensions } = rc;
  // a module may give the command a body schema of its own and, with `answersResult`, the shape of its answer
  const schemas = extensions.commandSchemas?.(rc.def.name, name) ?? {};
  app.post(
    route.url(`command:${name}`),
    {
      ...common,
      ...(schemas.body ? { validatorCompiler: validatorCompiler as typeof engineValidator } : {}),
      config: { access: route.access(`command:${name}`) },
      schema: {
        tags,
        summary: `${command.label.en} (${rc.def.labels.plural.en} as a whole)`,
        body: schemas.body ?? inputSchema(command),
        response: {
          200: okSchema(command.answersResult ? (schemas.result ?? z.unknown()) : z.literal(true)),
        },
      },
    },
    async (request) => {
      const results = new Map<number, CommandResult>();
      await runCommand(context(request), name, null, request.body ?? {}, results);
      return command.answersResult ? ok(results.get(0)?.result ?? null) : ok(true as const);
    },
  );
}

export function registerCommandRoutes(rc: RouteContext): void {
  if (rc.def.source) return;
  for (const [name, command] of Object.entries(rc.def.commands)) {
    // a system command is run by the server's jobs only (runCommand with the system actor)
    if (command.system) continue;
    if (command.target === 'entity') registerEntityCommand(rc, name, command);
    if (command.target === 'record' || command.target === 'both') registerRecordCommand(rc, name, command);
    if (command.target === 'batch' || command.target === 'both') registerBatchCommand(rc, name, command);
  }
}
