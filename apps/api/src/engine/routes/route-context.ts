import {
  API_PREFIX,
  entityRoutes,
  type ListQuery,
  type RouteKey,
  recordSchema,
  type resourceName,
  toPublicConfig,
} from '@organiser/domain';
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../access/route-access';
import { rowScopeOf } from '../../access/row-scope';
import { operationKey, schemaName } from '../../http/openapi-schemas';
import { hashPassword } from '../../security/password';
import type { Engine, EngineEntity } from '../entity';
import { withEffective } from '../read/effective';
import { COUNT_CAP, type ListPage } from '../read/list';
import { type toRecord, withLabels } from '../read/records';
import type { EngineExtensions, WriteContext } from '../write-context';

// What every engine route of one entity shares: its access declarations, schemas and request context.

export const idParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
export const revertParams = idParams.extend({ version: z.coerce.number().int().positive().max(2147483647) });

/** Query and params go through zod (a bad one is a 400 naming it); bodies are left to the kit. */
// biome-ignore lint/suspicious/noExplicitAny: the route option is typed by each route's own schema object.
export const engineValidator: FastifySchemaCompiler<any> = (route) =>
  route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(route);

/** Different query strings whose parsed list queries a list route keeps (most list requests repeat one). */
const LIST_QUERIES_KEPT = 500;

/** Freezes a parsed query and everything in it: a kept one is shared by the requests that send the same
 * parameters, so none of them may change it. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/**
 * The validator of a list route (the list, the trash): its query parameters as `engineValidator` parses them,
 * each parse kept by the parameters sent (frozen), so the first page of a list, or the same search paged back
 * and forth, is parsed once. Refusals are not kept: they are parsed again, with the same 400.
 */
// biome-ignore lint/suspicious/noExplicitAny: the route option is typed by each route's own schema object.
export const listQueryValidator: FastifySchemaCompiler<any> = (route) => {
  const validate = engineValidator(route);
  if (route.httpPart !== 'querystring') return validate;
  const kept = new Map<string, unknown>();
  return (data: unknown) => {
    const key = JSON.stringify(data);
    if (kept.has(key)) return { value: kept.get(key) };
    const result = validate(data) as Exclude<ReturnType<typeof validate>, boolean | PromiseLike<unknown>>;
    if (result.error) return result;
    // the default sort is the definition's own object: the kept query gets a copy of it to freeze
    const query = result.value as ListQuery;
    const value = deepFreeze({ ...query, sort: { ...query.sort } });
    if (kept.size >= LIST_QUERIES_KEPT) kept.delete(kept.keys().next().value as string);
    kept.set(key, value);
    return { value };
  };
};

export const batchResultSchema = z.object({
  total: z.number().int(),
  succeeded: z.array(z.number().int()),
  skipped: z.array(z.object({ id: z.number().int(), reason: z.enum(['notFound', 'notAllowed']) })),
});

export const historySchema = z.array(
  z.object({
    version: z.number().int(),
    action: z.string(),
    actorId: z.number().int().nullable(),
    actorAccount: z.string().nullable(),
    at: z.string(),
    changes: z.array(z.object({ field: z.string(), old: z.unknown(), new: z.unknown() })),
  }),
);

export const importReportSchema = z.object({
  dryRun: z.boolean(),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  ignoredColumns: z.array(z.string()),
  rows: z.array(
    z.object({
      row: z.number().int(),
      id: z.number().int().nullable(),
      action: z.enum(['create', 'update']),
      errors: z.array(z.object({ path: z.string(), message: z.string() })),
    }),
  ),
});

/** The body of a list page: a page of records, the total, the page and its size. */
export const listEnvelopeSchema = <T extends z.ZodType>(record: T) =>
  z.object({
    list: z.array(record),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    totalIsEstimate: z
      .boolean()
      .describe(
        `true when the table is big and the total is the planner's estimate (exact up to ${COUNT_CAP})`,
      ),
  });

/** A list page's body (see listEnvelopeSchema) from the records shown, the page read and the query. */
export const listEnvelope = <T>(
  list: T[],
  page: Pick<ListPage, 'total' | 'isEstimate'>,
  query: Pick<ListQuery, 'page' | 'size'>,
) => ({ list, total: page.total, page: query.page, size: query.size, totalIsEstimate: page.isEstimate });

/** The context of a write the request makes on an entity: its caller, language and row scope. */
export function requestWriteContext(
  request: FastifyRequest,
  on: { engine: Engine; entity: EngineEntity; extensions: EngineExtensions },
): WriteContext {
  const { config, db } = request.server;
  return {
    db,
    engine: on.engine,
    entity: on.entity,
    lang: request.lang,
    actor: request.auth
      ? { id: request.auth.user.id, account: request.auth.user.account, roles: request.auth.user.roles }
      : null,
    rowScope: rowScopeOf(request),
    hashPassword: (plain) => hashPassword(plain, config.server.passwordHash),
    extensions: on.extensions,
  };
}

export type RouteContext = ReturnType<typeof routeContext>;

/** The url of a generated route the entity leaves out (`routes.omit`). */
const OMITTED = '\u0000omitted';
const REGISTERS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** The app as an entity's route registrations see it: a registration at OMITTED does nothing, so the route
 * builders stay free of per-route conditions. */
function withoutOmitted(app: FastifyInstance): FastifyInstance {
  return new Proxy(app, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof prop === 'string' && REGISTERS.has(prop))
        return (url: string, ...rest: unknown[]) =>
          url === OMITTED ? target : (value as (...a: unknown[]) => unknown).call(target, url, ...rest);
      if (prop === 'route')
        return (options: { url: string }) =>
          options.url === OMITTED ? target : target.route(options as never);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export function routeContext(
  app: FastifyInstance,
  engine: Engine,
  entity: EngineEntity,
  extensions: EngineExtensions,
) {
  const { def, policy } = entity;
  const { db } = app;
  const base = `/${def.name}`;
  const menu = def.permission.menu;
  const read: Access = { kind: 'menu', url: menu };
  const label = def.labels.singular;
  const write = (name: ReturnType<typeof resourceName>): Access => ({ kind: 'resource', menu, name });
  const tags = [def.name];
  // Schemas several routes use are built once and named once in the OpenAPI document (`Company`,
  // `CompanyUpdate`) when the app keeps shared schemas (a bare Fastify in tests does not).
  const made = new Map<string, z.ZodType>();
  const shared = <T extends z.ZodType>(suffix: string, make: () => T): T => {
    const id = schemaName(def.name) + suffix;
    if (!made.has(id))
      made.set(id, app.hasDecorator('openApiSchemas') ? app.openApiSchemas.named(id, make()) : make());
    return made.get(id) as T;
  };
  const answer = extensions.answerOf?.(def.name);
  const record = shared('', () =>
    answer ? recordSchema(def, { policy }).extend(answer.fields) : recordSchema(def, { policy }),
  );
  const texts = toPublicConfig(app.config.deployment).site.texts;
  const variantTexts = (request: FastifyRequest) => texts[request.lang];

  const rowScope = rowScopeOf;
  const context = (request: FastifyRequest) => requestWriteContext(request, { engine, entity, extensions });
  const labelled = async (request: FastifyRequest, records: ReturnType<typeof toRecord>[]) => {
    const out = await withEffective(
      db,
      engine,
      entity,
      await withLabels(db, engine, entity, records, request.lang),
    );
    if (answer) await answer.shape({ db, lang: request.lang, actor: context(request).actor }, out);
    return out;
  };
  const common = { validatorCompiler: engineValidator };

  const listContent = listEnvelopeSchema(record);
  // Urls and access come from the route table (packages/domain/src/routes), the one place they are spelled.
  const table = new Map(entityRoutes(def, policy).map((r) => [r.key, r]));
  // The OpenAPI document names each route's operation from the same table (`company_list`).
  if (app.hasDecorator('openApiSchemas')) {
    app.openApiSchemas.tags.set(def.name, def.labels.plural.en);
    for (const r of table.values())
      app.openApiSchemas.operationIds.set(operationKey(r.method, r.pattern), r.operationId);
  }
  const omitted = new Set(def.routes.omit);
  const routeOf = (key: RouteKey) => {
    const found = table.get(key);
    if (!found) throw new Error(`${def.name}: the route table has no "${key}" route`);
    return found;
  };
  const route = {
    /** The Fastify url of a route, under the /api prefix the module is registered with (OMITTED for a route the
     * entity leaves out: its registration is skipped). */
    url: (key: RouteKey) => (omitted.has(key) ? OMITTED : routeOf(key).pattern.slice(API_PREFIX.length)),
    access: (key: RouteKey): Access => (omitted.has(key) ? { kind: 'login' } : routeOf(key).access),
  };
  return {
    route,
    shared,
    app: omitted.size ? withoutOmitted(app) : app,
    engine,
    entity,
    extensions,
    def,
    policy,
    db,
    base,
    menu,
    read,
    write,
    label,
    tags,
    record,
    texts,
    variantTexts,
    rowScope,
    context,
    labelled,
    common,
    listContent,
  };
}
