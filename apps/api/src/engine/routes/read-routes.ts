import {
  DEFAULT_PAGE_SIZE,
  flattenTree,
  isDisabledRecord,
  LIST_WINDOW,
  type ListQuery,
  listQuerySchema,
  MAX_PAGE_SIZE,
  nestTree,
  recordLabel,
} from '@organiser/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { hasPermission } from '../../access/permission-checks';
import { AppError } from '../../errors';
import { ok, okSchema } from '../../http/envelope';
import { dynamicFields, storedFormIssues } from '../dynamic-forms';
import { toFieldErrors } from '../field-errors';
import { optionRows, runList, TREE_MAX, treeRows } from '../read/list';
import { apiValues, toListRecord, toRecord } from '../read/records';
import { loadRow } from '../read/row-scope';
import { maskActorsFor, readHistory } from '../write/history';
import {
  historySchema,
  idParams,
  listEnvelope,
  listQueryValidator,
  type RouteContext,
} from './route-context';

// Reads behind the list page's menu: the list, the trash, one record, its history, and select options.

export function registerReadRoutes(rc: RouteContext): void {
  registerListRoutes(rc);
  const assertPicker = pickerCheck(rc);
  registerOptionsRoute(rc, assertPicker);
  if (rc.def.tree) registerTreeRoute(rc, assertPicker);
  registerRecordReads(rc);
}

function registerListRoutes(rc: RouteContext): void {
  const {
    app,
    engine,
    entity,
    def,
    policy,
    db,
    label,
    tags,
    labelled,
    common,
    listContent,
    rowScope,
    route,
  } = rc;
  /** A page of live records (the list) or of deleted ones (the trash), labelled, in the caller's row scope. */
  const listIn = (scope: 'live' | 'trash') => async (request: FastifyRequest) => {
    const query = request.query as ListQuery;
    const page = await runList(db, entity, query, scope, engine, rowScope(request));
    const list = await labelled(
      request,
      page.rows.map((r) => toListRecord(engine, entity, r, request.lang)),
    );
    return ok(listEnvelope(list, page, query));
  };

  app.get(
    route.url('list'),
    {
      ...common,
      validatorCompiler: listQueryValidator,
      config: { access: route.access('list') },
      schema: {
        tags,
        summary: `List ${label.en}: filters, keyword, sort and pages (at most ${LIST_WINDOW} rows deep)`,
        querystring: listQuerySchema(def, policy),
        response: { 200: okSchema(listContent) },
      },
    },
    listIn('live'),
  );

  // A view lists its base's trash (a read); an entity has a trash when it offers one.
  if (def.softDelete && (def.capabilities.trash || def.source)) {
    app.get(
      route.url('trash'),
      {
        ...common,
        validatorCompiler: listQueryValidator,
        config: { access: route.access('trash') },
        schema: {
          tags,
          summary: `Deleted ${label.en} (the trash), most recently deleted first`,
          querystring: listQuerySchema(def, policy),
          response: { 200: okSchema(listContent) },
        },
      },
      listIn('trash'),
    );
  }
}

const optionsQuery = z.strictObject({
  keyword: z.string().max(100).optional().describe('Searches the searchable fields'),
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .optional()
    .describe('Comma-separated ids whose labels are wanted (the current value of a select)'),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

/** The check of the options and tree routes: the entity's own menu, or the menu of any entity with a relation
 * to it (the pages that pick its records). */
function pickerCheck(rc: RouteContext): (request: FastifyRequest) => Promise<void> {
  const { engine, def, db, menu } = rc;
  /** Menus whose pages pick records of this entity: its own list, and the lists of entities pointing at it. */
  const pickerMenus = [
    ...new Set([menu, ...engine.referencesTo(def.name).map((r) => r.entity.def.permission.menu)]),
  ];

  /** The entity's own menu, or the menu of any entity with a relation to it (checked in the handler). */
  return async (request: FastifyRequest) => {
    const user = request.auth!.user;
    if (user.isRoot) return;
    for (const url of pickerMenus)
      if (await hasPermission(db, { userId: user.id, type: 'menu', method: '', url })) return;
    throw new AppError('forbidden');
  };
}

function registerOptionsRoute(
  rc: RouteContext,
  assertPicker: (request: FastifyRequest) => Promise<void>,
): void {
  const { app, entity, def, db, label, tags, common, rowScope, route } = rc;
  app.get(
    route.url('options'),
    {
      ...common,
      // Checked below: the entity's own menu, or the menu of any entity with a relation to it.
      config: { access: route.access('options') },
      schema: {
        tags,
        summary: `${label.en} as select options ({ id, label }), for relation selects with search`,
        querystring: optionsQuery,
        response: {
          200: okSchema(
            z.array(
              z.object({
                id: z.number().int(),
                label: z.string(),
                isDisabled: z
                  .boolean()
                  .describe('Disabled: kept where it is chosen already, not to be offered for a new choice'),
              }),
            ),
          ),
        },
      },
    },
    async (request) => {
      await assertPicker(request);
      const q = request.query as z.infer<typeof optionsQuery>;
      const ids = q.ids ? q.ids.split(',').map(Number) : [];
      const rows = await optionRows(db, entity, {
        keyword: q.keyword,
        ids,
        size: q.size,
        rowScope: rowScope(request),
      });
      return ok(
        rows.map((row) => ({
          id: Number(row.id),
          label: recordLabel(def, row, request.lang),
          isDisabled: isDisabledRecord(def, row),
        })),
      );
    },
  );
}

function registerTreeRoute(rc: RouteContext, assertPicker: (request: FastifyRequest) => Promise<void>): void {
  const { app, entity, def, policy, db, label, tags, record, labelled, common, rowScope, route } = rc;
  const node = record.extend({
    children: z
      .array(z.any())
      .optional()
      .describe('Child nodes, each shaped like this one (absent on leaves)'),
  });
  const isFlat = def.treeAnswer === 'flat';
  app.get(
    route.url('tree'),
    {
      ...common,
      // Checked below, like the options: the tree is what a tree select picks from.
      config: { access: route.access('tree') },
      schema: {
        tags,
        summary: isFlat
          ? `Every ${label.en} in tree order: each followed by its descendants, siblings in list order (at most ${TREE_MAX}). With a keyword or filters: the matches and their ancestors`
          : `Every ${label.en} as a tree (roots in list order, each with its children; at most ${TREE_MAX}). With a keyword or filters: the matches and their ancestors`,
        querystring: listQuerySchema(def, policy),
        response: {
          200: okSchema(
            isFlat ? z.array(record) : z.object({ list: z.array(node), total: z.number().int() }),
          ),
        },
      },
    },
    async (request) => {
      await assertPicker(request);
      const query = request.query as ListQuery;
      const rows = await treeRows(db, entity, query, rowScope(request));
      const records = await labelled(
        request,
        rows.map((r) => toRecord(entity, r)),
      );
      const roots = nestTree(records, def.tree!);
      return ok(isFlat ? flattenTree(roots) : { list: roots, total: records.length });
    },
  );
}

function registerRecordReads(rc: RouteContext): void {
  const { app, entity, db, label, tags, record, labelled, common, rowScope, def, route } = rc;
  app.get(
    route.url('read'),
    {
      ...common,
      config: { access: route.access('read') },
      schema: { tags, summary: `One ${label.en}`, params: idParams, response: { 200: okSchema(record) } },
    },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const row = await loadRow(db, entity, id, 'live', rowScope(request));
      if (!row) throw new AppError('notFound');
      const [one] = await labelled(request, [toRecord(entity, row)]);
      // Values stored before their configs changed are kept; the edit form shows what no longer fits (present
      // only when something does not, so a record reads the same here as in the answer to its last write).
      if (dynamicFields(def).length > 0) {
        const issues = await storedFormIssues(db, def, apiValues(entity, row));
        if (issues.length > 0) one!.formIssues = toFieldErrors(issues, request.lang);
      }
      return ok(one!);
    },
  );

  if (def.capabilities.history)
    app.get(
      route.url('history'),
      {
        ...common,
        config: { access: route.access('history') },
        schema: {
          tags,
          summary: `Who changed a ${label.en}, when, and each field's old and new value (newest first)`,
          params: idParams,
          response: { 200: okSchema(historySchema) },
        },
      },
      async (request) => {
        const { id } = request.params as z.infer<typeof idParams>;
        const scope = rowScope(request);
        const row = await loadRow(db, entity, id, 'any', scope);
        if (!row) throw new AppError('notFound');
        const items = await readHistory(db, entity, id);
        return ok(scope ? await maskActorsFor(db, items, scope, request.lang) : items);
      },
    );
}
